import ycsbCases from '../../../../backend/openapi/examples/ycsb-commands.json';
import type { BenchmarkSpec } from '../../api/types';
import { benchmarkPresetsFixture } from '../../test/fixtures';
import { applyPreset, type BenchmarkForm, defaultBenchmarkForm, specFromForm } from './formModel';
import { benchmarkShellLines } from './shellCommand';

const preset = (id: string) => benchmarkPresetsFixture.find((p) => p.id === id)!;
const lines = (overrides: Partial<BenchmarkForm> = {}, presetId?: string) => {
  const base = defaultBenchmarkForm('usertable');
  const f = presetId ? applyPreset(base, preset(presetId)) : base;
  return benchmarkShellLines(specFromForm({ ...f, ...overrides }));
};

describe('benchmarkShellLines', () => {
  it('gives hbase pe a load and the read, with --rows split per thread', () => {
    expect(lines()).toEqual([
      '# closed loop, 4 threads, 30 s measured after 5 s warm-up; PE stops after --rows per thread',
      'hbase pe --nomapred --table=usertable --families=1 --rows=25000 --valueSize=1000 sequentialWrite 4',
      'hbase pe --nomapred --table=usertable --families=1 --rows=25000 --valueSize=1000 randomRead 4',
    ]);
  });

  it('maps batches, buffering and scans onto PE options', () => {
    const write = lines({ workload: 'randomWrite', batchSize: '50', clientBuffering: true });
    expect(write).toHaveLength(2);
    expect(write[1]).toBe(
      'hbase pe --nomapred --table=usertable --families=1 --rows=25000 --valueSize=1000 --multiPut=50 --autoFlush=false randomWrite 4',
    );
    expect(lines({ batchSize: '10' }).at(-1)).toContain('--multiGet=10 randomRead');
    expect(lines({ workload: 'sequentialRead', batchSize: '5' }).at(-1)).toContain(
      '--multiGet=5 sequentialRead',
    );
    expect(lines({ workload: 'scan', scanLength: '100' }).at(-1)).toMatch(/ scanRange100 4$/);
    expect(lines({ workload: 'scan', scanLength: '42' }).at(-1)).toMatch(/ scanRange10 4$/);
    expect(lines({ workload: 'scan', scanLength: '5000' }).at(-1)).toMatch(/ scanRange1000 4$/);
    expect(lines({ loadFirst: false })).toHaveLength(2);
    expect(lines({ mode: 'open', targetRate: '500' })[0]).toContain(
      'open loop at 500 ops/s, 4 threads',
    );
    expect(lines({ mode: 'open', targetRate: '500' })[0]).toContain('PE has no target rate');
  });

  it('gives YCSB exactly the run page commands (shared cases with the backend)', () => {
    expect(ycsbCases.cases.length).toBeGreaterThanOrEqual(3);
    for (const c of ycsbCases.cases) {
      expect(benchmarkShellLines(c.spec as BenchmarkSpec), c.name).toEqual(c.lines);
    }
  });

  it('builds the YCSB lines from the form: preset, rate, workload file', () => {
    const [load, warmup, run] = lines({ mode: 'open', targetRate: '2000', family: 'cf' }, 'ycsb-a');
    expect(load).toMatch(/^bin\/ycsb load hbase2 -cp "\$HBASE_CONF_DIR" -P workloads\/workloada /);
    expect(warmup).toContain('-p maxexecutiontime=10 -threads 8 -target 2000  # warm-up');
    expect(run).toContain('-p hdrhistogram.percentiles=50,95,99,99.9 -threads 8 -target 2000 -s');
    expect(lines({}, 'ycsb-e').at(-1)).toContain('-p maxscanlength=50');
    expect(lines({ clientBuffering: true }, 'ycsb-a').at(-1)).toContain('-p clientbuffering=true');
    const file = lines({ ycsbProperties: 'readproportion=1\n' }, 'ycsb-a');
    expect(file[0]).toContain('# my-workload.properties');
    expect(file.at(-1)).toContain('-P my-workload.properties');
  });

  it('shows placeholders for fields not filled in and quotes odd table names', () => {
    const [load, , run] = lines({ table: '', threads: '', ycsbWorkload: '' }, 'ycsb-a');
    expect(load).toContain('-P workloads/<workload> -p table=<table> -p columnfamily=<family>');
    expect(run).toContain('-threads <threads>');
    expect(lines({ table: "my 'table" }).at(-1)).toContain(`'--table=my '\\''table'`);
    expect(lines({ threads: 'x' }).at(-1)).toContain('--rows=<rows per thread>');
  });

  it('describes batch RMW, which no stock tool runs, after its load', () => {
    const out = lines({}, 'rmw-batch');
    expect(out[0]).toContain('no stock tool runs batched read-modify-write');
    expect(out[1]).toBe(
      '# each thread: multi-get 100 random keys of 0..1000-1, then put them back changed',
    );
    expect(out[2]).toMatch(/^hbase pe .* sequentialWrite 8$/);
  });
});
