import type { ExperimentRun } from '../../api/types';
import {
  ecCoderKindFixture,
  experimentFixture,
  experimentRunningFixture,
  flameFixture,
  nativeChecksumsExperimentFixture,
} from '../../test/fixtures';
import {
  CHECKSUM_FRAME,
  compactValue,
  countsText,
  jsonDataUrl,
  jsonFileName,
  paramItems,
  resultEntries,
  resultTitle,
  runProfiles,
  seriesProgress,
  succeededText,
} from './experimentModel';

const run = (state: ExperimentRun['state'], progress = 0): ExperimentRun => ({
  ...experimentFixture.runs[0]!,
  state,
  progress,
});

describe('seriesProgress', () => {
  it('counts finished runs whole and a running one by its progress', () => {
    const p = seriesProgress(experimentRunningFixture.runs, 'RUNNING');
    expect(p).toMatchObject({ finished: 1, total: 3, percent: 50, indeterminate: false });
    expect(p.current?.id).toBe(302);
    expect(countsText(p.counts)).toBe('1 succeeded · 1 running · 1 queued');
  });

  it('stays below 100% while live and is full once final, whatever the outcome', () => {
    expect(seriesProgress([run('SUCCEEDED'), run('RUNNING', 1)], 'RUNNING').percent).toBe(99);
    const over = seriesProgress([run('SUCCEEDED'), run('FAILED'), run('CANCELLED')], 'CANCELLED');
    expect(over).toMatchObject({ finished: 3, percent: 100, indeterminate: false });
    expect(countsText(over.counts)).toBe('1 succeeded · 1 failed · 1 cancelled');
  });

  it('is indeterminate while queued with nothing started, and with no runs', () => {
    expect(seriesProgress([run('QUEUED'), run('QUEUED')], 'QUEUED').indeterminate).toBe(true);
    expect(seriesProgress([], 'RUNNING')).toMatchObject({ percent: 0, indeterminate: true });
    expect(countsText(seriesProgress([], 'QUEUED').counts)).toBe('no runs');
    // progress out of range is clamped
    expect(seriesProgress([run('RUNNING', 7)], 'RUNNING').percent).toBe(99);
    expect(seriesProgress([run('RUNNING', Number.NaN)], 'RUNNING').percent).toBe(0);
  });
});

describe('text', () => {
  it('writes runs succeeded of all', () => {
    expect(succeededText({ succeeded: 3, runs: 1200 })).toBe('3 / 1,200');
  });

  it('writes JSON values compactly', () => {
    expect(compactValue(5870.4)).toBe('5,870');
    expect(compactValue(12.345)).toBe('12.3');
    expect(compactValue(1.3333)).toBe('1.33');
    expect(compactValue(0.01234)).toBe('0.012');
    expect(compactValue(4096)).toBe('4,096');
    expect(compactValue(true)).toBe('yes');
    expect(compactValue(null)).toBe('—');
    expect(compactValue(['a', 1])).toBe('a, 1');
    expect(compactValue([1, 2, 3, 4, 5])).toBe('[5 items]');
    expect(compactValue({ a: 1 })).toBe('{…}');
    expect(compactValue('x'.repeat(50))).toBe(`${'x'.repeat(39)}…`);
  });

  it("shows a run's first result entries and counts the rest", () => {
    expect(resultEntries({ a: 1, b: 2.5, c: 'x' }, 2)).toEqual({
      entries: [
        ['a', '1'],
        ['b', '2.5'],
      ],
      more: 1,
    });
    expect(resultEntries(null)).toEqual({ entries: [], more: 0 });
  });

  it('labels the params as the kind does, with units, and keeps unknown ones by name', () => {
    expect(
      paramItems(ecCoderKindFixture, { threads: [1, 2], mb: 32, extra: 'x', schemas: ['RS-3-2'] }),
    ).toEqual([
      { label: 'Codecs', value: 'RS-3-2' },
      { label: 'Threads', value: '1, 2' },
      { label: 'Data per run', value: '32 MiB' },
      { label: 'extra', value: 'x' },
    ]);
  });

  it('names the JSON file after the series and the experiment', () => {
    expect(jsonFileName(experimentFixture)).toBe('experiment-31-ec-coder.json');
    expect(jsonFileName({ summary: { ...experimentFixture.summary, experiment: 'a b/c' } })).toBe(
      'experiment-31-a-b-c.json',
    );
  });

  it('carries the JSON, pretty-printed, in a data URL', () => {
    const url = jsonDataUrl({ a: [1, null], b: 'x y' });
    expect(url).toBe(
      `data:application/json;charset=utf-8,${encodeURIComponent('{\n  "a": [\n    1,\n    null\n  ],\n  "b": "x y"\n}\n')}`,
    );
  });
});

