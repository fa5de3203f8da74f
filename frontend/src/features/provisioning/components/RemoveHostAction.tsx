import { useState } from 'react';
import type { Host } from '../../../api/types';
import { Button, ConfirmDialog } from '../../../ui';
import { useRemoveHost } from '../api';

/** ADMIN: takes the host out of the inventory after a confirmation saying what that does not do. */
export function RemoveHostAction({ host }: { host: Host }) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveHost();
  const name = host.hostname ? `${host.hostname} (${host.address})` : host.address;
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Remove host ${host.address}`}
        onClick={() => {
          remove.reset();
          setOpen(true);
        }}
      >
        Remove
      </Button>
      <ConfirmDialog
        open={open}
        title={`Remove ${name} from the inventory?`}
        confirmLabel="Remove host"
        tone="danger"
        busy={remove.isPending}
        error={remove.error}
        onCancel={() => setOpen(false)}
        onConfirm={() => remove.mutate(host.id, { onSuccess: () => setOpen(false) })}
      >
        <p>
          Granary forgets this host and its stored SSH key, so it can no longer install onto it.
        </p>
        <p>
          <strong>Nothing on the host changes:</strong> services installed there keep running and
          their data stays. A cluster already using the host keeps it.
        </p>
      </ConfirmDialog>
    </>
  );
}
