import { useState } from 'react';
import { Link } from 'react-router';
import type { BenchmarkRun } from '../../../api/types';
import { paths } from '../../../lib/paths';
import { SelectField } from '../../../ui';
import { useBenchmarkRuns } from '../api';
import { runName } from '../runModel';

/** Finished runs other than `run`, those of the same workload and table first. */
function candidates(run: BenchmarkRun, runs: readonly BenchmarkRun[]): BenchmarkRun[] {
  const same = (r: BenchmarkRun) => r.workload === run.workload && r.table === run.table;
  const others = runs.filter((r) => r.id !== run.id && r.state !== 'QUEUED');
  return [...others.filter(same), ...others.filter((r) => !same(r))];
}

/** "Compare with…": this run against one other (this one first, the baseline), or several. */
export function CompareWith({ clusterId, run }: { clusterId: number; run: BenchmarkRun }) {
  const { data } = useBenchmarkRuns(clusterId);
  const options = candidates(run, data ?? []);
  const [choice, setChoice] = useState('');
  const other = choice || (options[0] ? String(options[0].id) : '');

  return (
    <div className="form-row" data-testid="bench-compare-with">
      {options.length > 0 ? (
        <>
          <SelectField
            label="Compare with…"
            value={other}
            onChange={(e) => setChoice(e.target.value)}
            options={options.map((r) => ({
              value: String(r.id),
              label: `#${r.id} ${runName(r)} · ${r.workload} · ${r.state}`,
            }))}
          />
          <Link
            className="btn btn-primary"
            to={paths.benchmarkCompare(clusterId, [run.id, Number(other)])}
          >
            Compare
          </Link>
        </>
      ) : (
        <span className="muted">No other run to compare with yet.</span>
      )}
      <Link className="btn" to={paths.benchmarks(clusterId, { select: [run.id] })}>
        Pick several…
      </Link>
    </div>
  );
}
