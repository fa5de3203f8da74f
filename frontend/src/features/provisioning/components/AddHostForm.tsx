import { useState, type FormEvent } from 'react';
import type { HostView as Host } from '../../../api/types';
import { apiUrls } from '../../../lib/paths';
import { curlCommand } from '../../../lib/shell';
import { Button, ErrorMessage, ShellCommand, TextAreaField, TextField } from '../../../ui';
import { useAddHost } from '../api';
import {
  emptyHostForm,
  type HostField,
  type HostForm,
  hostFieldErrors,
  hostInputFromForm,
  parseDisks,
  serverHostErrors,
  validateHost,
} from '../hostForm';

export interface AddHostFormProps {
  /** Called with the stored host; the parent remounts the form, which drops the pasted key. */
  onAdded: (host: Host) => void;
}

/** ADMIN: a host with the SSH user and private key Ansible connects with. */
export function AddHostForm({ onAdded }: AddHostFormProps) {
  const add = useAddHost();
  const [form, setForm] = useState<HostForm>(emptyHostForm);
  const [submitted, setSubmitted] = useState(false);

  const disks = parseDisks(form.dataDisks);
  const clientErrors = submitted ? validateHost(form) : [];
  const clientMap = hostFieldErrors(clientErrors);
  const serverMap = serverHostErrors(add.error, disks);
  const errorFor = (field: HostField) => clientMap[field] ?? serverMap[field];
  const bind = (field: HostField) => ({
    value: form[field],
    onChange: (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [field]: e.target.value })),
    error: errorFor(field),
  });

  const body = hostInputFromForm(form);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (validateHost(form).length > 0) return;
    add.mutate(body, { onSuccess: onAdded });
  };

  return (
    <div className="form-with-aside">
      <form onSubmit={submit} aria-label="Add host" noValidate>
        <fieldset className="plain-fieldset stack" disabled={add.isPending}>
          <div className="form-row">
            <TextField
              label="Address"
              {...bind('address')}
              required
              autoComplete="off"
              spellCheck={false}
              placeholder="10.77.0.11"
              hint="IPv4 address or DNS name Ansible connects to"
            />
            <TextField
              label="Host name"
              {...bind('hostname')}
              autoComplete="off"
              spellCheck={false}
              hint="Optional; the inventory name"
            />
            <TextField
              label="SSH user"
              {...bind('sshUser')}
              autoComplete="off"
              spellCheck={false}
              hint="root, or a user with passwordless sudo"
            />
            <TextField
              label="Rack"
              {...bind('rack')}
              autoComplete="off"
              spellCheck={false}
              hint="HDFS rack path"
            />
          </div>
          <div className="form-row">
            <TextField
              label="Cores"
              type="number"
              min={1}
              {...bind('cores')}
              hint="Sizes handler counts"
            />
            <TextField
              label="RAM (MiB)"
              type="number"
              min={256}
              {...bind('ramMb')}
              hint="Sizes the heaps"
            />
          </div>
          <TextAreaField
            label="Data disks"
            {...bind('dataDisks')}
            rows={2}
            spellCheck={false}
            placeholder="/data/1"
            hint="Mount points, one per line or comma-separated; DataNodes, the NameNode and ZooKeeper store data there"
          />
          <TextAreaField
            label="Private key"
            {...bind('privateKey')}
            rows={6}
            required
            autoComplete="off"
            spellCheck={false}
            placeholder="-----BEGIN OPENSSH PRIVATE KEY-----"
            hint="Stored encrypted and never shown again; only its fingerprint is"
          />
          <ErrorMessage error={add.error} title="Could not add the host" />
          <div className="row">
            <Button type="submit" variant="primary" busy={add.isPending}>
              Add host
            </Button>
            <span className="muted">Granary probes the SSH port; nothing is installed yet.</span>
          </div>
        </fieldset>
      </form>
      <aside>
        <ShellCommand
          command={curlCommand('POST', apiUrls.hosts(), {
            ...body,
            privateKey: '<private key>',
          })}
          label="API equivalent"
        />
      </aside>
    </div>
  );
}
