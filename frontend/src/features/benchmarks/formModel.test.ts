import { ApiError } from '../../api/problem';
import type { BenchmarkCeiling } from '../../api/types';
import { benchmarkPresetsFixture, benchmarkRunDetailFixture } from '../../test/fixtures';
import {
  applies,
  applyPreset,
  type BenchmarkForm,
  capacityExcess,
  defaultBenchmarkForm,
  initialBenchmarkForm,
  isCapacityRefusal,
  launchRequest,
  specForm,
  specFromForm,
  specRows,
  SPEC_DEFAULTS,
  validateBenchmark,
} from './formModel';

const [peClassic, ycsbA, , rmw] = benchmarkPresetsFixture as [
  (typeof benchmarkPresetsFixture)[0],
  (typeof benchmarkPresetsFixture)[0],
  (typeof benchmarkPresetsFixture)[0],
  (typeof benchmarkPresetsFixture)[0],
];

const form = (overrides: Partial<BenchmarkForm> = {}): BenchmarkForm => ({
  ...defaultBenchmarkForm('usertable'),
  ...overrides,
});

const fields = (errors: { field: string }[]) => errors.map((e) => e.field);

const ceiling: BenchmarkCeiling = { measured: true, opsPerSec: 10000, state: 'SUCCEEDED' };

describe('defaults and presets', () => {
  it('starts from the contract defaults, closed loop, one repetition', () => {
    const f = defaultBenchmarkForm('t1');
    expect(f).toMatchObject({
      workload: 'randomRead',
      table: 't1',
      threads: '4',
      durationSeconds: '30',
      warmupSeconds: '5',
      mode: 'closed',
      targetRate: '',
      rows: '100000',
      loadFirst: true,
      repetitions: '1',
      acceptAboveCapacity: false,
      profile: false,
    });
    expect(validateBenchmark(f)).toEqual([]);
  });

  it('fills the form from a preset and keeps the table already chosen', () => {
    const f = applyPreset(form({ family: 'cf', repetitions: '3' }), ycsbA);
    expect(f).toMatchObject({
      presetId: 'ycsb-a',
      name: 'YCSB A',
      workload: 'ycsb',
      ycsbWorkload: 'A',
      threads: '8',
      durationSeconds: '60',
      warmupSeconds: '10',
      recordCount: '100000',
      table: 'usertable',
      family: 'cf',
      repetitions: '3',
    });
  });

  it('takes an open-loop rate from a preset, and defaults for fields a preset leaves out', () => {
    const f = applyPreset(defaultBenchmarkForm(), rmw);
    expect(f.mode).toBe('open');
    expect(f.targetRate).toBe('2000');
    expect(f.hotKeys).toBe('1000');
    expect(f.table).toBe('');
    const sparse = specForm({ workload: 'scan' });
    expect(sparse.scanLength).toBe(String(SPEC_DEFAULTS.scanLength));
    expect(sparse.mode).toBe('closed');
  });

  it('opens with the preset and table of the URL, or the defaults for an unknown preset', () => {
    expect(initialBenchmarkForm(benchmarkPresetsFixture, 'ycsb-e', 'orders')).toMatchObject({
      presetId: 'ycsb-e',
      table: 'orders',
      scanLength: '50',
    });
    expect(initialBenchmarkForm(undefined, 'ycsb-e', null)).toEqual(defaultBenchmarkForm());
    expect(initialBenchmarkForm(benchmarkPresetsFixture, 'nope', null).presetId).toBe('');
  });
});

