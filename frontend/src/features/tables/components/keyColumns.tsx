import type { Column } from '../../../ui';
import { endKeyLabel, keyLabel } from '../charts';

/** The start and end key columns every region-like table shows (empty keys named as table bounds). */
export function keyRangeColumns<T extends { startKey: string; endKey: string }>(
  className?: string,
): Column<T>[] {
  return [
    {
      key: 'start',
      header: 'Start key',
      className,
      render: (r) => <span className="mono">{keyLabel(r.startKey)}</span>,
    },
    {
      key: 'end',
      header: 'End key',
      className,
      render: (r) => <span className="mono">{endKeyLabel(r.endKey)}</span>,
    },
  ];
}
