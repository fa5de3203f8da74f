import { useState } from 'react';
import { fieldError } from '../../../api/problem';
import { tableShell } from '../../../lib/shell';
import { Button, ConfirmDialog, TextField } from '../../../ui';
import { useCreateNamespace } from '../api';

/** "Create namespace" with a small dialog. Render only for OPERATOR+. */
export function CreateNamespaceAction({
  clusterId,
  onCreated,
}: {
  clusterId: number;
  onCreated?: (name: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const create = useCreateNamespace(clusterId);
  const close = () => {
    setOpen(false);
    setName('');
    create.reset();
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>Create namespace</Button>
      <ConfirmDialog
        open={open}
        title="Create namespace"
        confirmLabel="Create namespace"
        busy={create.isPending}
        // The field error is shown on the field; the dialog shows the rest.
        error={fieldError(create.error, 'name') ? undefined : create.error}
        confirmDisabled={name.trim() === ''}
        shell={tableShell.createNamespace(name.trim() || '<name>')}
        onCancel={close}
        onConfirm={() =>
          create.mutate(name.trim(), {
            onSuccess: (ns) => {
              close();
              onCreated?.(ns.name);
            },
          })
        }
      >
        <TextField
          label="Namespace name"
          value={name}
          autoComplete="off"
          hint="Letters, digits and _"
          onChange={(e) => setName(e.target.value)}
          error={fieldError(create.error, 'name')}
        />
      </ConfirmDialog>
    </>
  );
}
