import { Link } from 'react-router';
import type { BenchmarkComparison } from '../../../api/types';
import { paths } from '../../../lib/paths';
import {
  formatChange,
  formatMetricValue,
  formatRatio,
  ratioVerdict,
  type RatioVerdict,
} from '../compareModel';
import { modeText, runName } from '../runModel';
import { RunStateBadge } from './RunStateBadge';

const VERDICT_TEXT: Record<RatioVerdict, string> = {
  better: 'better',
  worse: 'worse',
  same: 'about the same',
  none: 'no ratio',
};

/** One column per run (the first is the baseline), one row per metric with values and ratios. */
export function CompareTable({
  clusterId,
  comparison,
}: {
  clusterId: number;
  comparison: BenchmarkComparison;
}) {
  const { runs, metrics } = comparison;
  return (
    <div className="table-wrap">
      <table className="table" aria-label="Runs compared" data-testid="bench-compare">
        <thead>
          <tr>
            <th scope="col">Metric</th>
            {runs.map((r, i) => (
              <th
                key={r.id}
                scope="col"
                className="num"
                data-testid="bench-compare-run"
                data-run-id={r.id}
              >
                <Link to={paths.benchmarkRun(clusterId, r.id)}>#{r.id}</Link> {runName(r)}
                {i === 0 && <span className="muted"> (baseline)</span>}
              </th>
            ))}
          </tr>
          <tr>
            <td className="muted">Workload · mode · state</td>
            {runs.map((r) => (
              <td key={r.id} className="num">
                {r.workload} · {modeText(r)} · <RunStateBadge state={r.state} />
              </td>
            ))}
          </tr>
        </thead>
        <tbody>
          {metrics.map((m) => (
            <tr key={m.key} data-testid="bench-compare-row" data-key={m.key}>
              <th scope="row" style={{ textTransform: 'none' }}>
                {m.label}
                {m.unit && <span className="muted"> ({m.unit})</span>}
                <span className="muted"> · {m.better} is better</span>
              </th>
              {runs.map((r, i) => {
                const ratio = m.ratios[i];
                const verdict = ratioVerdict(ratio, m.better);
                return (
                  <td key={r.id} className="num" data-testid="bench-compare-cell">
                    <div>{formatMetricValue(m.values[i], m.unit, m.key)}</div>
                    {i > 0 && (
                      <div
                        className={`verdict-${verdict}`}
                        data-testid="bench-compare-ratio"
                        data-verdict={verdict}
                        title={VERDICT_TEXT[verdict]}
                      >
                        {formatRatio(ratio)} ({formatChange(ratio)})
                      </div>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
