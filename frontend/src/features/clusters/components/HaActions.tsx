import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { ClusterKind, HaState, Operation, OperationDetail } from '../../../api/types';
import { paths } from '../../../lib/paths';
import { haShell } from '../../../lib/shell';
import { Button, ShellCommand, TypedConfirmDialog } from '../../../ui';
import { OperationTracker } from '../../operations/components/OperationTracker';
import { clusterKeys, useMoveActiveMaster, useNamenodeFailover } from '../api';
import { failoverPlan, masterMovePlan, webAddress, webHost } from '../ha';

type Dialog =
  | { kind: 'failover'; from: string; to: string }
  | { kind: 'master'; from: string; to: string }
  | null;

export interface HaActionsProps {
  clusterId: number;
  clusterName: string;
  clusterKind: ClusterKind;
  ha: HaState;
}

/**
 * "Fail over NameNode" and "Move active HMaster", each disabled with its reason when the members'
 * states do not allow it, confirmed by a typed word, then followed inline until the operation
 * ends (the overview is refetched then, so the swapped pair shows). Render only for OPERATOR+.
 */
export function HaActions({ clusterId, clusterName, clusterKind, ha }: HaActionsProps) {
  const queryClient = useQueryClient();
  const failover = useNamenodeFailover(clusterId);
  const masterMove = useMoveActiveMaster(clusterId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [running, setRunning] = useState<Operation | null>(null);
  const [finished, setFinished] = useState<OperationDetail | null>(null);
  const failoverReasonId = useId();
  const masterReasonId = useId();

  const failoverNow = failoverPlan(ha);
  const masterNow = masterMovePlan(ha);
  const busy = running !== null;

  const close = () => {
    setDialog(null);
    failover.reset();
    masterMove.reset();
  };
  const started = (operation: Operation) => {
    close();
    setFinished(null);
    setRunning(operation);
  };
  const onFinished = (operation: OperationDetail) => {
    void queryClient.invalidateQueries({ queryKey: clusterKeys.overview(clusterId) });
    setRunning(null);
    setFinished(operation);
  };

  return (
    <div className="stack" data-testid="ha-actions">
      <div className="row">
        <Button
          variant="primary"
          disabled={busy || !failoverNow.enabled}
          aria-describedby={failoverNow.enabled ? undefined : failoverReasonId}
          title={
            failoverNow.enabled
              ? haShell.failover(ha.nameservice, failoverNow.from, failoverNow.to)
              : undefined
          }
          onClick={() =>
            failoverNow.enabled &&
            setDialog({ kind: 'failover', from: failoverNow.from, to: failoverNow.to })
          }
        >
          Fail over NameNode
        </Button>
        {failoverNow.enabled ? (
          <span className="muted">
            Makes {failoverNow.to} active and {failoverNow.from} standby.
          </span>
        ) : (
          <span className="muted" id={failoverReasonId} data-testid="ha-failover-disabled">
            {failoverNow.reason}
          </span>
        )}
      </div>
      <div className="row">
        <Button
          disabled={busy || !masterNow.enabled}
          aria-describedby={masterNow.enabled ? undefined : masterReasonId}
          onClick={() =>
            masterNow.enabled &&
            setDialog({ kind: 'master', from: masterNow.from, to: masterNow.to })
          }
        >
          Move active HMaster
        </Button>
        {masterNow.enabled ? (
          <span className="muted">
            Hands over from {webAddress(masterNow.from)} to the backup on {webAddress(masterNow.to)}
            .
          </span>
        ) : (
          <span className="muted" id={masterReasonId} data-testid="ha-master-move-disabled">
            {masterNow.reason}
          </span>
        )}
      </div>

      {running && (
        <div className="stack" style={{ gap: 8 }}>
          <OperationTracker operation={running} onFinished={onFinished} />
          {running.shellEquivalent && (
            <ShellCommand command={running.shellEquivalent.split('\n')} />
          )}
        </div>
      )}
      {finished && (
        <div
          className={`notice${finished.state === 'SUCCEEDED' ? '' : ' notice-warn'}`}
          role="status"
          data-testid="ha-operation-result"
          data-state={finished.state}
        >
          {finished.type} {finished.state.toLowerCase()}
          {finished.message ? `: ${finished.message}` : '.'}{' '}
          <Link to={paths.operation(finished.id)}>Open operation →</Link>
        </div>
      )}

      <TypedConfirmDialog
        open={dialog?.kind === 'failover'}
        title={dialog?.kind === 'failover' ? `Fail over NameNode to ${dialog.to}?` : ''}
        confirmLabel={dialog?.kind === 'failover' ? `Fail over to ${dialog.to}` : 'Fail over'}
        busy={failover.isPending}
        error={failover.error}
        what="standby's id"
        expected={dialog?.kind === 'failover' ? dialog.to : ''}
        shell={
          dialog?.kind === 'failover'
            ? haShell.failover(ha.nameservice, dialog.from, dialog.to)
            : undefined
        }
        onCancel={close}
        onConfirm={(typed) =>
          dialog?.kind === 'failover' &&
          failover.mutate({ to: dialog.to, confirm: typed }, { onSuccess: started })
        }
      >
        {dialog?.kind === 'failover' && (
          <>
            <p>
              The active NameNode <strong>{dialog.from}</strong> becomes standby and{' '}
              <strong>{dialog.to}</strong> becomes active, through the ZKFC beside {dialog.to};
              automatic failover stays on. HDFS clients of the nameservice{' '}
              <span className="mono">{ha.nameservice}</span> retry on the new active NameNode: calls
              in flight may pause for a few seconds, and HBase keeps serving.
            </p>
          </>
        )}
      </TypedConfirmDialog>

      <TypedConfirmDialog
        open={dialog?.kind === 'master'}
        title={`Move the active HMaster of ${clusterName}?`}
        confirmLabel="Move active HMaster"
        busy={masterMove.isPending}
        error={masterMove.error}
        what="cluster name"
        expected={clusterName}
        shell={
          dialog?.kind === 'master'
            ? haShell.masterMove(clusterKind, {
                host: webHost(dialog.from),
                address: webAddress(dialog.from),
              })
            : undefined
        }
        onCancel={close}
        onConfirm={(typed) => masterMove.mutate({ confirm: typed }, { onSuccess: started })}
      >
        {dialog?.kind === 'master' && (
          <>
            <p>
              The active HMaster on <span className="mono">{webAddress(dialog.from)}</span> is
              stopped; the backup on <span className="mono">{webAddress(dialog.to)}</span> takes
              over, and the stopped one starts again as the new backup
              {clusterKind === 'LOCAL'
                ? ' (through the local cluster’s launcher)'
                : ' (on installed hosts you start it: systemctl start granary-master)'}
              . Regions keep serving; table changes, balancing and region assignment wait until the
              new active HMaster has started.
            </p>
          </>
        )}
      </TypedConfirmDialog>
    </div>
  );
}
