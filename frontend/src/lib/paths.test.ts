import { apiUrls, paths, safeNext } from './paths';

describe('paths', () => {
  it('builds route URLs with encoded segments', () => {
    expect(paths.cluster(3)).toBe('/clusters/3');
    expect(paths.operation('3f1d2c4b-5a69-4e7f-8a1b-2c3d4e5f6a7b')).toBe(
      '/operations/3f1d2c4b-5a69-4e7f-8a1b-2c3d4e5f6a7b',
    );
    expect(apiUrls.user('a b')).toBe('/api/v1/users/a%20b');
  });

  it('adds only set query parameters', () => {
    expect(paths.audit()).toBe('/audit');
    expect(paths.audit({ username: 'admin', page: 0, result: 'DENIED' })).toBe(
      '/audit?username=admin&result=DENIED',
    );
    expect(paths.audit({ page: 2, size: 25 })).toBe('/audit?page=2&size=25');
    expect(paths.operations({ state: 'RUNNING' })).toBe('/operations?state=RUNNING');
  });

  it('accepts only in-app paths as post-login target', () => {
    expect(paths.login('/clusters/1')).toBe('/login?next=%2Fclusters%2F1');
    expect(paths.login()).toBe('/login');
    expect(safeNext('//evil.example')).toBeUndefined();
    expect(safeNext('https://evil.example')).toBeUndefined();
    expect(safeNext('/login?next=/x')).toBeUndefined();
    expect(safeNext('/audit?page=2')).toBe('/audit?page=2');
  });
});

describe('table paths', () => {
  it('encodes the namespace colon and keeps only non-default filters', () => {
    expect(paths.table(1, 'metrics:cpu')).toBe('/clusters/1/tables/metrics%3Acpu');
    expect(paths.table(1, 'orders', 'heatmap')).toBe('/clusters/1/tables/orders?tab=heatmap');
    expect(paths.table(1, 'orders', 'descriptor')).toBe('/clusters/1/tables/orders');
    expect(paths.tableAlter(1, 'metrics:cpu')).toBe('/clusters/1/tables/metrics%3Acpu/alter');
    expect(paths.tables(1)).toBe('/clusters/1/tables');
    expect(paths.tables(1, { namespace: 'metrics', q: 'cp', sort: 'name', page: 0 })).toBe(
      '/clusters/1/tables?namespace=metrics&q=cp',
    );
    expect(paths.tables(1, { sort: 'writes', page: 2, size: 25 })).toBe(
      '/clusters/1/tables?sort=writes&page=2&size=25',
    );
  });

  it('keeps a default-namespace table called "new" off the create route', () => {
    expect(paths.tableCreate(1)).toBe('/clusters/1/tables/new');
    expect(paths.table(1, 'new')).toBe('/clusters/1/tables/default%3Anew');
  });
});

describe('compaction paths', () => {
  it('builds the compactions page, its tabs, schedules and runs', () => {
    expect(paths.compactions(1)).toBe('/clusters/1/compactions');
    expect(paths.compactions(1, { tab: 'schedules' })).toBe('/clusters/1/compactions');
    expect(paths.compactions(1, { tab: 'runs' })).toBe('/clusters/1/compactions?tab=runs');
    expect(paths.compactions(1, { tab: 'compact', table: 'metrics:cpu' })).toBe(
      '/clusters/1/compactions?tab=compact&table=metrics%3Acpu',
    );
    expect(paths.compactionScheduleCreate(1)).toBe('/clusters/1/compactions/schedules/new');
    expect(paths.compactionScheduleEdit(1, 7)).toBe('/clusters/1/compactions/schedules/7/edit');
    expect(paths.compactionRun(1, 42)).toBe('/clusters/1/compactions/runs/42');
    expect(paths.table(1, 'orders', 'compactions')).toBe(
      '/clusters/1/tables/orders?tab=compactions',
    );
    expect(apiUrls.compactionSchedule(1, 7)).toBe('/api/v1/clusters/1/compactions/schedules/7');
  });
});

