import type { HaState } from '../../api/types';
import { haShell } from '../../lib/shell';
import { haFixture } from '../../test/fixtures';
import { failoverPlan, masterMovePlan, quorumSummary, webAddress, webHost } from './ha';

const withNamenodes = (...states: ('active' | 'standby' | 'down')[]): HaState => ({
  ...haFixture,
  namenodes: states.map((state, i) => ({
    id: `nn${i + 1}`,
    rpcAddress: `127.0.0.1:2402${i}`,
    state,
  })),
});

const withMasters = (...states: ('active' | 'backup' | 'down')[]): HaState => ({
  ...haFixture,
  masters: states.map((state, i) => ({ webUrl: `http://127.0.0.1:2461${i}`, state })),
});

describe('quorumSummary', () => {
  it('counts every mode but down as serving', () => {
    expect(quorumSummary(haFixture.zookeepers)).toEqual({
      serving: 3,
      total: 3,
      hasQuorum: true,
      text: '3 of 3 serving',
      tone: 'ok',
    });
  });

  it('warns while a majority still serves and is bad once it does not', () => {
    const one = [...haFixture.zookeepers];
    one[0] = { ...one[0]!, mode: 'down' };
    expect(quorumSummary(one)).toMatchObject({
      text: '2 of 3 serving',
      hasQuorum: true,
      tone: 'warn',
    });
    one[1] = { ...one[1]!, mode: 'down' };
    expect(quorumSummary(one)).toMatchObject({
      text: '1 of 3 serving',
      hasQuorum: false,
      tone: 'bad',
    });
  });

  it('has no quorum without servers, and a standalone server is its own quorum', () => {
    expect(quorumSummary([])).toMatchObject({ hasQuorum: false, text: '0 of 0 serving' });
    expect(quorumSummary([{ address: 'zk:2181', mode: 'standalone' }])).toMatchObject({
      hasQuorum: true,
      tone: 'ok',
    });
  });
});

describe('failoverPlan', () => {
  it('makes the standby active, from the active one', () => {
    expect(failoverPlan(haFixture)).toEqual({ enabled: true, from: 'nn1', to: 'nn2' });
    expect(failoverPlan(withNamenodes('standby', 'active'))).toEqual({
      enabled: true,
      from: 'nn2',
      to: 'nn1',
    });
  });

  it('is disabled and names the down NameNode when there is no standby', () => {
    const plan = failoverPlan(withNamenodes('active', 'down'));
    expect(plan).toEqual({
      enabled: false,
      reason: 'No standby NameNode to take over: nn2 is down.',
    });
  });

  it('is disabled when no NameNode is active', () => {
    const plan = failoverPlan(withNamenodes('down', 'standby'));
    expect(plan.enabled).toBe(false);
    expect(!plan.enabled && plan.reason).toMatch(/No NameNode is active/);
  });
});

describe('masterMovePlan', () => {
  it('hands over from the active HMaster to the backup', () => {
    expect(masterMovePlan(haFixture)).toEqual({
      enabled: true,
      from: 'http://127.0.0.1:24610',
      to: 'http://127.0.0.1:24611',
    });
  });

  it('is disabled without a backup, without an active one, or without known masters', () => {
    expect(masterMovePlan(withMasters('active', 'down'))).toEqual({
      enabled: false,
      reason: 'No backup HMaster runs to take over; start one first.',
    });
    const noActive = masterMovePlan(withMasters('down', 'backup'));
    expect(!noActive.enabled && noActive.reason).toMatch(/No HMaster is active/);
    const unknown = masterMovePlan(withMasters());
    expect(!unknown.enabled && unknown.reason).toMatch(/without HMaster web URLs/);
  });
});

describe('web addresses and shell equivalents', () => {
  it('reads host and host:port from a web URL, and keeps what does not parse', () => {
    expect(webHost('http://hbase-2.lab:16010/master-status')).toBe('hbase-2.lab');
    expect(webAddress('http://hbase-2.lab:16010/master-status')).toBe('hbase-2.lab:16010');
    expect(webAddress('not a url')).toBe('not a url');
  });

  it('spells the failover and the master move like the backend runs them', () => {
    expect(haShell.failover('granary-ha', 'nn1', 'nn2')).toBe(
      'hdfs haadmin -ns granary-ha -failover nn1 nn2',
    );
    expect(haShell.masterMove('PROVISIONED', { host: 'hbase-2.lab', address: 'x' })).toEqual([
      'ssh hbase-2.lab systemctl restart granary-master',
    ]);
    expect(
      haShell.masterMove('LOCAL', { host: '127.0.0.1', address: '127.0.0.1:24610' })[0],
    ).toContain('127.0.0.1:24610');
  });
});
