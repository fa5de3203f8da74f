import { useState } from 'react';
import type { ConfigEntry, ConfigSource } from '../../../api/types';
import { type Column, SelectField, Table, TextField } from '../../../ui';
import {
  ALL,
  CLUSTER_WIDE,
  type ConfigFilter,
  configFiles,
  configHosts,
  filterConfig,
  groupByFile,
  NO_FILTER,
  SOURCES,
  sourceCounts,
} from '../planModel';
import { SourceBadge } from './Badges';

const columns: Column<ConfigEntry>[] = [
  { key: 'key', header: 'Key', render: (e) => <span className="mono">{e.key}</span> },
  {
    key: 'value',
    header: 'Value',
    className: 'wrap',
    render: (e) => <span className="mono">{e.value}</span>,
  },
  {
    key: 'host',
    header: 'Host',
    render: (e) => e.host ?? <span className="muted">every host</span>,
  },
  {
    key: 'source',
    header: 'Provenance',
    className: 'wrap',
    render: (e) => (
      <span>
        <SourceBadge source={e.source} />
        {e.rule && <span className="rule-text">{e.rule}</span>}
      </span>
    ),
  },
];

/** Every value the install writes, with where it comes from; filters by file, provenance, host. */
export function ConfigTable({ entries }: { entries: readonly ConfigEntry[] }) {
  const [filter, setFilter] = useState<ConfigFilter>(NO_FILTER);
  const files = configFiles(entries);
  const hosts = configHosts(entries);
  const counts = sourceCounts(entries);
  const shown = filterConfig(entries, filter);
  const groups = groupByFile(shown);
  const set = (patch: Partial<ConfigFilter>) => setFilter((f) => ({ ...f, ...patch }));

  return (
    <div className="stack">
      <div className="form-row" role="search" aria-label="Filter the configuration">
        <SelectField
          label="File"
          value={filter.file}
          onChange={(e) => set({ file: e.target.value })}
          options={[
            { value: ALL, label: `Every file (${entries.length})` },
            ...files.map((f) => ({
              value: f,
              label: `${f} (${entries.filter((e) => e.file === f).length})`,
            })),
          ]}
        />
        <SelectField
          label="Provenance"
          value={filter.source}
          onChange={(e) => set({ source: e.target.value as ConfigSource | typeof ALL })}
          options={[
            { value: ALL, label: 'Any' },
            ...SOURCES.map((s) => ({ value: s, label: `${s} (${counts[s]})` })),
          ]}
        />
        <SelectField
          label="Host"
          value={filter.host}
          onChange={(e) => set({ host: e.target.value })}
          options={[
            { value: ALL, label: 'Any' },
            { value: CLUSTER_WIDE, label: 'Every host (cluster-wide)' },
            ...hosts.map((h) => ({ value: h, label: h })),
          ]}
        />
        <TextField
          label="Search"
          type="search"
          value={filter.q}
          onChange={(e) => set({ q: e.target.value })}
          placeholder="key or value"
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <p className="muted" style={{ margin: 0 }} data-testid="prov-config-count">
        {shown.length} of {entries.length} values
      </p>
      {groups.length === 0 && <p className="muted">No value matches the filters.</p>}
      {groups.map((g) => (
        <section key={g.file} data-testid="prov-config-file" data-file={g.file}>
          <h3 className="subhead mono">{g.file}</h3>
          <Table
            aria-label={`${g.file} values`}
            columns={columns}
            rows={g.entries}
            rowKey={(e) => `${e.host ?? ''}|${e.key}`}
            rowProps={(e) => ({
              'data-testid': 'prov-config-row',
              'data-file': e.file,
              'data-key': e.key,
              'data-source': e.source,
            })}
          />
        </section>
      ))}
    </div>
  );
}
