import { render, screen, within } from '@testing-library/react';
import { configPreviewFixture, installedVersionFixture } from '../../../test/fixtures';
import { PlanDiffView } from './PlanDiffView';

const change = (key: string, role?: string) =>
  screen
    .getAllByTestId('diff-config-change')
    .find(
      (r) =>
        r.getAttribute('data-key') === key && (r.getAttribute('data-role') ?? undefined) === role,
    )!;

describe('PlanDiffView', () => {
  it('shows each value old → new, where it applies, and the kind of change', () => {
    render(<PlanDiffView diff={configPreviewFixture.diff} />);
    expect(screen.getByTestId('diff-headline')).toHaveTextContent(
      '3 config changes · 1 role restarts',
    );
    expect(screen.getByTestId('plan-diff')).toHaveTextContent('against installed version 2');
    const handlers = change('hbase.regionserver.handler.count');
    expect(handlers).toHaveAttribute('data-kind', 'changed');
    expect(handlers).toHaveTextContent('every host');
    expect(handlers).toHaveTextContent('30 → 60');
    const cache = change('hfile.block.cache.size', 'regionserver');
    expect(within(cache).getByTestId('diff-config-role')).toHaveTextContent('RegionServer hosts');
    expect(cache).toHaveTextContent('0.4 → 0.5');
    const knob = change('hbase.custom.knob', 'regionserver');
    expect(knob).toHaveAttribute('data-kind', 'added');
    expect(knob).toHaveTextContent('(unset) → on');
    // cluster-wide first, then the role group's values
    expect(
      screen.getAllByTestId('diff-config-change').map((r) => r.getAttribute('data-key')),
    ).toEqual(['hbase.regionserver.handler.count', 'hbase.custom.knob', 'hfile.block.cache.size']);
    expect(screen.getByTestId('diff-restart')).toHaveTextContent(
      'RegionServer on lab1, lab2, lab3, lab4',
    );
    expect(screen.getByTestId('diff-summary')).toHaveTextContent(
      'RegionServers restart to read hbase-site',
    );
  });

  it('keeps the same key in two places apart, and names per-host values', () => {
    render(
      <PlanDiffView
        diff={{
          ...installedVersionFixture.diff,
          configChanges: [
            { file: 'hbase-site', key: 'k', oldValue: '1', newValue: '2' },
            { file: 'hbase-site', key: 'k', role: 'hbase_master', newValue: '3' },
            { file: 'hbase-site', key: 'k', host: 'lab4', oldValue: '4' },
          ],
        }}
      />,
    );
    const rows = screen.getAllByTestId('diff-config-change');
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.getAttribute('data-kind'))).toEqual(['changed', 'added', 'removed']);
    expect(rows[1]).toHaveTextContent('HMaster hosts');
    expect(rows[2]).toHaveTextContent('lab4');
    expect(rows[2]).toHaveTextContent('4 → (unset)');
    expect(screen.getByTestId('diff-host-added')).toHaveTextContent('+ 10.77.0.14');
  });

  it('says when nothing changes', () => {
    render(
      <PlanDiffView
        diff={{
          hostsAdded: [],
          hostsRemoved: [],
          roleChanges: [],
          configChanges: [],
          restarts: [],
          summary: [],
        }}
      />,
    );
    expect(screen.getByTestId('plan-diff')).toHaveAttribute('data-empty', 'true');
    expect(screen.getByTestId('diff-headline')).toHaveTextContent('No change');
  });
});
