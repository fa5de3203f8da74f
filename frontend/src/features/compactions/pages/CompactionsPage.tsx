import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { type CompactionsTab, paths } from '../../../lib/paths';
import { ErrorMessage, Loading, PageHeader, Panel, type TabItem, Tabs } from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { useAuth } from '../../auth/useAuth';
import { ClusterCrumbs, ClusterNav } from '../../clusters/components/ClusterNav';
import {
  RUNS_REFRESH_MS,
  SCHEDULES_REFRESH_MS,
  useCompactionRuns,
  useCompactionSchedules,
} from '../api';
import { CompactNowForm } from '../components/CompactNowForm';
import { RunsTable } from '../components/RunsTable';
import { ScheduleCard } from '../components/ScheduleCard';

const ALL_TABS: readonly TabItem<CompactionsTab>[] = [
  { id: 'schedules', label: 'Schedules' },
  { id: 'runs', label: 'Runs' },
  { id: 'compact', label: 'Compact now' },
];

/** Schedules, the run history and on-demand compactions of one cluster. */
export function CompactionsPage() {
  const { clusterId: param } = useParams();
  const clusterId = Number(param);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { can } = useAuth();
  // Compact now is a mutation: a VIEWER does not get the tab.
  const tabs = can('OPERATOR') ? ALL_TABS : ALL_TABS.filter((t) => t.id !== 'compact');
  const tab = tabs.find((t) => t.id === params.get('tab'))?.id ?? 'schedules';
  const prefill = params.get('table') ?? '';

  if (!Number.isInteger(clusterId)) {
    return (
      <ErrorMessage error={new Error(`"${param}" is not a cluster id.`)} title="Unknown cluster" />
    );
  }

  return (
    <div>
      <PageHeader
        crumbs={<ClusterCrumbs clusterId={clusterId}>Compactions</ClusterCrumbs>}
        title="Compactions"
        subtitle={
          <>
            <span>Major compactions in maintenance windows, capped per server and cluster.</span>
            <span className="status-line">
              <span className="dot dot-live" aria-hidden="true" /> auto-refresh{' '}
              {(tab === 'runs' ? RUNS_REFRESH_MS : SCHEDULES_REFRESH_MS) / 1000}s
            </span>
          </>
        }
        actions={
          <RoleGate min="OPERATOR">
            <Link className="btn btn-primary" to={paths.compactionScheduleCreate(clusterId)}>
              Create schedule
            </Link>
          </RoleGate>
        }
      />
      <ClusterNav clusterId={clusterId} />
      <Tabs
        label="Compaction sections"
        items={tabs}
        value={tab}
        onChange={(next) =>
          navigate(paths.compactions(clusterId, { tab: next, table: prefill || undefined }), {
            replace: true,
          })
        }
      >
        {tab === 'schedules' && <SchedulesSection clusterId={clusterId} />}
        {tab === 'runs' && <RunsSection clusterId={clusterId} />}
        {tab === 'compact' && (
          <Panel title="Compact now">
            {/* Keyed: a new prefill from a table's page starts a fresh form. */}
            <CompactNowForm key={prefill} clusterId={clusterId} table={prefill} />
          </Panel>
        )}
      </Tabs>
    </div>
  );
}

function SchedulesSection({ clusterId }: { clusterId: number }) {
  const { data, error, isPending } = useCompactionSchedules(clusterId);
  if (isPending) {
    return error ? <ErrorMessage error={error} /> : <Loading label="Loading schedules…" />;
  }
  return (
    <div className="stack" data-testid="compaction-schedules">
      <ErrorMessage error={error} title="Could not refresh; showing the last state" />
      {data && data.length === 0 && (
        <div className="notice" role="status" data-testid="compaction-schedules-empty">
          No schedules yet. A schedule opens a window on a cron (e.g. every night at 01:00) and
          compacts the regions of its tables that need it, a few at a time.
        </div>
      )}
      {data?.map((s) => (
        <ScheduleCard key={s.id} clusterId={clusterId} schedule={s} />
      ))}
    </div>
  );
}

function RunsSection({ clusterId }: { clusterId: number }) {
  const { data, error, isPending } = useCompactionRuns(clusterId);
  if (isPending) {
    return error ? <ErrorMessage error={error} /> : <Loading label="Loading runs…" />;
  }
  return (
    <div data-testid="compaction-runs">
      <ErrorMessage error={error} title="Could not refresh; showing the last state" />
      {data && <RunsTable clusterId={clusterId} runs={data} />}
    </div>
  );
}
