import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { ErrorMessage, Loading, PageHeader, Panel } from '../../../ui';
import { useBenchmarkComparison } from '../api';
import { BenchmarksCrumbs } from '../components/BenchmarksCrumbs';
import { CompareTable } from '../components/CompareTable';
import { canCompare, MAX_COMPARE, MIN_COMPARE, parseRunIds } from '../compareModel';

/** 2–4 runs side by side (`?runs=12,15`), ratios against the first. */
export function BenchmarkComparePage() {
  const { clusterId: param } = useParams();
  const clusterId = Number(param);
  const [params] = useSearchParams();
  const runIds = parseRunIds(params.get('runs'));
  const valid = canCompare(runIds);
  const { data, error, isPending } = useBenchmarkComparison(clusterId, runIds);

  return (
    <div>
      <PageHeader
        crumbs={<BenchmarksCrumbs clusterId={clusterId}>compare</BenchmarksCrumbs>}
        title={`Compare runs ${runIds.map((id) => `#${id}`).join(', ')}`}
        subtitle="Ratios are against the first run; green is better, red is worse."
        actions={
          <Link className="btn" to={paths.benchmarks(clusterId, { select: runIds })}>
            Change selection
          </Link>
        }
      />
      {!valid ? (
        <ErrorMessage
          error={new Error(`Choose ${MIN_COMPARE} to ${MAX_COMPARE} runs (got ${runIds.length}).`)}
          title="Nothing to compare"
        />
      ) : (
        <>
          <ErrorMessage error={error} title="Could not compare the runs" />
          {isPending && !error && <Loading label="Comparing…" />}
          {data && (
            <>
              <Panel title="Metrics">
                <CompareTable clusterId={clusterId} comparison={data} />
              </Panel>
              <Panel title="Differences" data-testid="bench-differences">
                {data.differences && data.differences.length > 0 ? (
                  <ul className="plain-list">
                    {data.differences.map((d) => (
                      <li key={d} className="mono">
                        {d}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="muted">
                    Same spec and provenance: the runs differ only by when they ran.
                  </p>
                )}
              </Panel>
            </>
          )}
        </>
      )}
    </div>
  );
}
