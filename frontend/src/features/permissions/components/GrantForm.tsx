import { useState } from 'react';
import { isApiError } from '../../../api/problem';
import type { PermissionGrant } from '../../../api/types';
import {
  Button,
  CheckboxField,
  ErrorMessage,
  SelectField,
  ShellCommand,
  TextField,
} from '../../../ui';
import { useGrant } from '../api';
import { ACTIONS, grantCommand, type ScopeKind } from '../shell';

/** Grant form: principal, scope, R/W/X/C/A; the shell command updates as it is filled in. */
export function GrantForm({ clusterId }: { clusterId: number }) {
  const grant = useGrant(clusterId);
  const [principal, setPrincipal] = useState('');
  const [scope, setScope] = useState<ScopeKind>('TABLE');
  const [namespace, setNamespace] = useState('');
  const [table, setTable] = useState('');
  const [family, setFamily] = useState('');
  const [qualifier, setQualifier] = useState('');
  const [actions, setActions] = useState<string[]>(['R']);
  const body: PermissionGrant = {
    principal: principal.trim(),
    actions: actions.join(''),
    ...(scope === 'NAMESPACE' && namespace.trim() ? { namespace: namespace.trim() } : {}),
    ...(scope === 'TABLE' && table.trim() ? { table: table.trim() } : {}),
    ...(scope === 'TABLE' && family.trim() ? { family: family.trim() } : {}),
    ...(scope === 'TABLE' && family.trim() && qualifier.trim()
      ? { qualifier: qualifier.trim() }
      : {}),
  };
  const fieldError = (field: string) =>
    isApiError(grant.error)
      ? grant.error.fieldErrors.find((f) => f.field === field)?.message
      : undefined;
  const incomplete =
    !body.principal ||
    actions.length === 0 ||
    (scope === 'NAMESPACE' && !body.namespace) ||
    (scope === 'TABLE' && !body.table);
  return (
    <form
      className="form"
      aria-label="Grant"
      onSubmit={(e) => {
        e.preventDefault();
        grant.mutate(body);
      }}
    >
      <div className="form-row">
        <TextField
          label="User or @group"
          value={principal}
          onChange={(e) => setPrincipal(e.target.value)}
          placeholder="alice, or @analysts"
          error={fieldError('principal')}
          data-testid="grant-principal"
        />
        <SelectField
          label="Scope"
          value={scope}
          onChange={(e) => setScope(e.target.value as ScopeKind)}
          options={[
            { value: 'TABLE', label: 'Table' },
            { value: 'NAMESPACE', label: 'Namespace' },
            { value: 'GLOBAL', label: 'Whole cluster (global)' },
          ]}
          data-testid="grant-scope"
        />
        {scope === 'NAMESPACE' && (
          <TextField
            label="Namespace"
            value={namespace}
            onChange={(e) => setNamespace(e.target.value)}
            error={fieldError('namespace')}
            data-testid="grant-namespace"
          />
        )}
        {scope === 'TABLE' && (
          <>
            <TextField
              label="Table"
              value={table}
              onChange={(e) => setTable(e.target.value)}
              placeholder="ns:table"
              error={fieldError('table')}
              data-testid="grant-table"
            />
            <TextField
              label="Family (optional)"
              value={family}
              onChange={(e) => setFamily(e.target.value)}
              error={fieldError('family')}
            />
            <TextField
              label="Qualifier (optional)"
              value={qualifier}
              onChange={(e) => setQualifier(e.target.value)}
              disabled={!family.trim()}
              error={fieldError('qualifier')}
            />
          </>
        )}
      </div>
      <fieldset className="fieldset" aria-label="Actions">
        <legend>Actions</legend>
        <div className="form-row">
          {ACTIONS.map((a) => (
            <CheckboxField
              key={a.code}
              label={`${a.code} ${a.label}`}
              hint={a.hint}
              checked={actions.includes(a.code)}
              onChange={(e) =>
                setActions((prev) =>
                  e.target.checked
                    ? ACTIONS.map((x) => x.code).filter((c) => c === a.code || prev.includes(c))
                    : prev.filter((c) => c !== a.code),
                )
              }
              data-testid={`grant-action-${a.code}`}
            />
          ))}
        </div>
      </fieldset>
      {fieldError('actions') && <p className="field-error">{fieldError('actions')}</p>}
      <ShellCommand command={`hbase shell> ${grantCommand(body)}`} />
      <p className="muted">
        A grant replaces what the principal had at that scope, as the shell&apos;s does.
      </p>
      <ErrorMessage
        error={isApiError(grant.error) && grant.error.fieldErrors.length > 0 ? null : grant.error}
        title="Could not grant"
      />
      {grant.isSuccess && (
        <p role="status" data-testid="grant-done">
          Granted: <code>{grant.data.shellCommand}</code>
        </p>
      )}
      <Button type="submit" busy={grant.isPending} disabled={incomplete} data-testid="grant-submit">
        Grant
      </Button>
    </form>
  );
}
