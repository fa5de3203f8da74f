import {
  BALANCER_SHELL,
  compactionShell,
  curlCommand,
  ecShell,
  hbaseShellLines,
  hbaseString,
  shellWord,
  tableShell,
} from './shell';

describe('shell equivalents', () => {
  it('runs the balancer like the backend does', () => {
    expect(BALANCER_SHELL).toEqual(['hbase shell> balance_switch true', 'hbase shell> balancer']);
  });

  it('builds curl calls with a token and never prints a password', () => {
    expect(curlCommand('POST', '/api/v1/operations/x/cancel')).toBe(
      'curl -sS -X POST -H "Authorization: Bearer $GRANARY_TOKEN" "$GRANARY_URL/api/v1/operations/x/cancel"',
    );
    const create = curlCommand('POST', '/api/v1/users', {
      username: "o'neil",
      password: 'secret-secret',
      role: 'VIEWER',
    });
    expect(create).not.toContain('secret-secret');
    expect(create).toContain(
      `-d '{"username":"o'\\''neil","password":"<password>","role":"VIEWER"}'`,
    );
  });
});

describe('table shell equivalents', () => {
  it('prints the hbase shell commands of the table actions', () => {
    expect(tableShell.createNamespace('metrics')).toBe("hbase shell> create_namespace 'metrics'");
    expect(tableShell.truncate('orders', true)).toBe("hbase shell> truncate_preserve 'orders'");
    expect(tableShell.truncate('orders', false)).toBe("hbase shell> truncate 'orders'");
    expect(tableShell.drop('ns:t')).toEqual([
      "hbase shell> disable 'ns:t'",
      "hbase shell> drop 'ns:t'",
    ]);
    expect(tableShell.enable('t')).toBe("hbase shell> enable 't'");
    expect(tableShell.disable('t')).toBe("hbase shell> disable 't'");
  });

  it('quotes Ruby strings and prefixes backend commands with the prompt once', () => {
    expect(hbaseString("it's\\x")).toBe("'it\\'s\\\\x'");
    expect(hbaseShellLines("create 't', 'd'\nhbase shell> list\n")).toEqual([
      "hbase shell> create 't', 'd'",
      'hbase shell> list',
    ]);
  });
});

describe('compaction shell equivalents', () => {
  it('compacts a table, a family, a region or a RegionServer like the hbase shell', () => {
    expect(compactionShell.table('MAJOR', 'orders')).toBe("hbase shell> major_compact 'orders'");
    expect(compactionShell.table('MAJOR', 'ns:t', 'cf')).toBe(
      "hbase shell> major_compact 'ns:t', 'cf'",
    );
    expect(compactionShell.table('MINOR', 'orders')).toBe("hbase shell> compact 'orders'");
    expect(compactionShell.region('MAJOR', '5f2c9e0a')).toBe(
      "hbase shell> major_compact '5f2c9e0a'",
    );
    expect(compactionShell.region('MINOR', '5f2c9e0a')).toBe("hbase shell> compact '5f2c9e0a'");
    expect(compactionShell.server('MAJOR', 'rs1,16020,1700000000000')).toBe(
      "hbase shell> compact_rs 'rs1,16020,1700000000000', true",
    );
    expect(compactionShell.server('MINOR', 'rs1,16020,1')).toBe(
      "hbase shell> compact_rs 'rs1,16020,1'",
    );
  });

  it('quotes names the shell would misread', () => {
    expect(compactionShell.table('MAJOR', "o'rders")).toBe(
      "hbase shell> major_compact 'o\\'rders'",
    );
  });
});

describe('erasure coding shell equivalents', () => {
  it('quotes shell words only when they need it, placeholders never', () => {
    expect(shellWord('/data/archive-2024')).toBe('/data/archive-2024');
    expect(shellWord("/it's here")).toBe(`'/it'\\''s here'`);
    expect(shellWord('$HOME')).toBe("'$HOME'");
    expect(shellWord('<path>')).toBe('<path>');
    expect(shellWord('<x>;rm')).toBe("'<x>;rm'");
  });

  it('prints the hdfs ec commands of the policy and directory actions', () => {
    expect(ecShell.enablePolicy('RS-3-2-1024k')).toBe('hdfs ec -enablePolicy -policy RS-3-2-1024k');
    expect(ecShell.disablePolicy('XOR-2-1-1024k')).toBe(
      'hdfs ec -disablePolicy -policy XOR-2-1-1024k',
    );
    expect(ecShell.setPolicy('/a b', 'RS-6-3-1024k')).toBe(
      "hdfs ec -setPolicy -path '/a b' -policy RS-6-3-1024k",
    );
    expect(ecShell.replicate('/hbase/WALs')).toBe(
      'hdfs ec -setPolicy -path /hbase/WALs -replicate',
    );
    expect(ecShell.unsetPolicy('/data')).toBe('hdfs ec -unsetPolicy -path /data');
  });

  it('converts by hand: the policy first, then a verified rewrite of every file', () => {
    const lines = ecShell.convert('/data/archive', 'RS-3-2-1024k');
    expect(lines[0]).toBe('hdfs ec -setPolicy -path /data/archive -policy RS-3-2-1024k');
    expect(lines[1]).toContain('hdfs dfs -ls -R /data/archive');
    const loop = lines.slice(2).join('\n');
    expect(loop).toContain('hdfs dfs -cp -p "$f" "$f.ec-tmp"');
    expect(loop).toContain('COMPOSITE_CRC');
    expect(loop).toContain('hdfs dfs -mv "$f.ec-tmp" "$f"');
    expect(lines.at(-1)).toBe('done');
  });

  it("sets and clears a table's policy with alter", () => {
    expect(tableShell.ecPolicy('ns:t', 'RS-3-2-1024k')).toBe(
      "hbase shell> alter 'ns:t', ERASURE_CODING_POLICY => 'RS-3-2-1024k'",
    );
    expect(tableShell.ecPolicy('orders')).toBe(
      "hbase shell> alter 'orders', METHOD => 'table_att_unset', NAME => 'ERASURE_CODING_POLICY'",
    );
  });
});
