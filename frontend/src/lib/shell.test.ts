import {
  BALANCER_SHELL,
  compactionShell,
  curlCommand,
  hbaseShellLines,
  hbaseString,
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
