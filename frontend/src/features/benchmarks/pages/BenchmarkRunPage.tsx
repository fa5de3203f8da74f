import { useLocation, useParams } from 'react-router';
import type { BenchmarkRunDetail } from '../../../api/types';
import { formatDuration, formatElapsed, formatNumber } from '../../../lib/format';
import { apiUrls } from '../../../lib/paths';
import {
  ErrorMessage,
  KeyValueList,
  PageHeader,
  Panel,
  PendingPage,
  ProgressBar,
  RefreshStatus,
  ShellCommand,
  Stat,
  Timestamp,
} from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { OperationEventsPanel } from '../../operations/components/OperationEventsPanel';
import { RUN_POLL_MS, useBenchmarkRun } from '../api';
import { BenchmarksCrumbs } from '../components/BenchmarksCrumbs';
import { CancelRunAction } from '../components/CancelRunAction';
import { CompareWith } from '../components/CompareWith';
import { LiveCharts } from '../components/LiveCharts';
import { ProvenancePanel } from '../components/ProvenancePanel';
import { RunProfilePanel } from '../components/RunProfilePanel';
import { RunStateBadge } from '../components/RunStateBadge';
import { SummaryTable } from '../components/SummaryTable';
import { specRows } from '../formModel';
import {
  clientSaturated,
  CPU_SATURATED_PERCENT,
  errorsText,
  gcText,
  returnsText,
  formatCeilingRatio,
  formatCpu,
  formatMbPerSec,
  formatOps,
  isLive,
  modeText,
  progressPercent,
  RUN_STATE_TONE,
  runName,
} from '../runModel';

/** Warnings the launch answered with, handed over by the form's navigation. */
function launchWarnings(state: unknown): string[] {
  const w = (state as { warnings?: unknown } | null)?.warnings;
  return Array.isArray(w) ? w.filter((x): x is string => typeof x === 'string') : [];
}

/** One run: live charts while it runs, then its results, provenance and exports on the same page. */
export function BenchmarkRunPage() {
  const { clusterId: param, runId: runParam } = useParams();
  const clusterId = Number(param);
  const runId = Number(runParam);
  const location = useLocation();
  const { data: run, error, isPending } = useBenchmarkRun(clusterId, runId);

  const crumbs = <BenchmarksCrumbs clusterId={clusterId}>run #{runParam}</BenchmarksCrumbs>;
  if (isPending || !run) {
    return (
      <PendingPage
        crumbs={crumbs}
        title={`Benchmark run #${runParam}`}
        error={error}
        loading="Loading run…"
      />
    );
  }

  const live = isLive(run.state);
  const warnings = launchWarnings(location.state);
  return (
    <div data-testid="bench-run" data-state={run.state}>
      <PageHeader
        crumbs={crumbs}
        title={
          <span className="row">
            Benchmark run #{run.id}
            <RunStateBadge state={run.state} testId="bench-state" />
          </span>
        }
        subtitle={
          <>
            <span>{runName(run)}</span>
            <span>
              {run.workload} on <span className="mono">{run.table}</span> · {modeText(run)} ·{' '}
              {formatNumber(run.threads)} threads
            </span>
            <RefreshStatus intervalMs={RUN_POLL_MS} live={live} />
          </>
        }
        actions={
          <RoleGate min="OPERATOR">
            <CancelRunAction clusterId={clusterId} run={run} />
          </RoleGate>
        }
      />
      {warnings.length > 0 && (
        <div className="notice notice-warn" role="status" data-testid="bench-launch-warnings">
          <ul className="plain-list">
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      )}
      <ErrorMessage error={error} title="Could not refresh; showing the last state" />
      <RunProgress run={run} />
      <LiveCharts clusterId={clusterId} runId={run.id} live={live} />
      {run.summary && <Results run={run} />}
      {run.profiled && <RunProfilePanel clusterId={clusterId} runId={run.id} />}
      <div className="grid grid-2">
        <Panel title="Spec" data-testid="bench-spec">
          <KeyValueList items={specRows(run.spec)} />
        </Panel>
        <Panel title="Details">
          <KeyValueList
            items={[
              {
                label: 'Series',
                value: `#${run.seriesId}${run.seriesName ? ` ${run.seriesName}` : ''} · ${run.label} · repetition ${run.repetition}`,
              },
              { label: 'Kind', value: run.kind === 'CEILING' ? 'ceiling probe' : 'workload' },
              { label: 'Created', value: <Timestamp iso={run.createdAt} /> },
              { label: 'Started', value: <Timestamp iso={run.startedAt} /> },
              { label: 'Finished', value: <Timestamp iso={run.finishedAt} /> },
              {
                label: 'Duration',
                value: run.startedAt ? formatElapsed(run.startedAt, run.finishedAt) : '—',
              },
              {
                label: 'Message',
                value: run.message ?? <span className="muted">—</span>,
                testId: 'bench-message',
              },
            ]}
          />
          <ShellCommand command={run.shellEquivalent.split('\n')} />
        </Panel>
      </div>
      {run.provenance && <ProvenancePanel provenance={run.provenance} />}
      <Panel title="Export and compare" data-testid="bench-export">
        <div className="stack">
          <div className="row">
            <a
              className="btn"
              href={apiUrls.benchmarkExport(clusterId, run.id, 'csv')}
              download={`benchmark-${run.id}.csv`}
              data-testid="bench-export-csv"
            >
              Download CSV
            </a>
            <a
              className="btn"
              href={apiUrls.benchmarkExport(clusterId, run.id, 'json')}
              download={`benchmark-${run.id}.json`}
              data-testid="bench-export-json"
            >
              Download JSON
            </a>
            {run.summary?.ycsbReport && (
              <a
                className="btn"
                href={apiUrls.benchmarkExport(clusterId, run.id, 'ycsb')}
                download={`benchmark-${run.id}-ycsb.txt`}
                data-testid="bench-export-ycsb"
              >
                Download YCSB report
              </a>
            )}
            <span className="muted">
              CSV: one row per second and operation type; JSON: the run with its intervals; YCSB
              report: the summary in bin/ycsb's own text format, to diff against its output.
            </span>
          </div>
          <CompareWith clusterId={clusterId} run={run} />
        </div>
      </Panel>
      {run.operationId && (
        <OperationEventsPanel
          operationId={run.operationId}
          testId="bench-operation"
          stateTestId="bench-operation-state"
        />
      )}
    </div>
  );
}

