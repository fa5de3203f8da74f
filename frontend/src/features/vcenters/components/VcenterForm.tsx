import { useState, type FormEvent } from 'react';
import type { Vcenter } from '../../../api/types';
import { apiUrls } from '../../../lib/paths';
import { curlCommand } from '../../../lib/shell';
import {
  Button,
  CheckboxField,
  ErrorMessage,
  SelectField,
  ShellCommand,
  TextAreaField,
  TextField,
} from '../../../ui';
import { useCreateVcenter, useUpdateVcenter } from '../api';
import {
  emptyVcenterForm,
  formFromVcenter,
  serverVcenterErrors,
  shownBody,
  TRUST_MODES,
  type TrustMode,
  validateVcenter,
  vcenterBody,
  vcenterFieldErrors,
  vcenterInput,
  type VcenterField,
  type VcenterForm as Form,
} from '../vcenterForm';
import { govcEnvironment } from '../shellModel';

export interface VcenterFormProps {
  /** Editing this connection; absent: a new one. */
  vcenter?: Vcenter;
  onSaved: (vcenter: Vcenter) => void;
  onCancel?: () => void;
}

/** ADMIN: a vCenter connection. The password and the guest key are write-only. */
export function VcenterForm({ vcenter, onSaved, onCancel }: VcenterFormProps) {
  const editing = vcenter != null;
  const create = useCreateVcenter();
  const update = useUpdateVcenter(vcenter?.id ?? -1);
  const save = editing ? update : create;
  const [form, setForm] = useState<Form>(() =>
    vcenter ? formFromVcenter(vcenter) : emptyVcenterForm(),
  );
  const [submitted, setSubmitted] = useState(false);

  const clientMap = vcenterFieldErrors(submitted ? validateVcenter(form, editing) : []);
  const serverMap = serverVcenterErrors(save.error);
  const errorFor = (field: VcenterField) => clientMap[field] ?? serverMap[field];
  const bind = (field: Exclude<VcenterField, 'tlsVerify'>) => ({
    value: form[field],
    onChange: (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [field]: e.target.value })),
    error: errorFor(field),
  });

  const body = vcenterBody(form);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (validateVcenter(form, editing).length > 0) return;
    if (editing) update.mutate(body, { onSuccess: onSaved });
    else create.mutate(vcenterInput(form), { onSuccess: onSaved });
  };

  const trust = TRUST_MODES.find((t) => t.value === form.trust)!;
  return (
    <div className="form-with-aside">
      <form
        onSubmit={submit}
        aria-label={editing ? 'Edit vCenter connection' : 'Add vCenter connection'}
        noValidate
      >
        <fieldset className="plain-fieldset stack" disabled={save.isPending}>
          <div className="form-row">
            <TextField
              label="Name"
              {...bind('name')}
              required
              autoComplete="off"
              spellCheck={false}
              placeholder="vc-prod"
              hint="What a cluster spec's vsphere.connection names"
            />
            <TextField
              label="URL"
              {...bind('url')}
              required
              autoComplete="off"
              spellCheck={false}
              placeholder="https://vcenter.example.com/sdk"
              hint="The vCenter's SDK endpoint"
            />
          </div>
          <div className="form-row">
            <TextField
              label="User"
              {...bind('username')}
              required
              autoComplete="off"
              spellCheck={false}
              placeholder="administrator@vsphere.local"
            />
            <TextField
              label="Password"
              type="password"
              {...bind('password')}
              required={!editing}
              autoComplete="new-password"
              hint={
                editing
                  ? vcenter.passwordSet
                    ? 'Stored and never shown; leave empty to keep it'
                    : 'None stored yet'
                  : 'Stored encrypted, never shown again'
              }
            />
          </div>
          <fieldset className="fieldset">
            <legend>Certificate</legend>
            <CheckboxField
              label="Verify the vCenter's TLS certificate"
              checked={form.tlsVerify}
              onChange={(e) => setForm((f) => ({ ...f, tlsVerify: e.target.checked }))}
              error={errorFor('tlsVerify')}
            />
            {form.tlsVerify ? (
              <div className="stack">
                <SelectField
                  label="Trust"
                  value={form.trust}
                  onChange={(e) => setForm((f) => ({ ...f, trust: e.target.value as TrustMode }))}
                  options={TRUST_MODES}
                  hint={trust.hint}
                />
                {form.trust === 'thumbprint' && (
                  <TextField
                    label="Thumbprint"
                    {...bind('thumbprint')}
                    autoComplete="off"
                    spellCheck={false}
                    className="field-wide"
                    placeholder="AB:CD:EF:…"
                    hint={
                      <>
                        <code>govc about.cert -k -u HOST -thumbprint</code> prints it
                      </>
                    }
                  />
                )}
                {form.trust === 'ca' && (
                  <TextAreaField
                    label="CA certificate"
                    {...bind('caPem')}
                    rows={5}
                    spellCheck={false}
                    placeholder="-----BEGIN CERTIFICATE-----"
                    hint="PEM; several certificates may follow each other"
                  />
                )}
              </div>
            ) : (
              <div className="notice notice-warn" role="alert" data-testid="vcenter-tls-off">
                Any certificate will be accepted, so anyone between Granary and this address can
                read the password. Use this for a lab or a simulator only.
              </div>
            )}
          </fieldset>
          <fieldset className="fieldset">
            <legend>VM guests</legend>
            <p className="field-hint" style={{ margin: '0 0 6px' }}>
              How Ansible reaches the VMs cloned from a template once they boot.
            </p>
            <div className="form-row">
              <TextField
                label="Guest SSH user"
                {...bind('guestSshUser')}
                autoComplete="off"
                spellCheck={false}
                hint="root, or a user with passwordless sudo"
              />
            </div>
            <TextAreaField
              label="Guest private key"
              {...bind('guestPrivateKey')}
              rows={4}
              autoComplete="off"
              spellCheck={false}
              placeholder="-----BEGIN OPENSSH PRIVATE KEY-----"
              hint={
                editing && vcenter.guestKeySet
                  ? 'Stored and never shown; leave empty to keep it'
                  : "The key the template's authorized_keys accepts; stored encrypted, needed to install"
              }
            />
          </fieldset>
          <ErrorMessage
            error={save.error}
            title={editing ? 'Could not save the connection' : 'Could not add the connection'}
          />
          <div className="row">
            <Button type="submit" variant="primary" busy={save.isPending}>
              {editing ? 'Save connection' : 'Add connection'}
            </Button>
            {onCancel && (
              <Button type="button" onClick={onCancel}>
                Cancel
              </Button>
            )}
            <span className="muted">Nothing is contacted until you test the connection.</span>
          </div>
        </fieldset>
      </form>
      <aside className="stack">
        <ShellCommand command={govcEnvironment(body)} label="govc equivalent" />
        <ShellCommand
          command={curlCommand(
            editing ? 'PUT' : 'POST',
            editing ? apiUrls.vcenter(vcenter.id) : apiUrls.vcenters(),
            shownBody(body),
          )}
          label="API equivalent"
        />
      </aside>
    </div>
  );
}
