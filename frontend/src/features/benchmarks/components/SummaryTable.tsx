import type { BenchmarkLatency, BenchmarkSummary } from '../../../api/types';
import { formatNumber } from '../../../lib/format';
import { formatMs, formatOps } from '../runModel';

interface Row {
  op: string;
  count: number;
  opsPerSec: number;
  errors: number;
  timeouts: number;
  corrected: BenchmarkLatency;
  service: BenchmarkLatency;
}

const CORRECTED: readonly (keyof BenchmarkLatency)[] = ['p50', 'p90', 'p99', 'p999', 'max'];
const SERVICE: readonly (keyof BenchmarkLatency)[] = ['p50', 'p99', 'max'];
const LABEL: Partial<Record<keyof BenchmarkLatency, string>> = {
  p50: 'p50',
  p90: 'p90',
  p99: 'p99',
  p999: 'p99.9',
  max: 'max',
};

function SummaryRow({ row, total = false }: { row: Row; total?: boolean }) {
  return (
    <tr data-testid="bench-summary-row" data-op={row.op} className={total ? 'total' : undefined}>
      <td className="mono">{row.op}</td>
      <td className="num">{formatNumber(row.count)}</td>
      <td className="num">{formatOps(row.opsPerSec)}</td>
      <td className="num">{formatNumber(row.errors)}</td>
      <td className="num">{formatNumber(row.timeouts)}</td>
      {CORRECTED.map((k) => (
        <td key={`c-${k}`} className="num">
          {formatMs(row.corrected[k])}
        </td>
      ))}
      {SERVICE.map((k) => (
        <td key={`s-${k}`} className="num">
          {formatMs(row.service[k])}
        </td>
      ))}
    </tr>
  );
}

/**
 * One row per operation type and the total: counts, rates and latencies. Corrected latency runs
 * from when a request should have been sent (coordinated omission included); service latency
 * from when it was.
 */
export function SummaryTable({ summary }: { summary: BenchmarkSummary }) {
  const total: Row = { ...summary, op: 'All' };
  return (
    <div className="table-wrap">
      <table className="table" aria-label="Summary per operation" data-testid="bench-summary">
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>
              Operation
            </th>
            <th scope="col" rowSpan={2} className="num">
              Count
            </th>
            <th scope="col" rowSpan={2} className="num">
              ops/s
            </th>
            <th scope="col" rowSpan={2} className="num">
              Errors
            </th>
            <th scope="col" rowSpan={2} className="num">
              Timeouts
            </th>
            <th scope="colgroup" colSpan={CORRECTED.length} className="group">
              Corrected latency
            </th>
            <th scope="colgroup" colSpan={SERVICE.length} className="group">
              Service latency
            </th>
          </tr>
          <tr>
            {CORRECTED.map((k) => (
              <th key={`c-${k}`} scope="col" className="num">
                {LABEL[k]}
              </th>
            ))}
            {SERVICE.map((k) => (
              <th key={`s-${k}`} scope="col" className="num">
                {LABEL[k]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {summary.ops.map((o) => (
            <SummaryRow key={o.op} row={o} />
          ))}
          <SummaryRow row={total} total />
        </tbody>
      </table>
    </div>
  );
}
