import { ecConversionFixture, ecPoliciesFixture, ecReportFixture } from '../../test/fixtures';
import {
  conversionProgress,
  directoryPolicyShell,
  filesText,
  formatTimes,
  layoutFor,
  layoutLabel,
  normalizeHdfsPath,
  pathCrumbs,
  policyAction,
  policyActionShell,
  policyLabel,
  policyOptions,
  reportLayouts,
  throttleText,
} from './ecModel';

const policies = ecPoliciesFixture.policies;

describe('policy formatting', () => {
  it('shows storage overhead and ratios with at most two decimals', () => {
    expect(formatTimes(5 / 3)).toBe('1.67×');
    expect(formatTimes(1.5)).toBe('1.5×');
    expect(formatTimes(3)).toBe('3×');
    expect(formatTimes(undefined)).toBe('—');
    expect(formatTimes(Number.NaN)).toBe('—');
  });

  it('names replication and the current layout for people', () => {
    expect(policyLabel('replication')).toBe('3× replication');
    expect(policyLabel('RS-3-2-1024k')).toBe('RS-3-2-1024k');
    expect(policyLabel(undefined, 'none')).toBe('none');
    expect(layoutLabel('current')).toBe('Current layout');
    expect(layoutLabel('replication')).toBe('3× replication');
  });

  it('offers only enabled policies, after a placeholder, with replication for directories', () => {
    expect(policyOptions(policies, { placeholder: 'Choose…' }).map((o) => o.value)).toEqual([
      '',
      'RS-6-3-1024k',
      'XOR-2-1-1024k',
    ]);
    const withReplication = policyOptions(policies, { placeholder: 'Choose…', replication: true });
    expect(withReplication.at(-1)?.value).toBe('replication');
    expect(withReplication[1]?.label).toBe('RS-6-3-1024k (1.5×) — does not fit the cluster');
    expect(withReplication[2]?.label).toBe('XOR-2-1-1024k (1.5×)');
    expect(policyOptions(undefined, { placeholder: 'x' })).toEqual([{ value: '', label: 'x' }]);
  });

  it('offers enable for a disabled policy, disable for an enabled one, nothing once removed', () => {
    expect(policyAction('DISABLED')).toBe('enable');
    expect(policyAction('ENABLED')).toBe('disable');
    expect(policyAction('REMOVED')).toBeUndefined();
  });

  it("uses the backend's shell line when it is the action's, else builds it", () => {
    const rs32 = policies[1]!;
    expect(policyActionShell(rs32, 'enable')).toBe('hdfs ec -enablePolicy -policy RS-3-2-1024k');
    expect(
      policyActionShell(
        { ...rs32, shellCommand: 'sudo -u hdfs hdfs ec -enablePolicy -policy RS-3-2-1024k' },
        'enable',
      ),
    ).toBe('sudo -u hdfs hdfs ec -enablePolicy -policy RS-3-2-1024k');
    expect(policyActionShell(rs32, 'disable')).toBe('hdfs ec -disablePolicy -policy RS-3-2-1024k');
  });

  it('builds the hdfs line of each directory change', () => {
    expect(directoryPolicyShell('/data/archive', 'RS-3-2-1024k')).toBe(
      'hdfs ec -setPolicy -path /data/archive -policy RS-3-2-1024k',
    );
    expect(directoryPolicyShell('/data/archive', 'replication')).toBe(
      'hdfs ec -setPolicy -path /data/archive -replicate',
    );
    expect(directoryPolicyShell('/data/archive', undefined)).toBe(
      'hdfs ec -unsetPolicy -path /data/archive',
    );
    expect(directoryPolicyShell('/my dir', '')).toBe(
      "hdfs ec -setPolicy -path '/my dir' -policy <policy>",
    );
  });
});

describe('HDFS paths', () => {
  it('normalises to an absolute path without doubled or trailing slashes', () => {
    expect(normalizeHdfsPath('')).toBe('/');
    expect(normalizeHdfsPath(' hbase//data/ ')).toBe('/hbase/data');
    expect(normalizeHdfsPath('/')).toBe('/');
  });

  it('splits a path into breadcrumb links from the root', () => {
    expect(pathCrumbs('/hbase/data')).toEqual([
      { name: '/', path: '/' },
      { name: 'hbase', path: '/hbase' },
      { name: 'data', path: '/hbase/data' },
    ]);
    expect(pathCrumbs('/')).toEqual([{ name: '/', path: '/' }]);
  });
});

describe('savings reports', () => {
  it('lists the current layout first and once, then the API order', () => {
    const report = {
      ...ecReportFixture,
      layouts: [ecReportFixture.current, ...ecReportFixture.layouts],
    };
    expect(reportLayouts(report).map((l) => l.layout)).toEqual([
      'current',
      'RS-6-3-1024k',
      'RS-3-2-1024k',
      'replication',
    ]);
  });

  it('finds the prediction of one layout', () => {
    expect(layoutFor(ecReportFixture, 'RS-3-2-1024k')?.rawBytes).toBe(510 * 1024 ** 2);
    expect(layoutFor(ecReportFixture, 'RS-10-4-1024k')).toBeUndefined();
    expect(layoutFor(undefined, 'RS-3-2-1024k')).toBeUndefined();
  });
});

describe('conversions', () => {
  it('counts converted and failed files over the total', () => {
    expect(conversionProgress(ecConversionFixture)).toEqual({
      finished: 10,
      total: 20,
      percent: 50,
      indeterminate: false,
    });
    expect(
      conversionProgress({ ...ecConversionFixture, filesDone: 19, filesFailed: 0 }).percent,
    ).toBe(95);
  });

  it('is indeterminate while still listing files, full once over with none', () => {
    const none = { filesTotal: 0, filesDone: 0, filesFailed: 0 };
    expect(conversionProgress({ ...none, state: 'RUNNING' }).indeterminate).toBe(true);
    expect(conversionProgress({ ...none, state: 'SUCCEEDED' }).percent).toBe(100);
  });

  it('says how many files are done and failed, and the throttle', () => {
    expect(filesText(ecConversionFixture)).toBe('9 of 20 files converted · 1 failed');
    expect(filesText({ filesTotal: 1200, filesDone: 1200, filesFailed: 0 })).toBe(
      '1,200 of 1,200 files converted',
    );
    expect(throttleText(0)).toBe('unthrottled');
    expect(throttleText(undefined)).toBe('unthrottled');
    expect(throttleText(50)).toBe('50 MiB/s');
  });
});
