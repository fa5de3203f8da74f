import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Operation, OperationDetail } from '../../../api/types';
import { formatBytes, formatNumber } from '../../../lib/format';
import { paths, type TableTab } from '../../../lib/paths';
import { ErrorMessage, Loading, PageHeader, Panel, type TabItem, Tabs } from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { ClusterCrumbs } from '../../clusters/components/ClusterNav';
import { CompactionHistoryPanel } from '../../compactions/components/CompactionHistoryPanel';
import { TableEcPanel } from '../../erasurecoding/components/TableEcPanel';
import { OperationTracker } from '../../operations/components/OperationTracker';
import { tableKeys, useTable } from '../api';
import { DescriptorPanel } from '../components/DescriptorPanel';
import { HeatmapPanel } from '../components/HeatmapPanel';
import { TableMetricsPanel } from '../../observability/components/TableMetricsPanel';
import { RegionMapPanel } from '../components/RegionMapPanel';
import { RegionsPanel } from '../components/RegionsPanel';
import { RowsPanel } from '../components/RowsPanel';
import { type TableAction, TableActions } from '../components/TableActions';
import { TableStateBadge } from '../components/TableStateBadge';
import { hbaseTableName } from '../tableName';

const TABS: readonly TabItem<TableTab>[] = [
  { id: 'descriptor', label: 'Descriptor' },
  { id: 'regions', label: 'Regions' },
  { id: 'region-map', label: 'Region map' },
  { id: 'heatmap', label: 'Heatmap' },
  { id: 'metrics', label: 'Metrics' },
  { id: 'compactions', label: 'Compactions' },
  { id: 'erasure-coding', label: 'Erasure coding' },
  { id: 'rows', label: 'Rows' },
];

function parseTab(value: string | null): TableTab {
  return TABS.find((t) => t.id === value)?.id ?? 'descriptor';
}

interface Running {
  operation: Operation;
  action: TableAction;
}

export function TableDetailPage() {
  const { clusterId: param, table: tableParam = '' } = useParams();
  const clusterId = Number(param);
  const name = hbaseTableName(tableParam);
  const [params] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [running, setRunning] = useState<Running | null>(null);
  const [finished, setFinished] = useState<OperationDetail | null>(null);
  // Once a drop starts the table is going away: stop asking for it (404s are expected).
  const dropping = running?.action === 'drop';
  const { data, error, isPending } = useTable(clusterId, dropping ? '' : name);

  const onStarted = (operation: Operation, action: TableAction) => {
    setFinished(null);
    setRunning({ operation, action });
  };
  const onFinished = (operation: OperationDetail) => {
    void queryClient.invalidateQueries({ queryKey: tableKeys.cluster(clusterId) });
    if (running?.action === 'drop' && operation.state === 'SUCCEEDED') {
      navigate(paths.tables(clusterId), { replace: true });
      return;
    }
    setRunning(null);
    setFinished(operation);
  };

  const header = (
    <PageHeader
      crumbs={
        <ClusterCrumbs clusterId={clusterId}>
          <Link to={paths.tables(clusterId)}>Tables</Link> / <span className="mono">{name}</span>
        </ClusterCrumbs>
      }
      title={
        <span className="row">
          <span className="title-mono">{name}</span>
          {data && !dropping && <TableStateBadge enabled={data.enabled} />}
        </span>
      }
      subtitle={
        data && (
          <>
            <span>namespace {data.namespace}</span>
            <span>{formatNumber(data.regionCount)} regions</span>
            <span data-testid="table-size">{formatBytes(data.sizeBytes)} in store files</span>
            <span data-testid="table-memstore">{formatBytes(data.memstoreBytes)} in MemStore</span>
          </>
        )
      }
      actions={
        data &&
        !dropping && (
          <RoleGate min="OPERATOR">
            <div className="row" data-testid="table-actions">
              <TableActions
                clusterId={clusterId}
                table={name}
                enabled={data.enabled}
                busy={running !== null}
                onStarted={onStarted}
              />
            </div>
          </RoleGate>
        )
      }
    />
  );

  const operationPanel = running && (
    <Panel title="Running operation" data-testid="table-operation">
      <OperationTracker operation={running.operation} onFinished={onFinished} />
    </Panel>
  );

  if (dropping) {
    return (
      <div>
        {header}
        {operationPanel}
      </div>
    );
  }
  if (isPending) {
    return (
      <div>
        {header}
        {error ? <ErrorMessage error={error} /> : <Loading label="Loading table…" />}
      </div>
    );
  }
  if (!data) {
    return (
      <div>
        {header}
        <ErrorMessage error={error} />
        <Link to={paths.tables(clusterId)}>← All tables</Link>
      </div>
    );
  }

  return (
    <div>
      {header}
      <ErrorMessage error={error} title="Could not refresh; showing the last state" />
      {operationPanel}
      {finished && (
        <div
          className={`notice${finished.state === 'SUCCEEDED' ? '' : ' notice-warn'}`}
          role="status"
          data-testid="table-operation-result"
        >
          {finished.type} {finished.state.toLowerCase()}
          {finished.message ? `: ${finished.message}` : '.'}{' '}
          <Link to={paths.operation(finished.id)}>Open operation →</Link>
        </div>
      )}
      <Tabs
        label="Table sections"
        items={TABS}
        value={tab}
        onChange={(next) => navigate(paths.table(clusterId, name, next), { replace: true })}
      >
        {tab === 'descriptor' && <DescriptorPanel table={data} name={name} />}
        {tab === 'regions' && <RegionsPanel clusterId={clusterId} table={name} />}
        {tab === 'region-map' && <RegionMapPanel clusterId={clusterId} table={name} />}
        {tab === 'heatmap' && <HeatmapPanel clusterId={clusterId} table={name} />}
        {tab === 'metrics' && <TableMetricsPanel clusterId={clusterId} table={name} />}
        {tab === 'compactions' && <CompactionHistoryPanel clusterId={clusterId} table={name} />}
        {tab === 'erasure-coding' && <TableEcPanel clusterId={clusterId} table={name} />}
        {tab === 'rows' && (
          <RowsPanel
            clusterId={clusterId}
            table={name}
            families={data.families.map((f) => f.name)}
            enabled={data.enabled}
          />
        )}
      </Tabs>
    </div>
  );
}
