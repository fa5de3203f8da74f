import { useState } from 'react';
import type { Vcenter } from '../../../api/types';
import { apiUrls } from '../../../lib/paths';
import { curlCommand } from '../../../lib/shell';
import { Button, ConfirmDialog } from '../../../ui';
import { useDeleteVcenter } from '../api';

/** ADMIN: forgets the connection after a confirmation saying what that does not do. */
export function DeleteVcenterAction({
  vcenter,
  onDeleted,
}: {
  vcenter: Vcenter;
  onDeleted?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteVcenter();
  return (
    <>
      <Button
        size="sm"
        variant="danger"
        aria-label={`Delete vCenter connection ${vcenter.name}`}
        onClick={() => {
          remove.reset();
          setOpen(true);
        }}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        title={`Delete the vCenter connection ${vcenter.name}?`}
        confirmLabel="Delete connection"
        tone="danger"
        busy={remove.isPending}
        error={remove.error}
        shell={curlCommand('DELETE', apiUrls.vcenter(vcenter.id))}
        onCancel={() => setOpen(false)}
        onConfirm={() =>
          remove.mutate(vcenter.id, {
            onSuccess: () => {
              setOpen(false);
              onDeleted?.();
            },
          })
        }
      >
        <p>
          Granary forgets <span className="mono">{vcenter.url}</span>, its user and the stored
          password and guest key.
        </p>
        <p>
          <strong>Nothing in vCenter changes:</strong> VMs, folders and rules stay. The server
          refuses while a cluster it provisioned there still names the connection.
        </p>
      </ConfirmDialog>
    </>
  );
}
