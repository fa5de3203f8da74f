import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CompactionSchedule } from '../../../api/types';
import { formatBoolean, formatNumber } from '../../../lib/format';
import { apiUrls, paths } from '../../../lib/paths';
import { curlCommand, hbaseShellLines } from '../../../lib/shell';
import {
  Badge,
  Button,
  ConfirmDialog,
  ErrorMessage,
  KeyValueList,
  Panel,
  ShellCommand,
  Timestamp,
} from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { useDeleteCompactionSchedule, useRunCompactionScheduleNow } from '../api';
import { selectionSummary, TARGET_KINDS } from '../formModel';
import { RecommendationList } from './RecommendationList';
import { RunStateBadge } from './RunStateBadge';

/** What each window of a schedule runs, as hbase shell lines. */
function scheduleShellLines(schedule: Pick<CompactionSchedule, 'shellCommands'>): string[] {
  return schedule.shellCommands.flatMap(hbaseShellLines);
}

function targetText(s: CompactionSchedule): string {
  const kind = TARGET_KINDS.find((k) => k.value === s.targetKind)?.label ?? s.targetKind;
  return `${kind} ${s.target}`;
}

/** One schedule: its settings, next windows, last run, recommendations and shell commands. */
export function ScheduleCard({
  clusterId,
  schedule,
}: {
  clusterId: number;
  schedule: CompactionSchedule;
}) {
  const shell = scheduleShellLines(schedule);
  return (
    <div data-testid="compaction-schedule" data-name={schedule.name} data-id={schedule.id}>
      <Panel
        title={
          <span className="row">
            {schedule.name}
            <Badge
              tone={schedule.enabled ? 'ok' : 'neutral'}
              data-testid="compaction-schedule-enabled"
            >
              {schedule.enabled ? 'enabled' : 'disabled'}
            </Badge>
            {schedule.openWindowEnd && (
              <Badge tone="info" data-testid="compaction-schedule-open">
                window open
              </Badge>
            )}
          </span>
        }
        actions={
          <RoleGate min="OPERATOR">
            <ScheduleActions clusterId={clusterId} schedule={schedule} shell={shell} />
          </RoleGate>
        }
      >
        <div className="grid grid-2">
          <KeyValueList
            items={[
              {
                label: 'Target',
                value: <span className="mono">{targetText(schedule)}</span>,
                testId: 'compaction-schedule-target',
              },
              {
                label: 'Window',
                value: (
                  <>
                    <span className="mono">{schedule.cron}</span> ({schedule.timeZone}) for{' '}
                    {formatNumber(schedule.durationMinutes)} min
                  </>
                ),
                testId: 'compaction-schedule-window',
              },
              {
                label: 'Caps',
                value: `${schedule.maxPerServer} per RegionServer · ${schedule.maxPerCluster} per cluster`,
              },
              { label: 'Selection', value: selectionSummary(schedule) },
              {
                label: 'Pause outside windows',
                value: formatBoolean(schedule.pauseOutsideWindows),
              },
              {
                label: 'Open until',
                value: schedule.openWindowEnd ? (
                  <Timestamp iso={schedule.openWindowEnd} timeZone={schedule.timeZone} />
                ) : (
                  '—'
                ),
              },
              {
                label: 'Next windows',
                value:
                  schedule.nextWindows.length === 0 ? (
                    <span className="muted">none{schedule.enabled ? '' : ' (disabled)'}</span>
                  ) : (
                    <ul className="plain-list" data-testid="compaction-schedule-next">
                      {schedule.nextWindows.map((w) => (
                        <li key={w}>
                          <Timestamp iso={w} timeZone={schedule.timeZone} relative />
                        </li>
                      ))}
                    </ul>
                  ),
              },
              {
                label: 'Last run',
                value: schedule.lastRun ? (
                  <span className="row">
                    <Link to={paths.compactionRun(clusterId, schedule.lastRun.id)}>
                      #{schedule.lastRun.id}
                    </Link>
                    <RunStateBadge
                      state={schedule.lastRun.state}
                      testId="compaction-schedule-last-state"
                    />
                    <Timestamp iso={schedule.lastRun.startedAt} />
                  </span>
                ) : (
                  <span className="muted">never run</span>
                ),
              },
              { label: 'Created by', value: schedule.createdBy },
            ]}
          />
          {shell.length > 0 ? (
            <ShellCommand command={shell} label="Each window runs" />
          ) : (
            <p className="muted">The backend gave no shell commands for this schedule.</p>
          )}
        </div>
        <RecommendationList findings={schedule.recommendations} />
      </Panel>
    </div>
  );
}

/** Run now, edit and delete. Render only for OPERATOR+. */
function ScheduleActions({
  clusterId,
  schedule,
  shell,
}: {
  clusterId: number;
  schedule: CompactionSchedule;
  shell: readonly string[];
}) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const runNow = useRunCompactionScheduleNow(clusterId);
  const remove = useDeleteCompactionSchedule(clusterId);
  const close = () => {
    setConfirming(false);
    remove.reset();
  };
  return (
    <div className="stack" style={{ alignItems: 'flex-end' }}>
      <div className="row">
        <Button
          variant="primary"
          size="sm"
          busy={runNow.isPending}
          title={shell.join('\n')}
          onClick={() =>
            runNow.mutate(schedule.id, {
              onSuccess: (started) => navigate(paths.compactionRun(clusterId, started.runId)),
            })
          }
        >
          Run now
        </Button>
        <Link className="btn btn-sm" to={paths.compactionScheduleEdit(clusterId, schedule.id)}>
          Edit
        </Link>
        <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
          Delete
        </Button>
      </div>
      <ErrorMessage error={runNow.error} title="Could not start a run" />
      <ConfirmDialog
        open={confirming}
        tone="danger"
        title={`Delete schedule ${schedule.name}?`}
        confirmLabel="Delete schedule"
        busy={remove.isPending}
        error={remove.error}
        shell={curlCommand('DELETE', apiUrls.compactionSchedule(clusterId, schedule.id))}
        onCancel={close}
        onConfirm={() => remove.mutate(schedule.id, { onSuccess: close })}
      >
        <p>
          No more windows open for it. Its run history stays
          {schedule.pauseOutsideWindows
            ? '; compactions it switched off outside its windows are switched back on.'
            : '.'}
        </p>
      </ConfirmDialog>
    </div>
  );
}
