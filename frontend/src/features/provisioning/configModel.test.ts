import type { ConfigKey } from '../../api/types';
import { clusterConfigFixture, configKeysFixture } from '../../test/fixtures';
import {
  changeRequest,
  checkRow,
  CLUSTER_GROUP,
  configFindings,
  configGroups,
  draftErrors,
  draftFromConfig,
  draftKey,
  findingTarget,
  groupEdits,
  keyIndex,
  newRow,
  parseBytes,
  suggestedKeys,
  typeHint,
  validateValue,
} from './configModel';

const keys = keyIndex(configKeysFixture);
const meta = (key: string) => keys.get(key)!;

describe('groups and rows', () => {
  it('puts cluster-wide first, then each role the cluster runs in restart order', () => {
    const groups = configGroups(clusterConfigFixture);
    expect(groups.map((g) => g.id)).toEqual([
      CLUSTER_GROUP,
      'regionserver',
      'datanode',
      'zookeeper',
      'namenode',
      'hbase_master',
    ]);
    expect(groups[0]).toMatchObject({ label: 'Cluster-wide' });
    expect(groups[0]!.hosts).toEqual(['lab1', 'lab2', 'lab3', 'lab4', 'lab5']);
    expect(groups[1]).toMatchObject({
      label: 'RegionServer',
      hosts: ['lab1', 'lab2', 'lab3', 'lab4'],
    });
  });

  it('turns the installed values into rows and back into the same request', () => {
    const draft = draftFromConfig(clusterConfigFixture);
    expect(draft[CLUSTER_GROUP]!.map((r) => [r.file, r.key, r.value])).toEqual([
      ['hbase-site', 'hbase.regionserver.handler.count', '30'],
      ['hdfs-site', 'dfs.replication', '3'],
    ]);
    expect(draft.datanode).toEqual([]);
    expect(changeRequest(draft, 2)).toEqual({
      overrides: clusterConfigFixture.overrides,
      roleOverrides: clusterConfigFixture.roleOverrides,
      batchSize: 2,
    });
  });

  it('drops rows without a key, trims keys and counts the edits of a group', () => {
    const draft = draftFromConfig(clusterConfigFixture);
    const before = draftKey(draft);
    const rows = [
      ...draft.regionserver!.map((r) => ({ ...r, value: '0.5' })),
      newRow('hbase-site', '  hbase.custom.knob ', 'on'),
      newRow('hbase-site', '', ''),
    ];
    const next = { ...draft, regionserver: rows, [CLUSTER_GROUP]: draft[CLUSTER_GROUP]!.slice(1) };
    expect(changeRequest(next).roleOverrides).toEqual({
      regionserver: {
        'hbase-site': { 'hbase.custom.knob': 'on', 'hfile.block.cache.size': '0.5' },
      },
    });
    expect(draftKey(next)).not.toBe(before);
    expect(groupEdits(rows, clusterConfigFixture.roleOverrides.regionserver)).toBe(2);
    expect(groupEdits(next[CLUSTER_GROUP]!, clusterConfigFixture.overrides)).toBe(1);
    expect(draftKey(draftFromConfig(clusterConfigFixture))).toBe(before);
  });
});

describe('typed checks of known keys', () => {
  it('checks whole numbers and their bounds', () => {
    const handlers = meta('hbase.regionserver.handler.count');
    expect(validateValue(handlers, '60')).toBeUndefined();
    expect(validateValue(handlers, '6.5')).toBe('must be a whole number');
    expect(validateValue(handlers, 'sixty')).toBe('must be a whole number');
    expect(validateValue(handlers, '0')).toBe('must be between 1 and 1000');
    expect(validateValue(handlers, ' ')).toBe('needs a value (remove the row to drop the key)');
  });

  it('checks numbers, booleans and free text', () => {
    const cache = meta('hfile.block.cache.size');
    expect(validateValue(cache, '0.5')).toBeUndefined();
    expect(validateValue(cache, '.25')).toBeUndefined();
    expect(validateValue(cache, '0.9')).toBe('must be between 0 and 0.8');
    expect(validateValue(cache, 'half')).toBe('must be a number');
    const perms = meta('dfs.permissions.enabled');
    expect(validateValue(perms, 'false')).toBeUndefined();
    expect(validateValue(perms, 'TRUE')).toBeUndefined();
    expect(validateValue(perms, 'yes')).toBe('must be true or false');
    expect(validateValue(meta('hbase.master.loadbalancer.class'), 'x.Y')).toBeUndefined();
  });

  it('reads sizes with binary prefixes and checks them against the bounds in bytes', () => {
    expect(parseBytes('128m')).toBe(128 * 1024 ** 2);
    expect(parseBytes('2G')).toBe(2 * 1024 ** 3);
    expect(parseBytes('1.5g')).toBeNaN();
    const flush = meta('hbase.hregion.memstore.flush.size');
    expect(validateValue(flush, '256m')).toBeUndefined();
    expect(validateValue(flush, '134217728')).toBeUndefined();
    expect(validateValue(flush, '512k')).toBe('must be at least 1.0 MiB');
    expect(validateValue(flush, '128 MB')).toMatch(/^must be a size in bytes/);
  });

  it('takes durations as whole milliseconds and names the bounds as times', () => {
    const timeout = meta('zookeeper.session.timeout');
    expect(validateValue(timeout, '60000')).toBeUndefined();
    expect(validateValue(timeout, '60s')).toBe('must be a whole number of milliseconds');
    expect(validateValue(timeout, '500')).toBe('must be between 1s and 5m');
  });

  it('says type, bounds and default under the input', () => {
    expect(typeHint(meta('hbase.regionserver.handler.count'))).toBe(
      'whole number · 1–1000 · default 30',
    );
    expect(typeHint(meta('hbase.hregion.memstore.flush.size'))).toBe(
      'bytes (k, m, g, t suffixes) · ≥ 1.0 MiB · default 134217728 (128.0 MiB)',
    );
    expect(typeHint(meta('zookeeper.session.timeout'))).toBe(
      'milliseconds · 1s–5m · default 90000 (1m 30s)',
    );
    const bare: ConfigKey = { key: 'k', file: 'hbase-site', type: 'string', roles: [] };
    expect(typeHint(bare)).toBe('text');
  });
});

