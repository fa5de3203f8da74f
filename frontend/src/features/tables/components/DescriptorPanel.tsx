import type { FamilySpec, TableDetail } from '../../../api/types';
import { formatBoolean, formatBytes, formatNumber, formatRate } from '../../../lib/format';
import { hbaseShellLines, hbaseString } from '../../../lib/shell';
import { type Column, KeyValueList, Panel, ShellCommand, Table } from '../../../ui';

const familyColumns: Column<FamilySpec>[] = [
  { key: 'name', header: 'Family', render: (f) => <span className="mono">{f.name}</span> },
  { key: 'compression', header: 'Compression', render: (f) => f.compression ?? 'NONE' },
  { key: 'bloom', header: 'Bloom filter', render: (f) => f.bloomFilter ?? 'ROW' },
  { key: 'encoding', header: 'Block encoding', render: (f) => f.dataBlockEncoding ?? 'NONE' },
  {
    key: 'blockSize',
    header: 'Block size',
    numeric: true,
    render: (f) => formatBytes(f.blockSizeBytes ?? 65536, 0),
  },
  {
    key: 'ttl',
    header: 'TTL',
    render: (f) => (f.ttl === 'FOREVER' || !f.ttl ? 'FOREVER' : `${f.ttl} s`),
  },
  {
    key: 'versions',
    header: 'Versions (min–max)',
    numeric: true,
    render: (f) => `${f.minVersions ?? 0}–${f.maxVersions ?? 1}`,
  },
  { key: 'inMemory', header: 'In memory', render: (f) => formatBoolean(f.inMemory ?? false) },
  {
    key: 'blockCache',
    header: 'Block cache',
    render: (f) => formatBoolean(f.blockCacheEnabled ?? true),
  },
];

/** Families, settings and totals of a table, with the describe command. */
export function DescriptorPanel({ table, name }: { table: TableDetail; name: string }) {
  const s = table.settings;
  const describe = table.describeCommand ?? `describe ${hbaseString(name)}`;
  return (
    <>
      <Panel title={`Column families (${table.families.length})`}>
        <Table
          aria-label="Column families"
          columns={familyColumns}
          rows={table.families}
          rowKey={(f) => f.name}
          rowProps={(f) => ({ 'data-testid': 'family-row', 'data-name': f.name })}
        />
      </Panel>
      <div className="grid grid-2">
        <Panel title="Settings">
          <KeyValueList
            items={[
              {
                label: 'Split policy',
                value: s?.splitPolicy ? (
                  <span className="mono">{s.splitPolicy.split('.').pop()}</span>
                ) : (
                  'cluster default'
                ),
              },
              {
                label: 'Max region size',
                value: s?.maxFileSizeBytes ? formatBytes(s.maxFileSizeBytes) : 'cluster default',
              },
              {
                label: 'Memstore flush size',
                value: s?.memstoreFlushSizeBytes
                  ? formatBytes(s.memstoreFlushSizeBytes)
                  : 'cluster default',
              },
              { label: 'Durability', value: s?.durability ?? 'USE_DEFAULT' },
              {
                label: 'Compaction',
                value: formatBoolean(s?.compactionEnabled ?? true, 'enabled', 'disabled'),
              },
            ]}
          />
        </Panel>
        <Panel title="Totals">
          <KeyValueList
            items={[
              { label: 'Regions', value: formatNumber(table.regionCount), testId: 'table-regions' },
              { label: 'Size on disk', value: formatBytes(table.sizeBytes) },
              { label: 'Store files', value: formatNumber(table.storeFiles) },
              { label: 'Reads/s', value: formatRate(table.readRequestsPerSecond) },
              { label: 'Writes/s', value: formatRate(table.writeRequestsPerSecond) },
            ]}
          />
        </Panel>
      </div>
      <ShellCommand command={hbaseShellLines(describe)} />
    </>
  );
}
