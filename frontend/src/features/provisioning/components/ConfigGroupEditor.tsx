import { useId } from 'react';
import type { ConfigKey } from '../../../api/types';
import { Badge, Button } from '../../../ui';
import {
  CONFIG_FILES,
  type ConfigGroup,
  type ConfigRow,
  checkRow,
  CLUSTER_GROUP,
  type KeyIndex,
  newRow,
  suggestedKeys,
  typeHint,
} from '../configModel';
import type { FindingView } from '../scaleInModel';
import { ConfigValueInput } from './ConfigValueInput';

export interface ConfigGroupEditorProps {
  group: ConfigGroup;
  rows: readonly ConfigRow[];
  onChange: (rows: ConfigRow[]) => void;
  keys: KeyIndex;
  catalog: readonly ConfigKey[] | undefined;
  readOnly: boolean;
  /** The backend's findings about a key of this group (a preview's, or a refused apply's). */
  findingsFor: (file: string, key: string) => FindingView[];
}

function Row({
  row,
  rows,
  group,
  keys,
  readOnly,
  listId,
  findings,
  update,
  remove,
}: {
  row: ConfigRow;
  rows: readonly ConfigRow[];
  group: string;
  keys: KeyIndex;
  readOnly: boolean;
  listId: string;
  findings: FindingView[];
  update: (row: ConfigRow) => void;
  remove: () => void;
}) {
  const checkId = useId();
  const check = checkRow(row, rows, group, keys);
  const meta = check.meta;
  const name = row.key.trim() || 'new key';
  const files = (CONFIG_FILES as readonly string[]).includes(row.file)
    ? CONFIG_FILES
    : [row.file, ...CONFIG_FILES];
  return (
    <tr
      data-testid="config-row"
      data-key={row.key.trim()}
      data-file={row.file}
      data-known={meta ? 'true' : 'false'}
      data-invalid={check.error ? 'true' : undefined}
    >
      <td className="config-key-cell">
        <input
          aria-label={`Key of row ${name}`}
          className="mono"
          list={listId}
          autoComplete="off"
          spellCheck={false}
          value={row.key}
          disabled={readOnly}
          onChange={(e) => {
            const key = e.target.value;
            // A known key lives in one file: follow it.
            const known = keys.get(key.trim());
            update({ ...row, key, file: known ? known.file : row.file });
          }}
          data-testid="config-key"
        />
        {meta?.description && <span className="field-hint">{meta.description}</span>}
      </td>
      <td className="config-file-cell">
        <select
          aria-label={`File of ${name}`}
          value={row.file}
          disabled={readOnly || meta != null}
          title={meta ? `${meta.key} is read from ${meta.file}` : undefined}
          onChange={(e) => update({ ...row, file: e.target.value })}
          data-testid="config-file"
        >
          {files.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </select>
      </td>
      <td className="config-value-cell">
        <ConfigValueInput
          meta={meta}
          value={row.value}
          label={`Value of ${name}`}
          invalid={check.error != null}
          describedBy={checkId}
          disabled={readOnly}
          onChange={(value) => update({ ...row, value })}
        />
      </td>
      <td className="wrap config-check-cell" id={checkId}>
        {check.error ? (
          <span className="field-error" data-testid="config-row-error">
            {check.error}
          </span>
        ) : check.warning && findings.length === 0 ? (
          <span className="config-warning" data-testid="config-row-warning">
            <Badge tone="warn">{meta ? 'Not read here' : 'Unknown key'}</Badge> {check.warning}
          </span>
        ) : meta && findings.length === 0 ? (
          <span className="field-hint" data-testid="config-row-hint">
            {typeHint(meta)}
          </span>
        ) : null}
        {/* The backend's word on the row, once it previewed it, replaces the local warning. */}
        {findings.map((f, i) => (
          <span
            key={i}
            className={f.severity === 'ERROR' ? 'field-error' : 'config-warning'}
            data-testid="config-row-finding"
            data-code={f.code}
          >
            {f.title}: {f.text}
          </span>
        ))}
      </td>
      <td className="align-right">
        {!readOnly && (
          <Button size="sm" variant="ghost" onClick={remove} aria-label={`Remove ${name}`}>
            Remove
          </Button>
        )}
      </td>
    </tr>
  );
}

/**
 * One role group's values as an editable table: a key (known keys suggested and typed, unknown
 * ones allowed with a warning), its file, its value and what the checks say; Add key and Remove.
 */
export function ConfigGroupEditor({
  group,
  rows,
  onChange,
  keys,
  catalog,
  readOnly,
  findingsFor,
}: ConfigGroupEditorProps) {
  const listId = useId();
  const suggestions = suggestedKeys(catalog, group.id);
  return (
    <div className="stack" data-testid="config-group" data-group={group.id}>
      <p className="muted" style={{ margin: 0 }}>
        {group.id === CLUSTER_GROUP
          ? `Written into the files of every host (${group.hosts.length}); a role group's value for the same key wins on its hosts.`
          : `Written only into the ${group.label} files, on ${group.hosts.length > 0 ? group.hosts.join(', ') : 'no host yet'}; only ${group.label} restarts for them.`}
      </p>
      <div className="table-wrap">
        <table className="table config-table" aria-label={`${group.label} values`}>
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">File</th>
              <th scope="col">Value</th>
              <th scope="col">Check</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr className="table-empty">
                <td colSpan={5}>
                  {group.id === CLUSTER_GROUP
                    ? 'No cluster-wide override: every value is the planner’s.'
                    : `No ${group.label} override: its hosts read the cluster-wide values.`}
                </td>
              </tr>
            ) : (
              rows.map((row, i) => (
                <Row
                  key={row.id}
                  row={row}
                  rows={rows}
                  group={group.id}
                  keys={keys}
                  readOnly={readOnly}
                  listId={listId}
                  findings={findingsFor(row.file, row.key.trim())}
                  update={(next) => onChange(rows.map((r, j) => (j === i ? next : r)))}
                  remove={() => onChange(rows.filter((_, j) => j !== i))}
                />
              ))
            )}
          </tbody>
        </table>
      </div>
      <datalist id={listId}>
        {suggestions.map((k) => (
          <option key={k.key} value={k.key}>
            {k.file}
            {k.description ? ` — ${k.description}` : ''}
          </option>
        ))}
      </datalist>
      {!readOnly && (
        <div className="row">
          <Button size="sm" onClick={() => onChange([...rows, newRow()])} data-testid="config-add">
            Add key
          </Button>
          <span className="muted">
            {suggestions.length > 0
              ? `${suggestions.length} known keys are suggested as you type; any other key is written as given.`
              : 'Any key is written as given.'}
          </span>
        </div>
      )}
    </div>
  );
}