describe('row checks', () => {
  const rows = (...r: ReturnType<typeof newRow>[]) => r;

  it('warns about unknown keys but lets them through', () => {
    const row = newRow('hbase-site', 'hbase.custom.knob', 'on');
    const check = checkRow(row, rows(row), CLUSTER_GROUP, keys);
    expect(check.error).toBeUndefined();
    expect(check.meta).toBeUndefined();
    expect(check.warning).toBe(
      'Not a key Granary knows: written into hbase-site as given, without a check.',
    );
  });

  it('flags a typed error, a key set twice, a missing key and a wrong file', () => {
    const bad = newRow('hbase-site', 'hbase.regionserver.handler.count', 'lots');
    expect(checkRow(bad, rows(bad), CLUSTER_GROUP, keys).error).toBe('must be a whole number');
    const a = newRow('hdfs-site', 'dfs.replication', '3');
    const b = newRow('hdfs-site', 'dfs.replication', '2');
    expect(checkRow(b, rows(a, b), CLUSTER_GROUP, keys).error).toBe(
      'dfs.replication is set twice in this group',
    );
    const keyless = newRow('hdfs-site', '', '2');
    expect(checkRow(keyless, rows(keyless), CLUSTER_GROUP, keys).error).toBe('needs a key');
    const empty = newRow();
    expect(checkRow(empty, rows(empty), CLUSTER_GROUP, keys)).toEqual({});
    const moved = newRow('core-site', 'dfs.replication', '2');
    expect(checkRow(moved, rows(moved), CLUSTER_GROUP, keys).error).toBe(
      'dfs.replication belongs in hdfs-site, not core-site',
    );
    expect(draftErrors({ [CLUSTER_GROUP]: [bad, a], datanode: [keyless] }, keys)).toBe(2);
  });

  it('warns when a role group sets a key its role does not read', () => {
    const row = newRow('hdfs-site', 'dfs.replication', '2');
    expect(checkRow(row, rows(row), 'regionserver', keys).warning).toBe(
      'RegionServer does not read dfs.replication (NameNode, DataNode do): here it changes nothing.',
    );
    expect(checkRow(row, rows(row), 'datanode', keys).warning).toBeUndefined();
  });

  it('offers a role group only the keys its role reads', () => {
    expect(suggestedKeys(configKeysFixture, 'hbase_master').map((k) => k.key)).toEqual([
      'hbase.master.loadbalancer.class',
      'zookeeper.session.timeout',
    ]);
    expect(suggestedKeys(configKeysFixture, CLUSTER_GROUP)).toHaveLength(configKeysFixture.length);
  });
});

describe('findings', () => {
  it('reads where a finding points', () => {
    expect(findingTarget('overrides.hbase-site["hbase.regionserver.handler.count"]')).toEqual({
      group: CLUSTER_GROUP,
      file: 'hbase-site',
      key: 'hbase.regionserver.handler.count',
    });
    expect(findingTarget('roleOverrides.regionserver.zoo.cfg["tickTime"]')).toEqual({
      group: 'regionserver',
      file: 'zoo.cfg',
      key: 'tickTime',
    });
    expect(findingTarget('overrides.hbase-site')).toEqual({
      group: CLUSTER_GROUP,
      file: 'hbase-site',
    });
    expect(findingTarget('hosts[0]')).toBeUndefined();
  });

  it('splits errors from warnings and names the group, file and key', () => {
    const groups = configGroups(clusterConfigFixture);
    const { errors, warnings } = configFindings(
      [
        {
          code: 'invalid-override-value',
          severity: 'ERROR',
          field: 'overrides.hbase-site["hbase.regionserver.handler.count"]',
          message: 'needs a whole number',
        },
        {
          code: 'unknown-override-key',
          severity: 'WARNING',
          field: 'roleOverrides.regionserver.hbase-site["hbase.custom.knob"]',
          message: 'not a key Granary knows',
        },
        { code: 'something-new', severity: 'WARNING', field: '', message: 'hm' },
      ],
      groups,
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      title: 'Invalid value',
      where: 'Cluster-wide · hbase-site · hbase.regionserver.handler.count',
    });
    expect(warnings.map((w) => [w.title, w.where])).toEqual([
      ['Unknown key', 'RegionServer · hbase-site · hbase.custom.knob'],
      ['Warning', 'configuration'],
    ]);
  });
});