describe('fields per workload', () => {
  it('shows PE fields for PE workloads, YCSB fields for ycsb, RMW fields for rmw', () => {
    const w = (
      workload: BenchmarkForm['workload'],
      ycsbWorkload: BenchmarkForm['ycsbWorkload'] = '',
    ) => ({ workload, ycsbWorkload }) as const;
    expect(applies('rows', w('randomRead'))).toBe(true);
    expect(applies('rows', w('ycsb'))).toBe(false);
    expect(applies('recordCount', w('ycsb'))).toBe(true);
    expect(applies('recordCount', w('randomRead'))).toBe(false);
    expect(applies('hotKeys', w('rmw'))).toBe(true);
    expect(applies('hotKeys', w('randomRead'))).toBe(false);
    expect(applies('clientBuffering', w('randomWrite'))).toBe(true);
    expect(applies('clientBuffering', w('randomRead'))).toBe(false);
    expect(applies('clientBuffering', w('ycsb'))).toBe(true);
    expect(applies('rows', w('ceiling'))).toBe(false);
    expect(applies('loadFirst', w('ceiling'))).toBe(false);
    expect(applies('loadFirst', w('sequentialWrite'))).toBe(false);
    expect(applies('loadFirst', w('scan'))).toBe(true);
    expect(applies('scanLength', w('scan'))).toBe(true);
    expect(applies('scanLength', w('ycsb', 'A'))).toBe(false);
    expect(applies('scanLength', w('ycsb', 'E'))).toBe(true);
    expect(applies('batchSize', w('scan'))).toBe(false);
  });
});

describe('validateBenchmark', () => {
  it('asks for a table, threads ≥ 1, durations, repetitions 1–10', () => {
    const errors = validateBenchmark(
      form({
        table: ' ',
        threads: '0',
        durationSeconds: '0',
        warmupSeconds: '-1',
        repetitions: '11',
        operationCount: '1.5',
      }),
    );
    expect(errors).toEqual([
      { field: 'table', message: 'choose a table' },
      { field: 'threads', message: 'must be a whole number ≥ 1' },
      { field: 'durationSeconds', message: 'must be a whole number of seconds ≥ 1' },
      { field: 'warmupSeconds', message: 'must be a whole number of seconds ≥ 0' },
      { field: 'operationCount', message: 'must be a whole number ≥ 0' },
      { field: 'repetitions', message: 'must be a whole number from 1 to 10' },
    ]);
    expect(validateBenchmark(form({ warmupSeconds: '0', operationCount: '' }))).toEqual([]);
  });

  it('needs a rate ≥ 0, and above 0 for an open loop; a closed loop ignores it', () => {
    expect(fields(validateBenchmark(form({ mode: 'open', targetRate: '-5' })))).toEqual([
      'targetRate',
    ]);
    expect(validateBenchmark(form({ mode: 'open', targetRate: '0' }))[0]?.message).toMatch(
      /above 0/,
    );
    expect(validateBenchmark(form({ mode: 'open', targetRate: 'x' }))[0]?.message).toBe(
      'must be a number ≥ 0 (ops/s)',
    );
    expect(validateBenchmark(form({ mode: 'open', targetRate: '250.5' }))).toEqual([]);
    expect(validateBenchmark(form({ mode: 'closed', targetRate: 'x' }))).toEqual([]);
  });

  it('checks only the fields of the chosen workload', () => {
    const pe = form({ rows: '0', recordCount: '0' });
    expect(fields(validateBenchmark(pe))).toEqual(['rows']);
    const ycsb = form({ workload: 'ycsb', ycsbWorkload: '', rows: '0', recordCount: '0' });
    expect(fields(validateBenchmark(ycsb))).toEqual(['recordCount', 'ycsbWorkload']);
    const r = form({ workload: 'rmw', rows: '100', hotKeys: '500' });
    expect(validateBenchmark(r)).toEqual([{ field: 'hotKeys', message: 'cannot exceed the rows' }]);
    expect(validateBenchmark(form({ workload: 'rmw', hotKeys: '' }))).toEqual([]);
  });

  it('limits label and name length', () => {
    expect(
      fields(validateBenchmark(form({ label: 'x'.repeat(61), name: 'y'.repeat(101) }))),
    ).toEqual(['label', 'name']);
  });

  it('requires "launch anyway" for a rate above the measured ceiling', () => {
    const above = form({ mode: 'open', targetRate: '20000' });
    expect(capacityExcess(above, ceiling)).toEqual({ rate: 20000, ceiling: 10000 });
    expect(fields(validateBenchmark(above, ceiling))).toEqual(['acceptAboveCapacity']);
    expect(validateBenchmark({ ...above, acceptAboveCapacity: true }, ceiling)).toEqual([]);
    // Within the ceiling, unmeasured, or closed loop: no question.
    expect(capacityExcess(form({ mode: 'open', targetRate: '10000' }), ceiling)).toBeUndefined();
    expect(capacityExcess(above, { measured: false })).toBeUndefined();
    expect(capacityExcess({ ...above, mode: 'closed' }, ceiling)).toBeUndefined();
    // The server said so: asked even without a ceiling here.
    expect(fields(validateBenchmark(form(), undefined, true))).toEqual(['acceptAboveCapacity']);
  });
});

