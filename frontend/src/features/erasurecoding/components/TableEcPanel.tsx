import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { HFileLayout, OperationDetail, TableEcChange, TableEcState } from '../../../api/types';
import { formatBytes, formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { hbaseShellLines, tableShell } from '../../../lib/shell';
import {
  Button,
  type Column,
  ErrorMessage,
  KeyValueList,
  Loading,
  Panel,
  ShellCommand,
  Table,
} from '../../../ui';
import { RoleGate } from '../../auth/components/RoleGate';
import { useCompactNow } from '../../compactions/api';
import { compactRequest, defaultCompactForm } from '../../compactions/formModel';
import { OperationTracker } from '../../operations/components/OperationTracker';
import { ecKeys, useEcPolicies, useSetTableEcPolicy, useTableEcState } from '../api';
import { policyLabel, policyOptions } from '../ecModel';
import { PolicySelectForm } from './PolicySelectForm';
import { WarningList } from './WarningList';

const NO_POLICY = 'none — 3× replication';

function StateDetails({ state }: { state: TableEcState }) {
  return (
    <div className="grid grid-2">
      <KeyValueList
        items={[
          {
            label: 'Policy',
            value: <strong className="mono">{policyLabel(state.policy, NO_POLICY)}</strong>,
            testId: 'ec-table-policy',
          },
          {
            label: 'Directory policy',
            value: <span className="mono">{policyLabel(state.directoryPolicy)}</span>,
            testId: 'ec-table-directory-policy',
          },
          {
            label: 'HFiles under the policy',
            value: `${formatNumber(state.hfilesUnderPolicy)} / ${formatNumber(state.hfiles)}`,
            testId: 'ec-table-hfiles',
          },
          {
            label: 'HFiles striped (any policy)',
            value: formatNumber(state.hfilesStriped),
            testId: 'ec-table-hfiles-striped',
          },
        ]}
      />
      <ShellCommand command={hbaseShellLines(state.shellCommand)} label="Shell" />
      <div style={{ gridColumn: '1 / -1' }}>
        <p className="muted small">
          Each HFile&apos;s layout as the NameNode stores it (hdfs ec -getPolicy on the file): a
          file keeps the layout it was written with until a major compaction rewrites it.
        </p>
        <Table
          aria-label="HFile layouts"
          columns={fileColumns}
          rows={state.files}
          rowKey={(f) => f.path}
          rowProps={(f) => ({ 'data-testid': 'ec-hfile-row', 'data-layout': f.layout })}
          empty="No HFiles yet: rows still in the MemStore are written as HFiles at the next flush."
        />
      </div>
    </div>
  );
}

const fileColumns: Column<HFileLayout>[] = [
  { key: 'path', header: 'HFile', render: (f) => <span className="mono">{f.path}</span> },
  {
    key: 'layout',
    header: 'Layout',
    render: (f) => (f.layout === 'STRIPED' ? 'striped' : 'contiguous'),
  },
  {
    key: 'policy',
    header: 'Policy',
    render: (f) => <span className="mono">{policyLabel(f.policy)}</span>,
  },
  { key: 'length', header: 'Length', numeric: true, render: (f) => formatBytes(f.lengthBytes) },
  {
    key: 'raw',
    header: 'Raw stored',
    numeric: true,
    render: (f) => formatBytes(f.spaceConsumedBytes),
  },
];

/** After a change: the hint that HFiles convert at their next major compaction, and one now. */
function CompactionHint({
  clusterId,
  table,
  change,
}: {
  clusterId: number;
  table: string;
  change: TableEcChange;
}) {
  const compact = useCompactNow(clusterId);
  const runId = compact.data?.runId;
  return (
    <div className="notice" role="status" data-testid="ec-table-hint">
      <p style={{ margin: 0 }}>{change.compactionHint}</p>
      <WarningList warnings={change.warnings} />
      <div className="row" style={{ marginTop: 8 }}>
        {runId == null ? (
          <Button
            variant="primary"
            busy={compact.isPending}
            onClick={() => compact.mutate(compactRequest(defaultCompactForm(table)))}
          >
            Major compact now
          </Button>
        ) : (
          <Link to={paths.compactionRun(clusterId, runId)} data-testid="ec-table-compaction-link">
            Compaction run #{runId} →
          </Link>
        )}
        <span className="mono muted">{compact.data?.shellCommand}</span>
      </div>
      <ErrorMessage error={compact.error} title="Could not start the compaction" />
    </div>
  );
}

/** Set or clear the table's policy (OPERATOR+), showing the alter line before it is sent. */
function TablePolicyForm({
  clusterId,
  table,
  current,
}: {
  clusterId: number;
  table: string;
  current: string | undefined;
}) {
  const queryClient = useQueryClient();
  const policies = useEcPolicies(clusterId);
  const mutation = useSetTableEcPolicy(clusterId, table);
  const [choice, setChoice] = useState(current ?? '');
  const [change, setChange] = useState<TableEcChange | null>(null);
  const [finished, setFinished] = useState<OperationDetail | null>(null);
  const unchanged = choice === (current ?? '');

  return (
    <PolicySelectForm
      label="Table erasure coding policy"
      selectLabel="Erasure coding policy"
      value={choice}
      onChange={setChoice}
      options={policyOptions(policies.data?.policies, { placeholder: NO_POLICY })}
      hint="Enabled policies only."
      busy={mutation.isPending}
      onSubmit={() => {
        setChange(null);
        setFinished(null);
        mutation.mutate(choice || undefined, { onSuccess: setChange });
      }}
    >
      <ErrorMessage error={policies.error} title="Could not load the policies" />
      <ErrorMessage error={mutation.error} title="Could not change the policy" />
      <div className="row">
        <Button type="submit" variant="primary" disabled={unchanged} busy={mutation.isPending}>
          {choice ? 'Set policy' : 'Clear policy'}
        </Button>
      </div>
      <ShellCommand command={tableShell.ecPolicy(table, choice || undefined)} />
      {change && (
        <OperationTracker
          key={change.operation.id}
          operation={change.operation}
          onFinished={(operation) => {
            setFinished(operation);
            void queryClient.invalidateQueries({ queryKey: ecKeys.table(clusterId, table) });
          }}
        />
      )}
      {change && finished?.state === 'SUCCEEDED' && (
        <CompactionHint clusterId={clusterId} table={table} change={change} />
      )}
    </PolicySelectForm>
  );
}

/** A table's erasure coding: its policy, how many HFiles are under it, and the change. */
export function TableEcPanel({ clusterId, table }: { clusterId: number; table: string }) {
  const { data, error, isPending } = useTableEcState(clusterId, table);
  return (
    <div className="stack" data-testid="ec-table">
      <ErrorMessage error={error} title="Could not load the table's erasure coding" />
      {isPending && !error && <Loading label="Loading erasure coding…" />}
      {data && (
        <>
          <StateDetails state={data} />
          <WarningList warnings={data.warnings} />
          <RoleGate min="OPERATOR">
            <Panel title="Change policy">
              <TablePolicyForm clusterId={clusterId} table={table} current={data.policy} />
            </Panel>
          </RoleGate>
        </>
      )}
    </div>
  );
}
