import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../api/problem';
import type { CompactionKind } from '../../../api/types';
import { paths } from '../../../lib/paths';
import { Button, ErrorMessage, SelectField, ShellCommand, TextField } from '../../../ui';
import { useClusterOverview } from '../../clusters/api';
import { useCompactNow } from '../api';
import {
  COMPACT_FIELDS,
  COMPACT_SCOPES,
  type CompactField,
  type CompactForm,
  type CompactScope,
  COMPACTION_KINDS,
  compactRequest,
  compactShellCommand,
  defaultCompactForm,
  fieldErrorMap,
  validateCompact,
} from '../formModel';
import { TablePicker } from './TablePicker';

/**
 * An on-demand compaction of a table (or family), a region or a RegionServer. On 202 the run
 * page takes over; before that the form shows the shell line it stands for.
 */
export function CompactNowForm({
  clusterId,
  table = '',
}: {
  clusterId: number;
  /** Prefills the table (from a table's page). */
  table?: string;
}) {
  const navigate = useNavigate();
  const compact = useCompactNow(clusterId);
  const overview = useClusterOverview(clusterId);
  const serversId = useId();
  const [form, setForm] = useState<CompactForm>(() => defaultCompactForm(table));
  const [submitted, setSubmitted] = useState(false);
  const set = <K extends keyof CompactForm>(key: K, value: CompactForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const clientMap = fieldErrorMap(submitted ? validateCompact(form) : [], COMPACT_FIELDS);
  const serverMap = fieldErrorMap(
    isApiError(compact.error) ? compact.error.fieldErrors : [],
    COMPACT_FIELDS,
  );
  const errorFor = (field: CompactField) => clientMap[field] ?? serverMap[field];
  const servers = overview.data?.hbase.regionServers.map((s) => s.name) ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (validateCompact(form).length > 0) return;
    compact.mutate(compactRequest(form), {
      onSuccess: (started) => navigate(paths.compactionRun(clusterId, started.runId)),
    });
  };

  return (
    <form onSubmit={submit} aria-label="Compact now" noValidate className="stack">
      <fieldset className="plain-fieldset" disabled={compact.isPending}>
        <div className="form-row">
          <SelectField
            label="Kind"
            value={form.kind}
            onChange={(e) => set('kind', e.target.value as CompactionKind)}
            error={errorFor('kind')}
          >
            {COMPACTION_KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Scope"
            value={form.scope}
            onChange={(e) => set('scope', e.target.value as CompactScope)}
          >
            {COMPACT_SCOPES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </SelectField>
          {form.scope === 'table' && (
            <>
              <TablePicker
                clusterId={clusterId}
                value={form.table}
                required
                onChange={(t) => set('table', t)}
                error={errorFor('table')}
              />
              <TextField
                label="Column family (optional)"
                value={form.family}
                autoComplete="off"
                spellCheck={false}
                placeholder="every family"
                onChange={(e) => set('family', e.target.value)}
                error={errorFor('family')}
              />
            </>
          )}
          {form.scope === 'region' && (
            <TextField
              label="Encoded region name"
              value={form.region}
              autoComplete="off"
              spellCheck={false}
              required
              hint="The 32 hex digits at the end of the region name (see a table's Regions tab)"
              onChange={(e) => set('region', e.target.value)}
              error={errorFor('region')}
            />
          )}
          {form.scope === 'server' && (
            <>
              <TextField
                label="RegionServer"
                value={form.server}
                list={serversId}
                autoComplete="off"
                spellCheck={false}
                required
                hint="host,port,startcode (or host:port)"
                onChange={(e) => set('server', e.target.value)}
                error={errorFor('server')}
              />
              <datalist id={serversId}>
                {servers.map((s) => (
                  <option key={s} value={s} />
                ))}
              </datalist>
            </>
          )}
          <TextField
            label="Max per RegionServer"
            type="number"
            min={1}
            value={form.maxPerServer}
            required
            hint="Regions compacting at once on one server"
            onChange={(e) => set('maxPerServer', e.target.value)}
            error={errorFor('maxPerServer')}
          />
        </div>
      </fieldset>
      <ErrorMessage error={compact.error} title="Could not start the compaction" />
      <div className="row">
        <Button type="submit" variant="primary" busy={compact.isPending}>
          Compact now
        </Button>
        <span className="muted">
          Runs region by region as an operation; the run page follows it.
        </span>
      </div>
      <ShellCommand command={compactShellCommand(form)} />
    </form>
  );
}