describe('erasure coding paths', () => {
  it('builds the page with its tab, path and policy, and a conversion', () => {
    expect(paths.erasureCoding(1)).toBe('/clusters/1/erasure-coding');
    expect(paths.erasureCoding(1, { tab: 'policies' })).toBe('/clusters/1/erasure-coding');
    expect(paths.erasureCoding(1, { tab: 'directories', path: '/hbase/data' })).toBe(
      '/clusters/1/erasure-coding?tab=directories&path=%2Fhbase%2Fdata',
    );
    expect(
      paths.erasureCoding(1, { tab: 'conversions', path: '/a b', policy: 'RS-3-2-1024k' }),
    ).toBe('/clusters/1/erasure-coding?tab=conversions&path=%2Fa+b&policy=RS-3-2-1024k');
    expect(paths.ecConversion(1, 5)).toBe('/clusters/1/erasure-coding/conversions/5');
    expect(paths.table(1, 'orders', 'erasure-coding')).toBe(
      '/clusters/1/tables/orders?tab=erasure-coding',
    );
  });
});

describe('benchmark paths', () => {
  it('builds the list with preselected runs, the form, a run, the comparison and exports', () => {
    expect(paths.benchmarks(1)).toBe('/clusters/1/benchmarks');
    expect(paths.benchmarks(1, { select: [] })).toBe('/clusters/1/benchmarks');
    expect(paths.benchmarks(1, { select: [12] })).toBe('/clusters/1/benchmarks?select=12');
    expect(paths.benchmarkNew(1)).toBe('/clusters/1/benchmarks/new');
    expect(paths.benchmarkNew(1, { table: 'ns:t', preset: 'ycsb-a' })).toBe(
      '/clusters/1/benchmarks/new?table=ns%3At&preset=ycsb-a',
    );
    expect(paths.benchmarkRun(1, 7)).toBe('/clusters/1/benchmarks/runs/7');
    expect(paths.benchmarkCompare(1, [7, 9])).toBe('/clusters/1/benchmarks/compare?runs=7,9');
    expect(apiUrls.benchmarkExport(1, 7, 'csv')).toBe(
      '/api/v1/clusters/1/benchmarks/runs/7/export?format=csv',
    );
    expect(apiUrls.benchmarkCancel(1, 7)).toBe('/api/v1/clusters/1/benchmarks/runs/7/cancel');
  });
});

describe('provisioning paths', () => {
  it('builds installed versions, a version, the scale-in page and the run controls', () => {
    expect(paths.installs(5)).toBe('/clusters/5/installs');
    expect(paths.install(5, 2)).toBe('/clusters/5/installs/2');
    expect(paths.scaleIn(5)).toBe('/clusters/5/scale-in');
    expect(paths.provisioningRun(11)).toBe('/provisioning/runs/11');
    expect(apiUrls.scaleInPreflight(5)).toBe('/api/v1/clusters/5/scale-in/preflight');
    expect(apiUrls.scaleIn(5)).toBe('/api/v1/clusters/5/scale-in');
    expect(apiUrls.provisioningRunPause(11)).toBe('/api/v1/provisioning/runs/11/pause');
    expect(apiUrls.provisioningRunResume(11)).toBe('/api/v1/provisioning/runs/11/resume');
  });

  it('builds the day-2 pages and their API calls', () => {
    expect(paths.installs(5, { from: 1, to: 3 })).toBe('/clusters/5/installs?from=1&to=3');
    expect(paths.rollingRestart(5)).toBe('/clusters/5/rolling-restart');
    expect(paths.rollingRestart(5, { onlyChanged: true })).toBe(
      '/clusters/5/rolling-restart?onlyChanged=true',
    );
    expect(paths.config(5)).toBe('/clusters/5/config');
    expect(apiUrls.provisioningRunAbort(11)).toBe('/api/v1/provisioning/runs/11/abort');
    expect(apiUrls.rollingRestartPreview(5)).toBe('/api/v1/clusters/5/rolling-restart/preview');
    expect(apiUrls.installsCompare(5, 1, 3)).toBe(
      '/api/v1/clusters/5/installs/compare?from=1&to=3',
    );
    expect(apiUrls.revertConfig(5, 2)).toBe('/api/v1/clusters/5/installs/2/revert');
  });
});

describe('experiment paths', () => {
  it('builds the catalog, the launch form for a kind and a series', () => {
    expect(paths.experiments(1)).toBe('/clusters/1/experiments');
    expect(paths.experimentNew(1)).toBe('/clusters/1/experiments/new');
    expect(paths.experimentNew(1, { kind: 'ec-coder' })).toBe(
      '/clusters/1/experiments/new?kind=ec-coder',
    );
    expect(paths.experiment(1, 31)).toBe('/clusters/1/experiments/31');
    expect(apiUrls.experiments(1)).toBe('/api/v1/clusters/1/experiments');
    expect(apiUrls.experimentCancel(1, 31)).toBe('/api/v1/clusters/1/experiments/31/cancel');
  });
});
