import { screen, waitFor, within } from '@testing-library/react';
import {
  adminUser,
  compactionRunDetailFixture,
  OPERATION_ID,
  overviewFixture,
  runningOperation,
  viewerUser,
} from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { CompactionRunPage } from './CompactionRunPage';

const base = {
  'GET /api/v1/clusters/1': { body: overviewFixture.cluster },
  [`GET /api/v1/operations/${OPERATION_ID}`]: {
    body: { ...runningOperation, type: 'COMPACTION', target: 'table orders' },
  },
};

const renderRun = (user = adminUser) =>
  renderWithProviders(<CompactionRunPage />, {
    user,
    route: '/clusters/1/compactions/runs/42',
    path: '/clusters/:clusterId/compactions/runs/:runId',
  });

describe('CompactionRunPage', () => {
  it('shows state, progress over all regions, totals, regions and the shell command', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/clusters/1/compactions/runs/42': { body: compactionRunDetailFixture },
    });
    renderRun();
    expect(await screen.findByTestId('compaction-run-state')).toHaveAttribute(
      'data-state',
      'RUNNING',
    );
    const bar = within(screen.getByTestId('compaction-run-progress')).getByRole('progressbar');
    // 2 done + 1 skipped of 4.
    expect(bar).toHaveAttribute('aria-valuenow', '75');
    expect(bar).toHaveAttribute('aria-valuetext', '75% · 3 / 4 regions');
    expect(screen.getByTestId('compaction-run-counts')).toHaveTextContent(
      '2 done · 1 skipped · 0 failed · 1 running · 0 pending',
    );
    expect(screen.getByTestId('compaction-run-scope')).toHaveTextContent('table orders');
    expect(screen.getByTestId('compaction-run-files-before')).toHaveTextContent('12');
    expect(screen.getByTestId('compaction-run-files-after')).toHaveTextContent('3');
    expect(screen.getByText('50%')).toBeInTheDocument();

    const rows = screen.getAllByTestId('compaction-region-row');
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual([
      'DONE',
      'DONE',
      'SKIPPED',
      'RUNNING',
    ]);
    expect(rows[0]).toHaveTextContent('(table start)');
    expect(rows[0]).toHaveTextContent('4 store files in d');
    expect(within(rows[0]!).getByTestId('compaction-region-files')).toHaveTextContent('4 → 1');
    expect(rows[2]).toHaveTextContent('below every threshold');
    expect(within(rows[3]!).getByTestId('compaction-region-files')).toHaveTextContent('3 → —');

    const shells = screen.getAllByTestId('shell-command');
    expect(shells[0]).toHaveTextContent("hbase shell> major_compact 'orders'");

    // The linked operation: its events and, for an OPERATOR+, its Cancel.
    expect(await screen.findByText('Balancer switch turned on')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel operation' })).toBeInTheDocument();
  });

  it('refreshes every second while running until the run is finished', async () => {
    let calls = 0;
    mockFetch({
      ...base,
      'GET /api/v1/clusters/1/compactions/runs/42': () => {
        calls += 1;
        if (calls === 1) return { body: compactionRunDetailFixture };
        return {
          body: {
            ...compactionRunDetailFixture,
            state: 'SUCCEEDED',
            regionsDone: 3,
            regionsRunning: 0,
            finishedAt: '2025-11-21T15:50:00Z',
            durationSeconds: 240,
            regions: compactionRunDetailFixture.regions.map((r) =>
              r.state === 'RUNNING' ? { ...r, state: 'DONE', storeFilesAfter: 1 } : r,
            ),
          },
        };
      },
    });
    renderRun();
    const progress = await screen.findByTestId('compaction-run-progress');
    expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
    await waitFor(
      () =>
        expect(screen.getByTestId('compaction-run-state')).toHaveAttribute(
          'data-state',
          'SUCCEEDED',
        ),
      { timeout: 10_000 },
    );
    expect(
      within(screen.getByTestId('compaction-run-progress')).getByRole('progressbar'),
    ).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByTestId('compaction-run-duration')).toHaveTextContent('4m');
    expect(
      screen
        .getAllByTestId('compaction-region-row')
        .filter((r) => r.getAttribute('data-state') === 'DONE'),
    ).toHaveLength(3);
    // Finished: no more polling.
    const after = calls;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(calls).toBe(after);
  });

  it('gives a VIEWER the run but no Cancel', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/clusters/1/compactions/runs/42': { body: compactionRunDetailFixture },
    });
    renderRun(viewerUser);
    expect(await screen.findByText('Balancer switch turned on')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel operation' })).not.toBeInTheDocument();
  });

  it('says when the run does not exist', async () => {
    mockFetch(base);
    renderRun();
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
  });
});
