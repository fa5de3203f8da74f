import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  benchmarkIntervalsFixture,
  benchmarkRunDetailFixture,
  benchmarkRunningDetailFixture,
  benchmarkRunsFixture,
  flameFixture,
  OPERATION_ID,
  operatorUser,
  overviewFixture,
  runningOperation,
  viewerUser,
} from '../../../test/fixtures';
import { mockFetch, type RecordedRequest, renderWithProviders } from '../../../test/utils';
import { BenchmarkRunPage } from './BenchmarkRunPage';

const base = {
  'GET /api/v1/clusters/1': { body: overviewFixture.cluster },
  'GET /api/v1/clusters/1/benchmarks/runs': { body: benchmarkRunsFixture },
  [`GET /api/v1/operations/${OPERATION_ID}`]: {
    body: { ...runningOperation, type: 'BENCHMARK', target: 'usertable' },
  },
};

const renderRun = (runId: number, user = operatorUser) =>
  renderWithProviders(<BenchmarkRunPage />, {
    user,
    route: `/clusters/1/benchmarks/runs/${runId}`,
    path: '/clusters/:clusterId/benchmarks/runs/:runId',
  });

const after = (r: RecordedRequest) => new URL(r.path, 'http://x').searchParams.get('after');

describe('BenchmarkRunPage', () => {
  it('polls only the new intervals every second while running and the charts grow', async () => {
    const { requests } = mockFetch({
      ...base,
      'GET /api/v1/clusters/1/benchmarks/runs/14': { body: benchmarkRunningDetailFixture },
      'GET /api/v1/clusters/1/benchmarks/runs/14/intervals': (r) => {
        const from = Number(after(r)) + 1;
        // Two seconds per poll until the five of the fixture are out.
        return { body: benchmarkIntervalsFixture.slice(from, from + 2) };
      },
    });
    renderRun(14);
    expect(await screen.findByTestId('bench-state')).toHaveAttribute('data-state', 'RUNNING');
    const bar = within(screen.getByTestId('bench-progress')).getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuetext', '40% · run');
    await waitFor(() =>
      expect(screen.getByTestId('bench-ops-chart')).toHaveAttribute('data-points', '2'),
    );
    await waitFor(
      () => expect(screen.getByTestId('bench-ops-chart')).toHaveAttribute('data-points', '4'),
      { timeout: 10_000 },
    );
    expect(screen.getByTestId('bench-p99-chart')).toHaveAttribute('data-points', '4');
    const polls = requests.filter((r) => r.path.includes('/intervals')).map(after);
    expect(polls.slice(0, 2)).toEqual(['-1', '1']);
    expect(screen.getByTestId('bench-intervals-summary')).toHaveTextContent(
      '4 seconds (2 warm-up, shaded)',
    );
    // Running: no results yet, Cancel for an OPERATOR.
    expect(screen.queryByTestId('bench-summary')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel run' })).toBeInTheDocument();
  });

  it('cancels a running run after confirmation', async () => {
    let cancelled = false;
    const { requests } = mockFetch({
      ...base,
      'GET /api/v1/clusters/1/benchmarks/runs/14': () => ({
        body: { ...benchmarkRunningDetailFixture, state: cancelled ? 'CANCELLED' : 'RUNNING' },
      }),
      'GET /api/v1/clusters/1/benchmarks/runs/14/intervals': { body: [] },
      'POST /api/v1/clusters/1/benchmarks/runs/14/cancel': () => {
        cancelled = true;
        return { status: 202, body: { ...benchmarkRunsFixture[0], state: 'CANCELLED' } };
      },
    });
    renderRun(14);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel run' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('/benchmarks/runs/14/cancel');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel run' }));
    await waitFor(() =>
      expect(screen.getByTestId('bench-state')).toHaveAttribute('data-state', 'CANCELLED'),
    );
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Cancel run' })).not.toBeInTheDocument();
  });

  it('is the results page once finished: summary per operation, provenance, exports', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/clusters/1/benchmarks/runs/12': { body: benchmarkRunDetailFixture },
      'GET /api/v1/clusters/1/benchmarks/runs/12/intervals': { body: benchmarkIntervalsFixture },
    });
    renderRun(12);
    expect(await screen.findByTestId('bench-state')).toHaveAttribute('data-state', 'SUCCEEDED');
    const summary = screen.getByTestId('bench-summary');
    const rows = within(summary).getAllByTestId('bench-summary-row');
    expect(rows.map((r) => r.getAttribute('data-op'))).toEqual(['READ', 'UPDATE', 'All']);
    // count, ops/s all, OK/s, not found, errors, timeouts
    expect(rows[1]).toHaveTextContent('UPDATE370,3686,1736,173021');
    expect(screen.getByTestId('bench-returns')).toHaveTextContent(
      'Return=OK 740,733 · Return=NOT_FOUND 0 · no errors, no timeouts · agent GC 12 collections, 84 ms',
    );
    expect(screen.getByTestId('bench-ok-ops')).toHaveTextContent('12,346 ops/s');
    expect(screen.getByTestId('bench-export-ycsb')).toHaveAttribute(
      'href',
      expect.stringContaining('format=ycsb'),
    );
    expect(rows[1]).toHaveTextContent('9.00 ms');
    expect(screen.getByTestId('bench-ops')).toHaveTextContent('12,346 ops/s');
    expect(screen.getByTestId('bench-mbps')).toHaveTextContent('11.8 MiB/s');
    expect(screen.getByTestId('bench-cpu')).toHaveTextContent('42.5% / 61.0%');
    expect(screen.getByTestId('bench-ceiling-ratio')).toHaveTextContent('25% of 50,000 ops/s');
    expect(screen.queryByTestId('bench-cpu-warning')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('bench-ops-chart')).toHaveAttribute('data-points', '5'),
    );

    expect(screen.getByTestId('bench-provenance-engineVersion')).toHaveTextContent('2.6.4');
    expect(
      within(screen.getByTestId('bench-provenance-jvmFlags')).getAllByRole('listitem'),
    ).toHaveLength(2);
    expect(screen.getByTestId('bench-provenance-cpuFlags')).toHaveTextContent('3 flags');
    expect(screen.getByTestId('bench-spec')).toHaveTextContent('YCSB workloadA');
    expect(screen.getByTestId('bench-export-csv')).toHaveAttribute(
      'href',
      '/api/v1/clusters/1/benchmarks/runs/12/export?format=csv',
    );
    expect(screen.getByTestId('bench-export-json')).toHaveAttribute(
      'href',
      '/api/v1/clusters/1/benchmarks/runs/12/export?format=json',
    );
    // Compare with the run of the same workload first.
    const compare = await screen.findByRole('link', { name: 'Compare' });
    expect(compare).toHaveAttribute('href', '/clusters/1/benchmarks/compare?runs=12,14');
    expect(screen.queryByRole('button', { name: 'Cancel run' })).not.toBeInTheDocument();
  });

  it('warns when the client was saturated and when the run stopped early', async () => {
    const summary = { ...benchmarkRunDetailFixture.summary!, agentCpuMean: 91, complete: false };
    mockFetch({
      ...base,
      'GET /api/v1/clusters/1/benchmarks/runs/12': {
        body: { ...benchmarkRunDetailFixture, summary },
      },
      'GET /api/v1/clusters/1/benchmarks/runs/12/intervals': { body: [] },
    });
    renderRun(12);
    expect(await screen.findByTestId('bench-cpu-warning')).toHaveTextContent(
      'The client was saturated',
    );
    expect(screen.getByTestId('bench-partial')).toBeInTheDocument();
  });

  it("draws a profiled run's RegionServer flame graphs, one server at a time", async () => {
    const { requests } = mockFetch({
      ...base,
      'GET /api/v1/clusters/1/benchmarks/runs/12': {
        body: { ...benchmarkRunDetailFixture, profiled: true },
      },
      'GET /api/v1/clusters/1/benchmarks/runs/12/intervals': { body: benchmarkIntervalsFixture },
      'GET /api/v1/clusters/1/benchmarks/runs/12/profile': {
        body: {
          runId: 12,
          state: 'done',
          interval: '10ms',
          servers: [
            {
              name: 'rs1.example,16020,1700000000000',
              pid: 4242,
              seconds: 35.2,
              samples: 1000,
              checksumSamples: 221,
              checksumShare: 0.221,
              flame: flameFixture,
            },
            {
              name: 'rs2.example,16020,1700000000001',
              message: "not profiled: not a JVM on the control plane's host",
            },
          ],
        },
      },
    });
    renderRun(12);
    const panel = await screen.findByTestId('bench-profile');
    await waitFor(() =>
      expect(within(panel).getByTestId('bench-profile-status')).toHaveTextContent(
        "CPU samples every 10ms, from the run's start to its end.",
      ),
    );
    expect(panel).toHaveTextContent('rs1.example:16020 · 1,000 CPU samples over 35');
    expect(await within(panel).findByTestId('bench-flame-graph')).toBeInTheDocument();
    expect(panel).toHaveTextContent('checksum frames');
    await userEvent.selectOptions(
      within(panel).getByLabelText('RegionServer'),
      'rs2.example,16020,1700000000001',
    );
    expect(panel).toHaveTextContent(
      "rs2.example:16020: not profiled: not a JVM on the control plane's host",
    );
    expect(within(panel).queryByTestId('bench-flame-graph')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.path.endsWith('/profile'))).toHaveLength(1);
  });

  it('asks for no profile when the run was not profiled', async () => {
    const { requests } = mockFetch({
      ...base,
      'GET /api/v1/clusters/1/benchmarks/runs/12': { body: benchmarkRunDetailFixture },
      'GET /api/v1/clusters/1/benchmarks/runs/12/intervals': { body: [] },
    });
    renderRun(12);
    expect(await screen.findByTestId('bench-state')).toHaveAttribute('data-state', 'SUCCEEDED');
    expect(screen.queryByTestId('bench-profile')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.path.endsWith('/profile'))).toHaveLength(0);
  });

  it('gives a VIEWER the live run but no Cancel', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/clusters/1/benchmarks/runs/14': { body: benchmarkRunningDetailFixture },
      'GET /api/v1/clusters/1/benchmarks/runs/14/intervals': { body: [] },
    });
    renderRun(14, viewerUser);
    expect(await screen.findByTestId('bench-state')).toHaveAttribute('data-state', 'RUNNING');
    expect(await screen.findByText('Balancer switch turned on')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
  });
});
