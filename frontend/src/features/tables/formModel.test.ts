import {
  alterRequest,
  createRequest,
  DEFAULT_SAMPLE,
  DEFAULT_SETTINGS,
  DEFAULT_SPLIT,
  familyFromSpec,
  keyLines,
  keysDiffer,
  newFamily,
  settingsFromSpec,
  settingsToSpec,
} from './formModel';
import { tableDetailFixture } from '../../test/fixtures';

const base = {
  name: 'orders',
  families: [newFamily('d')],
  settings: DEFAULT_SETTINGS,
  split: DEFAULT_SPLIT,
  sample: DEFAULT_SAMPLE,
  workload: { writeHeavy: false, randomReads: true },
};

describe('createRequest', () => {
  it('sends a salted split with its bucket count and a generated sample pattern', () => {
    const request = createRequest({
      ...base,
      split: { ...DEFAULT_SPLIT, strategy: 'SALT', saltBuckets: '16' },
    });
    expect(request.split).toEqual({ strategy: 'SALT', saltBuckets: 16 });
    expect(request.samplePattern).toBe('SEQUENTIAL_INTEGERS');
    expect(request.sampleCount).toBe(10_000);
    expect(request.sampleKeys).toBeUndefined();
    expect(request.randomReads).toBe(true);
    expect(request.families).toEqual([
      {
        name: 'd',
        compression: 'NONE',
        bloomFilter: 'ROW',
        blockSizeBytes: 65536,
        dataBlockEncoding: 'NONE',
        ttl: 'FOREVER',
        minVersions: 0,
        maxVersions: 1,
        inMemory: false,
        blockCacheEnabled: true,
      },
    ]);
  });

  it('sends only the fields of the chosen split strategy', () => {
    const algorithm = createRequest({
      ...base,
      split: { ...DEFAULT_SPLIT, strategy: 'ALGORITHM', algorithm: 'UNIFORM', numRegions: '8' },
    });
    expect(algorithm.split).toEqual({
      strategy: 'ALGORITHM',
      algorithm: 'UNIFORM',
      numRegions: 8,
      firstRow: undefined,
      lastRow: undefined,
    });
    const explicit = createRequest({
      ...base,
      split: { ...DEFAULT_SPLIT, strategy: 'EXPLICIT', keys: 'b\na' },
    });
    expect(explicit.split).toEqual({ strategy: 'EXPLICIT', keys: 'b\na' });
    expect(createRequest(base).split).toEqual({ strategy: 'NONE' });
  });

  it('sends pasted sample keys instead of a pattern', () => {
    const request = createRequest({
      ...base,
      sample: { ...DEFAULT_SAMPLE, source: 'keys', keys: 'k1\nk2' },
    });
    expect(request.sampleKeys).toBe('k1\nk2');
    expect(request.samplePattern).toBeUndefined();
  });

  it('falls back to the contract defaults for emptied number fields', () => {
    const family = { ...newFamily('d'), blockSize: '', maxVersions: ' ', ttl: '' };
    const [spec] = createRequest({ ...base, families: [family] }).families;
    expect(spec).toMatchObject({ blockSizeBytes: 65536, maxVersions: 1, ttl: 'FOREVER' });
  });
});

describe('settings', () => {
  it('converts MiB to bytes and back without loss', () => {
    const form = settingsFromSpec({
      maxFileSizeBytes: 1073741825,
      memstoreFlushSizeBytes: 134217728,
    });
    expect(form.memstoreFlushSizeMiB).toBe('128');
    expect(settingsToSpec(form)).toMatchObject({
      maxFileSizeBytes: 1073741825,
      memstoreFlushSizeBytes: 134217728,
    });
    expect(settingsToSpec(DEFAULT_SETTINGS)).toEqual({
      splitPolicy: undefined,
      maxFileSizeBytes: undefined,
      memstoreFlushSizeBytes: undefined,
      durability: undefined,
      compactionEnabled: true,
    });
  });
});

describe('alter', () => {
  it('prefills families from the descriptor and sends confirm only when given', () => {
    const families = tableDetailFixture.families.map(familyFromSpec);
    expect(families[1]).toMatchObject({
      name: 'meta',
      ttl: '86400',
      maxVersions: '3',
      existing: true,
    });
    const request = alterRequest(families, DEFAULT_SETTINGS, {
      writeHeavy: false,
      randomReads: false,
    });
    expect(request.confirm).toBeUndefined();
    expect(request.families.map((f) => f.name)).toEqual(['d', 'meta']);
    expect(
      alterRequest(families, DEFAULT_SETTINGS, { writeHeavy: false, randomReads: false }, 'orders')
        .confirm,
    ).toBe('orders');
  });
});

describe('split key text', () => {
  it('keeps spaces (they are part of a key) and ignores only a final line break', () => {
    expect(keyLines(' a\r\nb \n')).toEqual([' a', 'b ']);
    expect(keyLines('a\n\nb')).toEqual(['a', '', 'b']);
  });

  it('tells whether the text box differs from the normalized keys', () => {
    expect(keysDiffer('a\nb\n', ['a', 'b'])).toBe(false);
    expect(keysDiffer('b\na', ['a', 'b'])).toBe(true);
    expect(keysDiffer('a\na\nb', ['a', 'b'])).toBe(true);
  });
});
