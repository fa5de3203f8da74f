import { useState } from 'react';
import type { Operation } from '../../../api/types';
import { apiUrls } from '../../../lib/paths';
import { curlCommand } from '../../../lib/shell';
import { Button, ConfirmDialog } from '../../../ui';
import { isActive, useCancelOperation } from '../api';

/** Cancel button for PENDING/RUNNING operations. Render only for OPERATOR+. */
export function CancelOperationAction({ operation }: { operation: Operation }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelOperation(operation.id);
  if (!isActive(operation.state)) return null;
  if (operation.cancelRequested) {
    return <span className="muted">Cancellation requested…</span>;
  }
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Cancel operation
      </Button>
      <ConfirmDialog
        open={open}
        tone="danger"
        title={`Cancel ${operation.type} on ${operation.target}?`}
        confirmLabel="Cancel operation"
        cancelLabel="Keep running"
        busy={cancel.isPending}
        error={cancel.error}
        shell={curlCommand('POST', apiUrls.cancelOperation(operation.id))}
        onCancel={() => {
          setOpen(false);
          cancel.reset();
        }}
        onConfirm={() => cancel.mutate(undefined, { onSuccess: () => setOpen(false) })}
      >
        <p>
          No new work is started; steps already running finish, then the operation ends CANCELLED.
        </p>
      </ConfirmDialog>
    </>
  );
}
