import {
  formatBytes,
  formatDuration,
  formatElapsed,
  formatHeap,
  formatNumber,
  formatPercent,
  formatRate,
  formatRelative,
  formatSecondsAgo,
  formatTimestamp,
  isoToLocalInput,
  localInputToIso,
} from './format';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KiB'],
    [1536, '1.5 KiB'],
    [5 * 1024 ** 3, '5.0 GiB'],
    [1.5 * 1024 ** 4, '1.5 TiB'],
  ])('%s → %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text));

  it('shows a dash for missing values', () => {
    expect(formatBytes(undefined)).toBe('—');
    expect(formatBytes(Number.NaN)).toBe('—');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [0.25, '250ms'],
    [42, '42s'],
    [61, '1m 1s'],
    [3725, '1h 2m'],
    [3600, '1h'],
    [90061, '1d 1h'],
  ])('%s s → %s', (s, text) => expect(formatDuration(s)).toBe(text));

  it('formats elapsed time between instants', () => {
    expect(formatElapsed('2025-11-21T15:00:00Z', '2025-11-21T15:01:30Z')).toBe('1m 30s');
    expect(
      formatElapsed('2025-11-21T15:00:00Z', undefined, Date.parse('2025-11-21T15:00:05Z')),
    ).toBe('5s');
    expect(formatElapsed(undefined)).toBe('—');
  });
});

describe('timestamps', () => {
  it('formats an instant in a given zone, fixed-width 24h', () => {
    expect(formatTimestamp('2025-11-21T15:46:02Z', 'UTC')).toBe('2025-11-21 15:46:02');
    expect(formatTimestamp('2025-11-21T23:05:09Z', 'Europe/Berlin')).toBe('2025-11-22 00:05:09');
  });

  it('formats in the local zone by default', () => {
    expect(formatTimestamp('2025-11-21T15:46:02Z')).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
    expect(formatTimestamp('not a date')).toBe('—');
    expect(formatTimestamp(undefined)).toBe('—');
  });

  it('formats relative times', () => {
    const now = Date.parse('2025-11-21T15:46:10Z');
    expect(formatRelative('2025-11-21T15:46:05Z', now)).toBe('5s ago');
    expect(formatRelative('2025-11-21T15:48:10Z', now)).toBe('in 2m');
    expect(formatRelative('2025-11-21T15:46:10Z', now)).toBe('just now');
    expect(formatSecondsAgo(95)).toBe('1m 35s ago');
    expect(formatSecondsAgo(0)).toBe('just now');
  });

  it('round-trips datetime-local input values', () => {
    const iso = localInputToIso('2025-11-21T15:46');
    expect(iso).toBeDefined();
    expect(isoToLocalInput(iso)).toBe('2025-11-21T15:46');
    expect(localInputToIso('')).toBeUndefined();
  });
});

describe('numbers', () => {
  it('formats counts, rates, percentages and heap', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatRate(12.345)).toBe('12.3');
    expect(formatRate(1234.5)).toBe('1,235');
    expect(formatPercent(1, 4)).toBe('25.0%');
    expect(formatPercent(1, 0)).toBe('—');
    expect(formatHeap(512, 1024)).toBe('512 / 1,024 MiB');
    expect(formatHeap(512, undefined)).toBe('512 MiB');
  });
});
