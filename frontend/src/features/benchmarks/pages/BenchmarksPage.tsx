import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { ErrorMessage, Loading, PageHeader, Panel } from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { ClusterNav } from '../../clusters/components/ClusterNav';
import { RUNS_REFRESH_MS, useBenchmarkRuns } from '../api';
import { BenchmarksCrumbs } from '../components/BenchmarksCrumbs';
import { CeilingCard } from '../components/CeilingCard';
import { RunsTable } from '../components/RunsTable';
import { canCompare, MAX_COMPARE, MIN_COMPARE, parseRunIds, toggleRun } from '../compareModel';

/** A cluster's benchmark runs (tick 2–4 to compare), its measured ceiling, and New benchmark. */
export function BenchmarksPage() {
  const { clusterId: param } = useParams();
  const clusterId = Number(param);
  const [params] = useSearchParams();

  if (!Number.isInteger(clusterId)) {
    return (
      <ErrorMessage error={new Error(`"${param}" is not a cluster id.`)} title="Unknown cluster" />
    );
  }

  return (
    <div>
      <PageHeader
        crumbs={<BenchmarksCrumbs clusterId={clusterId} />}
        title="Benchmarks"
        subtitle={
          <>
            <span>
              PE and YCSB workloads from a bench agent, latencies corrected for coordinated
              omission, with the provenance to reproduce them.
            </span>
            <span className="status-line">
              <span className="dot dot-live" aria-hidden="true" /> auto-refresh{' '}
              {RUNS_REFRESH_MS / 1000}s
            </span>
          </>
        }
        actions={
          <RoleGate min="OPERATOR">
            <Link className="btn btn-primary" to={paths.benchmarkNew(clusterId)}>
              New benchmark
            </Link>
          </RoleGate>
        }
      />
      <ClusterNav clusterId={clusterId} />
      <CeilingCard clusterId={clusterId} />
      {/* Keyed: "Compare with…" from a run page starts a fresh selection. */}
      <RunsSection
        key={params.get('select') ?? ''}
        clusterId={clusterId}
        initial={parseRunIds(params.get('select'))}
      />
    </div>
  );
}

function RunsSection({ clusterId, initial }: { clusterId: number; initial: number[] }) {
  const { data, error, isPending } = useBenchmarkRuns(clusterId);
  const [selected, setSelected] = useState<number[]>(initial.slice(0, MAX_COMPARE));
  const ready = canCompare(selected);

  return (
    <Panel
      title="Runs"
      data-testid="bench-runs"
      actions={
        <span className="row">
          <span className="muted" data-testid="bench-selected-count">
            {selected.length === 0
              ? `Tick ${MIN_COMPARE}–${MAX_COMPARE} runs to compare`
              : `${selected.length} selected${
                  selected.length < MIN_COMPARE
                    ? `, tick ${MIN_COMPARE - selected.length} more`
                    : ''
                }`}
          </span>
          {/* A link, not a button: comparing changes nothing (and a VIEWER may do it). */}
          {ready ? (
            <Link
              className="btn btn-primary btn-sm"
              to={paths.benchmarkCompare(clusterId, selected)}
              data-testid="bench-compare-link"
            >
              Compare
            </Link>
          ) : (
            <span
              className="btn btn-primary btn-sm"
              aria-disabled="true"
              data-testid="bench-compare-link"
            >
              Compare
            </span>
          )}
        </span>
      }
    >
      {isPending ? (
        error ? (
          <ErrorMessage error={error} />
        ) : (
          <Loading label="Loading runs…" />
        )
      ) : (
        <>
          <ErrorMessage error={error} title="Could not refresh; showing the last state" />
          {data && (
            <RunsTable
              clusterId={clusterId}
              runs={data}
              selection={{ selected, onToggle: (id) => setSelected((s) => toggleRun(s, id)) }}
            />
          )}
        </>
      )}
    </Panel>
  );
}
