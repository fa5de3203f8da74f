import type { BenchmarkLatency, BenchmarkSummary } from '../../../api/types';
import { formatNumber } from '../../../lib/format';
import { formatMs, formatOps } from '../runModel';

interface Row {
  op: string;
  count: number;
  opsPerSec: number;
  okPerSec: number;
  notFound: number;
  errors: number;
  timeouts: number;
  corrected: BenchmarkLatency;
  service: BenchmarkLatency;
}

const RESPONSE: readonly (keyof BenchmarkLatency)[] = ['p50', 'p95', 'p99', 'p999', 'max'];
const SERVICE: readonly (keyof BenchmarkLatency)[] = ['min', 'p50', 'p95', 'p99', 'max'];
const LABEL: Record<keyof BenchmarkLatency, string> = {
  min: 'min',
  mean: 'mean',
  p50: 'p50',
  p90: 'p90',
  p95: 'p95',
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
      <td className="num">{formatOps(row.okPerSec)}</td>
      <td className="num">{formatNumber(row.notFound)}</td>
      <td className="num">{formatNumber(row.errors)}</td>
      <td className="num">{formatNumber(row.timeouts)}</td>
      {RESPONSE.map((k) => (
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
 * One row per operation type and the total, as YCSB counts them: every completed operation, the
 * ones that returned OK, NOT_FOUND (a read of a missing key: not an error) and errors. Response time
 * runs from when a request should have been sent (coordinated omission included); service time from
 * when it was. Latencies are of the operations that returned OK, as YCSB's [READ] lines are.
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
              ops/s (all)
            </th>
            <th scope="col" rowSpan={2} className="num">
              OK/s
            </th>
            <th scope="col" rowSpan={2} className="num">
              Not found
            </th>
            <th scope="col" rowSpan={2} className="num">
              Errors
            </th>
            <th scope="col" rowSpan={2} className="num">
              Timeouts
            </th>
            <th scope="colgroup" colSpan={RESPONSE.length} className="group">
              Response time from intended start (ms)
            </th>
            <th scope="colgroup" colSpan={SERVICE.length} className="group">
              Service time (ms)
            </th>
          </tr>
          <tr>
            {RESPONSE.map((k) => (
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