describe('request body', () => {
  it('sends one variant with the numbers, and defaults for fields the workload does not use', () => {
    const f = applyPreset(form({ family: ' d ' }), ycsbA);
    const body = launchRequest({ ...f, rows: '7', repetitions: '2', label: '' });
    expect(body).toEqual({
      name: 'YCSB A',
      repetitions: 2,
      acceptAboveCapacity: false,
      profile: false,
      variants: [
        {
          label: undefined,
          workload: 'ycsb',
          table: 'usertable',
          family: 'd',
          threads: 8,
          durationSeconds: 60,
          warmupSeconds: 10,
          targetRate: 0,
          operationCount: 0,
          rows: SPEC_DEFAULTS.rows,
          valueSize: SPEC_DEFAULTS.valueSize,
          batchSize: SPEC_DEFAULTS.batchSize,
          clientBuffering: false,
          scanLength: SPEC_DEFAULTS.scanLength,
          loadFirst: true,
          ycsbWorkload: 'A',
          recordCount: 100000,
          requestDistribution: undefined,
          fieldCount: 10,
          fieldLength: 100,
          hotKeys: undefined,
        },
      ],
    });
  });

  it('sends the open-loop rate, RMW hot keys and the capacity override', () => {
    const spec = specFromForm({ ...applyPreset(form(), rmw), targetRate: '1500.5' });
    expect(spec).toMatchObject({
      workload: 'rmw',
      targetRate: 1500.5,
      hotKeys: 1000,
      batchSize: 100,
    });
    expect(spec.ycsbWorkload).toBeUndefined();
    expect(launchRequest({ ...form(), acceptAboveCapacity: true }).acceptAboveCapacity).toBe(true);
    expect(specFromForm({ ...form(), operationCount: '' }).operationCount).toBe(0);
    expect(specFromForm(applyPreset(form(), peClassic)).workload).toBe('randomRead');
  });

  it('sends null for a number not typed (validation stops it before)', () => {
    expect(JSON.parse(JSON.stringify(specFromForm(form({ threads: '' })))).threads).toBeNull();
  });
});

describe('capacity refusals', () => {
  it('recognises the backend refusing a rate above capacity', () => {
    const refusal = ApiError.from(409, {
      type: 'about:blank',
      title: 'Above capacity',
      status: 409,
      code: 'benchmark-above-capacity',
      detail: 'targetRate 20000 exceeds the measured capacity 10000',
    });
    expect(isCapacityRefusal(refusal)).toBe(true);
    const fieldRefusal = ApiError.from(400, {
      title: 'Invalid request',
      status: 400,
      code: 'validation-failed',
      errors: [{ field: 'variants[0].targetRate', message: 'is above the measured capacity' }],
    });
    expect(isCapacityRefusal(fieldRefusal)).toBe(true);
    const other = ApiError.from(409, { title: 'Busy', status: 409, code: 'benchmark-busy' });
    expect(isCapacityRefusal(other)).toBe(false);
    expect(isCapacityRefusal(new Error('capacity'))).toBe(false);
  });
});

describe('specRows', () => {
  it('lists the common fields and those of the workload', () => {
    const rows = specRows(benchmarkRunDetailFixture.spec);
    const labels = rows.map((r) => r.label);
    expect(labels).toContain('YCSB workload');
    expect(labels).toContain('Request distribution');
    expect(labels).not.toContain('Rows (key space)');
    expect(labels).not.toContain('Scan length');
    expect(rows.find((r) => r.label === 'Duration')?.value).toBe('60 s after 10 s warm-up');
    expect(rows.find((r) => r.label === 'Loop')?.value).toBe('closed');
    expect(rows.find((r) => r.label === 'Request distribution')?.value).toBe('zipfian');
  });
});
