import type { ExperimentTable } from '../../../api/types';
import { type Column, Panel, Table } from '../../../ui';

/** A numeric cell (a coefficient, t, p, seconds) is right-aligned; words stay left. */
const NUMERIC = /^[-+−]?\d|^—/;

function columnsOf(t: ExperimentTable): Column<readonly string[]>[] {
  return t.columns.map((header, i) => ({
    key: String(i),
    header,
    numeric: i > 0 && t.rows.length > 0 && t.rows.every((r) => NUMERIC.test(r[i] ?? '')),
    render: (row: readonly string[]) => row[i] ?? '',
  }));
}

/**
 * The analysis an experiment computes as tables (a factor sweep's regression per operation and its
 * fastest configurations), each with its caption.
 */
export function AnalysisTables({ tables }: { tables: readonly ExperimentTable[] | undefined }) {
  if (!tables || tables.length === 0) return null;
  return (
    <Panel title="Analysis" data-testid="experiment-analysis">
      <div className="stack">
        {tables.map((t) => (
          <figure key={t.title} style={{ margin: 0 }} data-testid="experiment-table">
            <figcaption>
              <b>{t.title}</b>
            </figcaption>
            <Table
              aria-label={t.title}
              columns={columnsOf(t)}
              rows={t.rows}
              rowKey={(r) => r.join('\u0000')}
              empty="No rows."
            />
            {t.caption && (
              <p className="muted" style={{ margin: '4px 0 0' }}>
                {t.caption}
              </p>
            )}
          </figure>
        ))}
      </div>
    </Panel>
  );
}
