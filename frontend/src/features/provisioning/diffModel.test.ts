import type { PlanDiff } from '../../api/types';
import { installedVersionFixture } from '../../test/fixtures';
import {
  configChangeKind,
  diffBase,
  diffHeadline,
  formatValueChange,
  groupConfigChanges,
  isEmptyDiff,
  restartLines,
  revertedChanges,
  roleChangeText,
  roleList,
} from './diffModel';

const empty: PlanDiff = {
  hostsAdded: [],
  hostsRemoved: [],
  roleChanges: [],
  configChanges: [],
  restarts: [],
  summary: ['nothing changes'],
};
const diff = installedVersionFixture.diff;

describe('plan diff', () => {
  it('is empty when nothing is added, removed, changed or restarted', () => {
    expect(isEmptyDiff(empty)).toBe(true);
    expect(diffHeadline(empty)).toBe('No change');
    expect(isEmptyDiff(diff)).toBe(false);
    expect(isEmptyDiff({ ...empty, restarts: [{ role: 'datanode', hosts: ['lab1'] }] })).toBe(
      false,
    );
  });

  it('counts what changes in its headline', () => {
    expect(diffHeadline(diff)).toBe(
      '1 host added · 1 host changes roles · 3 config changes · 2 roles restart',
    );
    expect(diffHeadline({ ...empty, hostsRemoved: ['a', 'b'] })).toBe('2 hosts removed');
  });

  it('names what it compares against', () => {
    expect(diffBase(diff)).toBe('against installed version 1');
    expect(diffBase(empty)).toBe('first install: nothing installed to compare with');
  });

  it('tells added, removed and changed keys apart and shows old → new', () => {
    const [replication, handlers, exclude] = diff.configChanges;
    expect(configChangeKind(replication!)).toBe('changed');
    expect(formatValueChange(replication!)).toBe('2 → 3');
    expect(configChangeKind(handlers!)).toBe('added');
    expect(formatValueChange(handlers!)).toBe('(unset) → 40');
    expect(configChangeKind(exclude!)).toBe('removed');
    expect(formatValueChange(exclude!)).toBe('/etc/granary/exclude → (unset)');
  });

  it('groups config changes by file in the planner’s order, cluster-wide first', () => {
    const groups = groupConfigChanges([
      { file: 'hbase-site', key: 'b', host: 'lab2', newValue: '1' },
      { file: 'hbase-site', key: 'z', oldValue: '1', newValue: '2' },
      { file: 'hbase-site', key: 'a', host: 'lab2', newValue: '1' },
      { file: 'custom', key: 'k', newValue: 'v' },
      { file: 'hdfs-site', key: 'dfs.replication', oldValue: '3', newValue: '2' },
    ]);
    expect(groups.map((g) => g.file)).toEqual(['hdfs-site', 'hbase-site', 'custom']);
    expect(groups[1]!.changes.map((c) => `${c.host ?? '*'}:${c.key}`)).toEqual([
      '*:z',
      'lab2:a',
      'lab2:b',
    ]);
  });

  it('names roles and restarts in the planner’s order', () => {
    expect(roleList(['regionserver', 'datanode', 'zkfc'])).toBe('DataNode, RegionServer, ZKFC');
    expect(roleChangeText(diff.roleChanges[0]!)).toBe('+ DataNode, RegionServer');
    expect(roleChangeText({ host: 'lab5', added: ['zookeeper'], removed: ['datanode'] })).toBe(
      '+ ZooKeeper · − DataNode',
    );
    expect(restartLines(diff.restarts)).toEqual([
      'DataNode on lab1, lab2, lab3',
      'RegionServer on lab1, lab2, lab3',
    ]);
    expect(restartLines([{ role: 'hbase_master', hosts: [] }])).toEqual(['HMaster']);
  });
});

describe('role-group values and reverts', () => {
  const changes = [
    { file: 'hbase-site', key: 'hbase.regionserver.handler.count', oldValue: '60', newValue: '30' },
    { file: 'hdfs-site', key: 'dfs.namenode.handler.count', oldValue: '36', newValue: '32' },
    { file: 'hbase-site', key: 'hfile.block.cache.size', role: 'regionserver', oldValue: '0.5' },
    { file: 'jvm-heaps', key: 'regionserver', host: 'lab1', oldValue: '1g', newValue: '2g' },
    { file: 'hbase-site', key: 'hbase.regionserver.handler.count', role: 'regionserver' },
    { file: 'hbase-site', key: 'hbase.regionserver.handler.count', host: 'lab2' },
  ];

  it('orders cluster-wide values, then role groups in planner order, then per-host ones', () => {
    const [hbase] = groupConfigChanges(changes).filter((g) => g.file === 'hbase-site');
    expect(hbase!.changes.map((c) => [c.key, c.role ?? c.host ?? '*'])).toEqual([
      ['hbase.regionserver.handler.count', '*'],
      ['hbase.regionserver.handler.count', 'regionserver'],
      ['hfile.block.cache.size', 'regionserver'],
      ['hbase.regionserver.handler.count', 'lab2'],
    ]);
  });

  it('keeps for a revert the overrides and role-group values, not what the planner derived', () => {
    const plans = [
      {
        config: [
          {
            file: 'hbase-site',
            key: 'hbase.regionserver.handler.count',
            value: '60',
            source: 'USER_OVERRIDE' as const,
          },
          {
            file: 'hdfs-site',
            key: 'dfs.namenode.handler.count',
            value: '36',
            source: 'SIZING_RULE' as const,
          },
        ],
      },
      { config: [] },
    ];
    expect(revertedChanges(changes, plans).map((c) => [c.key, c.role ?? c.host ?? '*'])).toEqual([
      ['hbase.regionserver.handler.count', '*'],
      ['hfile.block.cache.size', 'regionserver'],
      ['hbase.regionserver.handler.count', 'regionserver'],
    ]);
  });
});
