import { grantCommand, scopeArgs } from './shell';

describe('grant commands', () => {
  it('writes each scope as the hbase shell takes it', () => {
    expect(grantCommand({ principal: 'alice', actions: 'WR' })).toBe("grant 'alice', 'RW'");
    expect(grantCommand({ principal: '@ops', actions: 'R', namespace: 'ns1' })).toBe(
      "grant '@ops', 'R', '@ns1'",
    );
    expect(grantCommand({ principal: 'bob', actions: 'RWXCA', table: 'ns1:t1' })).toBe(
      "grant 'bob', 'RWXCA', 'ns1:t1'",
    );
    expect(
      grantCommand({ principal: 'bob', actions: 'R', table: 't1', family: 'f', qualifier: 'q' }),
    ).toBe("grant 'bob', 'R', 't1', 'f', 'q'");
  });

  it('drops a qualifier without its family', () => {
    expect(scopeArgs({ table: 't1', qualifier: 'q' })).toBe(", 't1'");
  });
});
