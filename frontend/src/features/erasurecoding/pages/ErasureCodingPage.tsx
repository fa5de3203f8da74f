import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { EcPolicy } from '../../../api/types';
import { type ErasureCodingTab, paths } from '../../../lib/paths';
import {
  ErrorMessage,
  Loading,
  PageHeader,
  Panel,
  RefreshStatus,
  type TabItem,
  Tabs,
} from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { ClusterNav } from '../../clusters/components/ClusterNav';
import { CONVERSIONS_REFRESH_MS, useEcConversions, useEcPolicies } from '../api';
import { ConversionsTable } from '../components/ConversionsTable';
import { ConvertForm } from '../components/ConvertForm';
import { DirectoryBrowser } from '../components/DirectoryBrowser';
import { ErasureCodingCrumbs } from '../components/ErasureCodingCrumbs';
import { PoliciesPanel } from '../components/PoliciesPanel';
import { SavingsReport } from '../components/SavingsReport';
import { normalizeHdfsPath } from '../ecModel';

const TABS: readonly TabItem<ErasureCodingTab>[] = [
  { id: 'policies', label: 'Policies' },
  { id: 'directories', label: 'Directories' },
  { id: 'report', label: 'Savings report' },
  { id: 'conversions', label: 'Conversions' },
];

/** Erasure coding of one cluster: policies, the HDFS browser, savings reports, conversions. */
export function ErasureCodingPage() {
  const { clusterId: param } = useParams();
  const clusterId = Number(param);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tab = TABS.find((t) => t.id === params.get('tab'))?.id ?? 'policies';
  const rawPath = params.get('path') ?? '';
  const policies = useEcPolicies(clusterId);

  if (!Number.isInteger(clusterId)) {
    return (
      <ErrorMessage error={new Error(`"${param}" is not a cluster id.`)} title="Unknown cluster" />
    );
  }

  const list = policies.data?.policies;
  return (
    <div>
      <PageHeader
        crumbs={<ErasureCodingCrumbs clusterId={clusterId} />}
        title="Erasure coding"
        subtitle={
          <span>
            Reed-Solomon stripes instead of 3× replicas: about half the raw bytes for large, cold
            files.
          </span>
        }
      />
      <ClusterNav clusterId={clusterId} />
      <Tabs
        label="Erasure coding sections"
        items={TABS}
        value={tab}
        onChange={(next) =>
          navigate(paths.erasureCoding(clusterId, { tab: next, path: rawPath || undefined }), {
            replace: true,
          })
        }
      >
        {tab === 'policies' && <PoliciesSection clusterId={clusterId} query={policies} />}
        {tab === 'directories' && (
          <DirectoryBrowser
            clusterId={clusterId}
            path={normalizeHdfsPath(rawPath)}
            policies={list}
          />
        )}
        {tab === 'report' && (
          <SavingsReport
            clusterId={clusterId}
            path={rawPath ? normalizeHdfsPath(rawPath) : ''}
            policies={list}
          />
        )}
        {tab === 'conversions' && (
          <ConversionsSection
            clusterId={clusterId}
            path={rawPath}
            policy={params.get('policy') ?? ''}
            policies={list}
          />
        )}
      </Tabs>
    </div>
  );
}

function PoliciesSection({
  clusterId,
  query,
}: {
  clusterId: number;
  query: ReturnType<typeof useEcPolicies>;
}) {
  const { data, error, isPending } = query;
  if (isPending) {
    return error ? <ErrorMessage error={error} /> : <Loading label="Loading policies…" />;
  }
  return (
    <div className="stack">
      <ErrorMessage error={error} title="Could not refresh; showing the last state" />
      {data && <PoliciesPanel clusterId={clusterId} data={data} />}
    </div>
  );
}

function ConversionsSection({
  clusterId,
  path,
  policy,
  policies,
}: {
  clusterId: number;
  path: string;
  policy: string;
  policies: readonly EcPolicy[] | undefined;
}) {
  const { data, error, isPending } = useEcConversions(clusterId);
  return (
    <div className="stack" data-testid="ec-conversions">
      <RoleGate min="OPERATOR">
        <Panel title="Convert a directory">
          {/* Keyed: a new prefill from a directory or a report starts a fresh form. */}
          <ConvertForm
            key={`${path}|${policy}`}
            clusterId={clusterId}
            path={path}
            policy={policy}
            policies={policies}
          />
        </Panel>
      </RoleGate>
      <Panel title="Conversions" actions={<RefreshStatus intervalMs={CONVERSIONS_REFRESH_MS} />}>
        {isPending && !error && <Loading label="Loading conversions…" />}
        <ErrorMessage error={error} title="Could not load the conversions" />
        {data && <ConversionsTable clusterId={clusterId} conversions={data} />}
      </Panel>
    </div>
  );
}