describe('runProfiles', () => {
  const [noNative, native] = nativeChecksumsExperimentFixture.runs;

  it('finds the runs with a flame graph, labelled with their repetition', () => {
    const profiles = runProfiles(nativeChecksumsExperimentFixture.runs);
    expect(profiles.map((p) => p.label)).toEqual(['no native #1', 'native for HDFS and HBase #1']);
    expect(profiles[0]).toMatchObject({ samples: 1000, checksumShare: 0.221 });
    expect(profiles[0]!.flame).toEqual(flameFixture);
    expect(profiles[1]!.flame.v).toBe(800);
  });

  it("reads a run's tree once: a refetch of the same result gives the same object", () => {
    const first = runProfiles([noNative!])[0]!.flame;
    const again = runProfiles([{ ...noNative!, state: 'SUCCEEDED' }])[0]!.flame;
    expect(again).toBe(first);
  });

  it('skips runs without a profile or with one that is not a tree', () => {
    const withProfile = (profile: unknown): ExperimentRun => ({
      ...native!,
      result: { ...native!.result, profile },
    });
    expect(runProfiles(experimentFixture.runs)).toEqual([]);
    expect(
      runProfiles([
        { ...native!, result: null },
        withProfile(null),
        withProfile({ samples: 3 }),
        withProfile({ flame: { n: 'all' } }),
        withProfile({ flame: [] }),
      ]),
    ).toEqual([]);
    // the figures it has are optional
    const bare = runProfiles([withProfile({ flame: { n: 'all', v: 3 }, checksumShare: 'x' })]);
    expect(bare).toHaveLength(1);
    expect(bare[0]!.samples).toBeUndefined();
    expect(bare[0]!.checksumShare).toBeUndefined();
  });

  it('highlights the checksum frames by name', () => {
    const hits = [
      'org/apache/hadoop/util/DataChecksum.verifyChunkedSums',
      'updateBytesCRC32C',
      'org/apache/hadoop/util/NativeCrc32.nativeComputeChunkedSums',
      'java/util/zip/CRC32C.update',
    ];
    const misses = ['[vdso]', 'finish_task_switch_[k]', 'java/lang/Thread.run'];
    expect(hits.filter((n) => CHECKSUM_FRAME.test(n))).toEqual(hits);
    expect(misses.filter((n) => CHECKSUM_FRAME.test(n))).toEqual([]);
  });
});

describe('resultTitle', () => {
  it('shows the result as JSON with the flame tree as its size', () => {
    const title = resultTitle(nativeChecksumsExperimentFixture.runs[0]!.result);
    expect(title).toContain('"wallSeconds": 12.4');
    expect(title).toContain('"checksumShare": 0.221');
    expect(title).toContain('"flame": "[flame graph: 9 frames]"');
    expect(title).not.toContain('verifyChunkedSums');
    expect(resultTitle(experimentFixture.runs[0]!.result)).toBe(
      JSON.stringify(experimentFixture.runs[0]!.result, null, 2),
    );
    expect(resultTitle(null)).toBe('');
  });
});
