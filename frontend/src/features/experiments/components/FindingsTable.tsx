import type { ExperimentFinding } from '../../../api/types';
import { type Column, Table } from '../../../ui';

const COLUMNS: Column<ExperimentFinding>[] = [
  { key: 'label', header: 'Finding', render: (f) => f.label },
  { key: 'ours', header: 'This cluster', numeric: true, render: (f) => <b>{f.ours}</b> },
  { key: 'seed', header: 'Seed', numeric: true, render: (f) => f.seed },
];

/** Our figure beside the seed's, as the server worded both. */
export function FindingsTable({ findings }: { findings: readonly ExperimentFinding[] }) {
  return (
    <Table
      aria-label="Seed vs this cluster"
      columns={COLUMNS}
      rows={findings}
      rowKey={(f) => f.label}
      rowProps={() => ({ 'data-testid': 'experiment-finding' })}
      empty="No findings yet: they appear as runs finish."
    />
  );
}
