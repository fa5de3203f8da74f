import { useState } from 'react';
import { Link } from 'react-router';
import type { Operation } from '../../../api/types';
import { paths } from '../../../lib/paths';
import { tableShell } from '../../../lib/shell';
import { Button, CheckboxField, ConfirmDialog, TypedConfirmDialog } from '../../../ui';
import { useDropTable, useFlushTable, useSetTableEnabled, useTruncateTable } from '../api';

export type TableAction = 'enable' | 'disable' | 'flush' | 'truncate' | 'drop' | 'alter';

export interface TableActionsProps {
  clusterId: number;
  /** The HBase name, as the user must type it to confirm. */
  table: string;
  enabled: boolean;
  /** An operation on this table is running: start no other. */
  busy?: boolean;
  onStarted: (operation: Operation, action: TableAction) => void;
}

type Dialog = 'state' | 'flush' | 'truncate' | 'drop' | null;

/** The mutating actions of a table. Render only for OPERATOR+. */
export function TableActions({ clusterId, table, enabled, busy, onStarted }: TableActionsProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [preserveSplits, setPreserveSplits] = useState(true);
  const setEnabled = useSetTableEnabled(clusterId, table);
  const flush = useFlushTable(clusterId, table);
  const truncate = useTruncateTable(clusterId, table);
  const drop = useDropTable(clusterId, table);

  const close = () => {
    setDialog(null);
    setPreserveSplits(true);
    setEnabled.reset();
    flush.reset();
    truncate.reset();
    drop.reset();
  };
  const started = (action: TableAction) => (operation: Operation) => {
    close();
    onStarted(operation, action);
  };

  return (
    <>
      <Button
        disabled={busy}
        title={enabled ? tableShell.disable(table) : tableShell.enable(table)}
        onClick={() => setDialog('state')}
      >
        {enabled ? 'Disable' : 'Enable'}
      </Button>
      <Button
        disabled={busy || !enabled}
        title={enabled ? tableShell.flush(table) : 'A disabled table has no MemStore to flush'}
        onClick={() => setDialog('flush')}
      >
        Flush
      </Button>
      {busy ? (
        <Button disabled>Alter</Button>
      ) : (
        <Link className="btn" to={paths.tableAlter(clusterId, table)}>
          Alter
        </Link>
      )}
      <Button
        variant="danger"
        disabled={busy}
        title={tableShell.truncate(table, true)}
        onClick={() => setDialog('truncate')}
      >
        Truncate
      </Button>
      <Button
        variant="danger"
        disabled={busy}
        title={tableShell.drop(table).join('\n')}
        onClick={() => setDialog('drop')}
      >
        Drop
      </Button>

      <ConfirmDialog
        open={dialog === 'state'}
        title={`${enabled ? 'Disable' : 'Enable'} table ${table}?`}
        confirmLabel={enabled ? 'Disable table' : 'Enable table'}
        tone={enabled ? 'danger' : 'primary'}
        busy={setEnabled.isPending}
        error={setEnabled.error}
        shell={enabled ? tableShell.disable(table) : tableShell.enable(table)}
        onCancel={close}
        onConfirm={() =>
          setEnabled.mutate(!enabled, { onSuccess: started(enabled ? 'disable' : 'enable') })
        }
      >
        <p>
          {enabled
            ? 'Closes all regions of the table: clients get errors on every read and write until it is enabled again.'
            : 'Opens all regions of the table again; clients can read and write once they are assigned.'}
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={dialog === 'flush'}
        title={`Flush table ${table}?`}
        confirmLabel="Flush table"
        tone="primary"
        busy={flush.isPending}
        error={flush.error}
        shell={tableShell.flush(table)}
        onCancel={close}
        onConfirm={() => flush.mutate(undefined, { onSuccess: started('flush') })}
      >
        <p>
          Writes the MemStore of every region to new HFiles. Rows that were put but not flushed then
          count in the store-file size; each flush adds one store file per family until the next
          compaction.
        </p>
      </ConfirmDialog>

      <TypedConfirmDialog
        open={dialog === 'truncate'}
        title={`Truncate table ${table}?`}
        confirmLabel="Truncate table"
        tone="danger"
        busy={truncate.isPending}
        error={truncate.error}
        what="table name"
        expected={table}
        shell={tableShell.truncate(table, preserveSplits)}
        onCancel={close}
        onConfirm={(typed) =>
          truncate.mutate({ confirm: typed, preserveSplits }, { onSuccess: started('truncate') })
        }
      >
        <p>
          Deletes <strong>every row</strong> of the table; the descriptor stays. This cannot be
          undone.
        </p>
        <CheckboxField
          label="Preserve splits"
          hint="Keep the current region boundaries (truncate_preserve)."
          checked={preserveSplits}
          onChange={(e) => setPreserveSplits(e.target.checked)}
        />
      </TypedConfirmDialog>

      <TypedConfirmDialog
        open={dialog === 'drop'}
        title={`Drop table ${table}?`}
        confirmLabel="Drop table"
        tone="danger"
        busy={drop.isPending}
        error={drop.error}
        what="table name"
        expected={table}
        shell={tableShell.drop(table)}
        onCancel={close}
        onConfirm={(typed) => drop.mutate(typed, { onSuccess: started('drop') })}
      >
        <p>
          Disables the table if needed and deletes it with <strong>all its data</strong>. This
          cannot be undone.
        </p>
      </TypedConfirmDialog>
    </>
  );
}