function RunProgress({ run }: { run: BenchmarkRunDetail }) {
  const pct = progressPercent(run);
  const phase = run.phase ?? run.state.toLowerCase();
  return (
    <Panel title="Progress">
      <div className="progress-lg">
        <ProgressBar
          label="Run progress"
          value={pct}
          tone={RUN_STATE_TONE[run.state]}
          indeterminate={run.state === 'QUEUED'}
          valueText={`${pct}% · ${phase}`}
          data-testid="bench-progress"
        />
      </div>
      <p className="muted" style={{ margin: '8px 0 0' }} data-testid="bench-phase">
        Phase <b>{phase}</b>
        {run.durationSeconds != null && <> · {formatDuration(run.durationSeconds)} measured</>}
        {run.message && <> · {run.message}</>}
      </p>
    </Panel>
  );
}

function Results({ run }: { run: BenchmarkRunDetail }) {
  const s = run.summary!;
  const saturated = clientSaturated(s.agentCpuMean);
  return (
    <Panel title={isLive(run.state) ? 'Results so far' : 'Results'} data-testid="bench-results">
      <div className="stat-row">
        <Stat
          label="Throughput, all completed"
          value={`${formatOps(s.opsPerSec)} ops/s`}
          testId="bench-ops"
        />
        <Stat label="Returned OK" value={`${formatOps(s.okPerSec)} ops/s`} testId="bench-ok-ops" />
        <Stat label="Data rate" value={formatMbPerSec(s.mbPerSec)} testId="bench-mbps" />
        <Stat label="Operations" value={formatNumber(s.count)} />
        <Stat label="Measured" value={formatDuration(s.measuredSeconds)} />
        <Stat
          label="Agent CPU mean / max"
          value={`${formatCpu(s.agentCpuMean)} / ${formatCpu(s.agentCpuMax)}`}
          testId="bench-cpu"
        />
        <Stat
          label="Of the ceiling"
          value={
            run.ceilingRatio == null
              ? 'no ceiling'
              : `${formatCeilingRatio(run.ceilingRatio)} of ${formatOps(run.ceilingOpsPerSec)} ops/s`
          }
          testId="bench-ceiling-ratio"
        />
      </div>
      <p className="muted" style={{ margin: '6px 0' }} data-testid="bench-returns">
        {returnsText(s)} · {errorsText(s)}
        {s.gcCount != null && <> · agent GC {gcText(s.gcCount, s.gcTimeMs ?? 0)}</>}
      </p>
      {saturated && (
        <div className="notice notice-warn" role="status" data-testid="bench-cpu-warning">
          The client was saturated: the agent's CPU averaged {formatCpu(s.agentCpuMean)} (above{' '}
          {CPU_SATURATED_PERCENT}%), so these numbers measure the agent as much as the cluster. Run
          fewer threads or give the agent a bigger host.
        </div>
      )}
      {!s.complete && (
        <div className="notice notice-warn" role="status" data-testid="bench-partial">
          The run stopped early: the summary covers only the seconds measured before it ended.
        </div>
      )}
      <SummaryTable summary={s} />
    </Panel>
  );
}
