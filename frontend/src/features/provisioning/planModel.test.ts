import { planFixture } from '../../test/fixtures';
import {
  ALL,
  CLUSTER_WIDE,
  configFiles,
  configHosts,
  filterConfig,
  formatRamMb,
  groupByFile,
  NO_FILTER,
  placementRoles,
  placementRows,
  planEntries,
  roleCounts,
  sourceCounts,
} from './planModel';

describe('placement', () => {
  it('gives one row per host with its roles in planner order and each role heap', () => {
    const rows = placementRows({
      hosts: [{ ...planFixture.hosts[1]!, roles: ['regionserver', 'datanode'] }],
    });
    expect(rows[0]!.roles).toEqual(['datanode', 'regionserver']);
    expect(rows[0]!.cells.regionserver).toEqual({
      heap: '1g',
      source: 'SIZING_RULE',
      rule: 'capped at 1 GiB',
    });
    const all = placementRows(planFixture);
    expect(all.map((r) => r.hostname)).toEqual(['lab1', 'lab2']);
    expect(all[0]!.roles).toEqual([
      'zookeeper',
      'namenode',
      'hbase_master',
      'datanode',
      'regionserver',
    ]);
    expect(all[1]!.cells.zookeeper).toBeUndefined();
    expect(roleCounts(all)).toEqual({
      zookeeper: 1,
      namenode: 1,
      hbase_master: 1,
      datanode: 2,
      regionserver: 2,
    });
  });

  it('keeps the five role columns and adds unknown roles after them', () => {
    const rows = placementRows({
      hosts: [{ ...planFixture.hosts[1]!, roles: ['datanode', 'thrift'], heaps: [] }],
    });
    expect(rows[0]!.cells.thrift).toEqual({});
    expect(placementRoles(rows)).toEqual([
      'zookeeper',
      'namenode',
      'hbase_master',
      'datanode',
      'regionserver',
      'thrift',
    ]);
  });
});

describe('config', () => {
  const entries = planEntries(planFixture);

  it('adds the per-host heaps to the config values, each once', () => {
    expect(entries).toHaveLength(planFixture.config.length + 7);
    expect(entries.filter((e) => e.file === 'jvm-heaps' && e.host === 'lab2')).toHaveLength(2);
    // A backend that also lists heaps in config does not double them.
    const doubled = planEntries({
      ...planFixture,
      config: [...planFixture.config, planFixture.hosts[0]!.heaps[0]!],
    });
    expect(doubled).toHaveLength(entries.length);
  });

  it('orders files as a reader expects, unknown ones last', () => {
    expect(configFiles(entries)).toEqual([
      'core-site',
      'hdfs-site',
      'hbase-site',
      'zoo.cfg',
      'jvm-heaps',
    ]);
    expect(
      configFiles([...entries, { file: 'a-file', key: 'k', value: 'v', source: 'DEFAULT' }]),
    ).toEqual(['core-site', 'hdfs-site', 'hbase-site', 'zoo.cfg', 'jvm-heaps', 'a-file']);
  });

  it('filters by file, provenance, host scope and text', () => {
    expect(filterConfig(entries, NO_FILTER)).toHaveLength(entries.length);
    expect(filterConfig(entries, { ...NO_FILTER, file: 'hbase-site' }).map((e) => e.key)).toEqual([
      'hbase.rootdir',
      'hfile.block.cache.size',
      'hbase.regionserver.handler.count',
    ]);
    expect(
      filterConfig(entries, { ...NO_FILTER, source: 'SIZING_RULE' }).map(
        (e) => `${e.file}:${e.key}`,
      ),
    ).toEqual([
      'hdfs-site:dfs.replication',
      'hbase-site:hfile.block.cache.size',
      'hbase-site:hbase.regionserver.handler.count',
      'jvm-heaps:regionserver',
      'jvm-heaps:regionserver',
    ]);
    expect(filterConfig(entries, { ...NO_FILTER, source: 'USER_OVERRIDE' })).toHaveLength(1);
    expect(filterConfig(entries, { ...NO_FILTER, host: CLUSTER_WIDE })).toHaveLength(5);
    expect(filterConfig(entries, { ...NO_FILTER, host: 'lab2' }).map((e) => e.key)).toEqual([
      'datanode',
      'regionserver',
    ]);
    expect(filterConfig(entries, { ...NO_FILTER, q: 'HDFS://' }).map((e) => e.key)).toEqual([
      'hbase.rootdir',
    ]);
    expect(
      filterConfig(entries, { file: 'jvm-heaps', source: 'SIZING_RULE', host: 'lab1', q: '' }),
    ).toHaveLength(1);
    expect(filterConfig(entries, { ...NO_FILTER, file: ALL, q: 'nothing-like-this' })).toEqual([]);
  });

  it('groups by file, cluster-wide values first, then by host and key', () => {
    const groups = groupByFile(entries);
    expect(groups.map((g) => g.file)).toEqual([
      'core-site',
      'hdfs-site',
      'hbase-site',
      'zoo.cfg',
      'jvm-heaps',
    ]);
    expect(groups[2]!.entries.map((e) => e.key)).toEqual([
      'hbase.rootdir',
      'hfile.block.cache.size',
      'hbase.regionserver.handler.count',
    ]);
    expect(groups[4]!.entries.map((e) => `${e.host}:${e.key}`)).toEqual([
      'lab1:datanode',
      'lab1:hbase_master',
      'lab1:namenode',
      'lab1:regionserver',
      'lab1:zookeeper',
      'lab2:datanode',
      'lab2:regionserver',
    ]);
  });

  it('counts provenance and lists hosts with their own values', () => {
    expect(sourceCounts(entries)).toEqual({ DEFAULT: 7, SIZING_RULE: 5, USER_OVERRIDE: 1 });
    expect(configHosts(entries)).toEqual(['lab1', 'lab2']);
  });
});

describe('formatRamMb', () => {
  it('shows whole GiB as GiB, the rest in MiB', () => {
    expect(formatRamMb(6144)).toBe('6 GiB');
    expect(formatRamMb(1536)).toBe('1,536 MiB');
    expect(formatRamMb(512)).toBe('512 MiB');
    expect(formatRamMb(undefined)).toBe('—');
  });
});
