import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import {
  Button,
  ErrorMessage,
  SelectField,
  ShellCommand,
  TextField,
  TextFieldWithSuggestions,
} from '../../../ui';
import { useClusterOverview } from '../../clusters/api';
import { useCompactNow } from '../api';
import {
  COMPACT_FIELDS,
  COMPACT_SCOPES,
  type CompactScope,
  COMPACTION_KINDS,
  compactRequest,
  compactShellCommand,
  defaultCompactForm,
  validateCompact,
} from '../formModel';
import { useFieldForm } from '../useFieldForm';
import { MaxPerServerField } from './MaxPerServerField';
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
  const { form, set, onSubmit, text, picker, select } = useFieldForm({
    initial: () => defaultCompactForm(table),
    validate: validateCompact,
    fields: COMPACT_FIELDS,
    serverError: compact.error,
  });
  const servers = overview.data?.hbase.regionServers.map((s) => s.name) ?? [];

  const submit = onSubmit(() =>
    compact.mutate(compactRequest(form), {
      onSuccess: (started) => navigate(paths.compactionRun(clusterId, started.runId)),
    }),
  );

  return (
    <form onSubmit={submit} aria-label="Compact now" noValidate className="stack">
      <fieldset className="plain-fieldset" disabled={compact.isPending}>
        <div className="form-row">
          <SelectField label="Kind" {...select('kind')} options={COMPACTION_KINDS} />
          <SelectField
            label="Scope"
            value={form.scope}
            onChange={(e) => set('scope', e.target.value as CompactScope)}
            options={COMPACT_SCOPES}
          />
          {form.scope === 'table' && (
            <>
              <TablePicker clusterId={clusterId} {...picker('table')} required />
              <TextField
                label="Column family (optional)"
                {...text('family')}
                autoComplete="off"
                spellCheck={false}
                placeholder="every family"
              />
            </>
          )}
          {form.scope === 'region' && (
            <TextField
              label="Encoded region name"
              {...text('region')}
              autoComplete="off"
              spellCheck={false}
              required
              hint="The 32 hex digits at the end of the region name (see a table's Regions tab)"
            />
          )}
          {form.scope === 'server' && (
            <TextFieldWithSuggestions
              label="RegionServer"
              {...text('server')}
              suggestions={servers}
              required
              hint="host,port,startcode (or host:port)"
            />
          )}
          <MaxPerServerField {...text('maxPerServer')} />
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
