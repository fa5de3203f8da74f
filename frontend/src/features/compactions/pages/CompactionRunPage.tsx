import { useParams } from 'react-router';
import type { CompactionRunDetail } from '../../../api/types';
import { formatBytes, formatNumber, LOCAL_TIME_ZONE } from '../../../lib/format';
import { hbaseShellLines } from '../../../lib/shell';
import {
  ErrorMessage,
  KeyValueList,
  PageHeader,
  Panel,
  PendingPage,
  ProgressPanel,
  RefreshStatus,
  ShellCommand,
  Stat,
  Timestamp,
} from '../../../ui';
import { OperationEventsPanel } from '../../operations/components/OperationEventsPanel';
import { RUN_POLL_MS, useCompactionRun } from '../api';
import { CompactionsCrumbs } from '../components/CompactionsCrumbs';
import { RunRegionsTable } from '../components/RunRegionsTable';
import { RunStateBadge } from '../components/RunStateBadge';
import { StoreFilesStats } from '../components/StoreFilesStats';
import {
  formatLocality,
  RUN_STATE_TONE,
  runDuration,
  runProgress,
  TRIGGER_LABEL,
} from '../runState';

/** One compaction run, refreshed every second while it runs. */
export function CompactionRunPage() {
  const { clusterId: param, runId: runParam } = useParams();
  const clusterId = Number(param);
  const runId = Number(runParam);
  const { data: run, error, isPending } = useCompactionRun(clusterId, runId);

  const crumbs = (
    <CompactionsCrumbs clusterId={clusterId} tab="runs">
      run #{runParam}
    </CompactionsCrumbs>
  );

  if (isPending || !run) {
    return (
      <PendingPage
        crumbs={crumbs}
        title={`Compaction run #${runParam}`}
        error={error}
        loading="Loading run…"
      />
    );
  }

  const running = run.state === 'RUNNING';
  return (
    <div data-testid="compaction-run" data-state={run.state}>
      <PageHeader
        crumbs={crumbs}
        title={
          <span className="row">
            {run.kind === 'MAJOR' ? 'Major' : 'Minor'} compaction #{run.id}
            <RunStateBadge state={run.state} testId="compaction-run-state" />
          </span>
        }
        subtitle={
          <>
            <span className="mono" data-testid="compaction-run-scope">
              {run.scope}
            </span>
            <span>
              {TRIGGER_LABEL[run.trigger]}
              {run.scheduleName && <> · schedule {run.scheduleName}</>}
            </span>
            <RefreshStatus intervalMs={RUN_POLL_MS} live={running} />
          </>
        }
      />
      <ErrorMessage error={error} title="Could not refresh; showing the last state" />
      <RunProgressPanel run={run} />
      <div className="grid grid-2">
        <Panel title="Details">
          <KeyValueList
            items={[
              { label: 'Trigger', value: TRIGGER_LABEL[run.trigger] },
              {
                label: 'Schedule',
                value: run.scheduleName ?? (run.scheduleId != null ? `#${run.scheduleId}` : '—'),
              },
              { label: 'Kind', value: run.kind },
              { label: 'Scope', value: <span className="mono">{run.scope}</span> },
              {
                label: 'Window',
                value:
                  run.windowStart || run.windowEnd ? (
                    <>
                      <Timestamp iso={run.windowStart} timeZone={LOCAL_TIME_ZONE} /> →{' '}
                      <Timestamp iso={run.windowEnd} timeZone={LOCAL_TIME_ZONE} />
                    </>
                  ) : (
                    'none (on demand)'
                  ),
              },
              {
                label: 'Caps',
                value:
                  [
                    run.maxPerServer != null ? `${run.maxPerServer} per RegionServer` : '',
                    run.maxPerCluster != null ? `${run.maxPerCluster} per cluster` : '',
                  ]
                    .filter(Boolean)
                    .join(' · ') || '—',
              },
              { label: 'Started', value: <Timestamp iso={run.startedAt} /> },
              { label: 'Finished', value: <Timestamp iso={run.finishedAt} /> },
              {
                label: 'Message',
                value: run.message ?? <span className="muted">—</span>,
                testId: 'compaction-run-message',
              },
            ]}
          />
        </Panel>
        <Panel title="Shell equivalent">
          <ShellCommand command={hbaseShellLines(run.shellCommand)} />
        </Panel>
      </div>
      <Panel title="Totals">
        <div className="stat-row">
          <StoreFilesStats
            before={run.storeFilesBefore}
            after={run.storeFilesAfter}
            testIdPrefix="compaction-run-files"
          />
          <Stat label="Bytes read" value={formatBytes(run.bytesRead)} />
          <Stat label="Bytes written" value={formatBytes(run.bytesWritten)} />
          <Stat label="Locality before" value={formatLocality(run.localityBefore)} />
          <Stat label="Locality after" value={formatLocality(run.localityAfter)} />
          <Stat label="Duration" value={runDuration(run)} testId="compaction-run-duration" />
        </div>
      </Panel>
      <Panel title={`Regions (${formatNumber(run.regions.length)})`}>
        <RunRegionsTable regions={run.regions} />
      </Panel>
      {run.operationId && (
        <OperationEventsPanel
          operationId={run.operationId}
          testId="compaction-operation"
          stateTestId="compaction-operation-state"
        />
      )}
    </div>
  );
}

function RunProgressPanel({ run }: { run: CompactionRunDetail }) {
  return (
    <ProgressPanel
      progress={runProgress(run)}
      label="Regions finished"
      unit="regions"
      tone={RUN_STATE_TONE[run.state]}
      testId="compaction-run-progress"
      countsTestId="compaction-run-counts"
    >
      {formatNumber(run.regionsDone)} done · {formatNumber(run.regionsSkipped)} skipped ·{' '}
      {formatNumber(run.regionsFailed)} failed · {formatNumber(run.regionsRunning)} running ·{' '}
      {formatNumber(run.regionsPending)} pending
    </ProgressPanel>
  );
}
