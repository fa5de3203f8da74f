// Formatting helpers for the console: bytes, durations, timestamps, rates.

const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'] as const;
const DASH = '—';

function isNum(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** 1536 → "1.5 KiB" (binary units, as HDFS reports them). */
export function formatBytes(bytes: number | null | undefined, fractionDigits = 1): string {
  if (!isNum(bytes)) return DASH;
  const sign = bytes < 0 ? '-' : '';
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : fractionDigits;
  return `${sign}${value.toFixed(digits)} ${BYTE_UNITS[unit]}`;
}

/** 3725 s → "1h 2m"; 42 s → "42s"; 0.25 s → "250ms". Shows at most the two largest units. */
export function formatDuration(seconds: number | null | undefined): string {
  if (!isNum(seconds)) return DASH;
  if (seconds <= 0) return '0s';
  if (seconds < 1) return `${Math.round(seconds * 1000)}ms`;
  const total = Math.floor(seconds);
  const parts: [number, string][] = [
    [Math.floor(total / 86400), 'd'],
    [Math.floor((total % 86400) / 3600), 'h'],
    [Math.floor((total % 3600) / 60), 'm'],
    [total % 60, 's'],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  return parts
    .slice(first, first + 2)
    .filter(([n]) => n > 0)
    .map(([n, unit]) => `${n}${unit}`)
    .join(' ');
}

/** Duration between two ISO instants (end defaults to now). */
export function formatElapsed(
  startIso: string | null | undefined,
  endIso?: string | null,
  now: number = Date.now(),
): string {
  if (!startIso) return DASH;
  const start = Date.parse(startIso);
  const end = endIso ? Date.parse(endIso) : now;
  if (Number.isNaN(start) || Number.isNaN(end)) return DASH;
  return formatDuration((end - start) / 1000);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * ISO instant → "2025-11-21 15:46:02" in the given time zone (default: the browser's).
 * Operators compare against logs, so this is fixed-width and 24-hour.
 */
export function formatTimestamp(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return DASH;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return DASH;
  if (!timeZone) {
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(
      date.getHours(),
    )}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  }
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** "5s ago", "3m ago", "in 2m" relative to now. */
export function formatRelative(iso: string | null | undefined, now: number = Date.now()): string {
  if (!iso) return DASH;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return DASH;
  const diff = (now - t) / 1000;
  if (Math.abs(diff) < 1) return 'just now';
  return diff >= 0 ? `${formatDuration(diff)} ago` : `in ${formatDuration(-diff)}`;
}

/** A DataNode's last heartbeat, given in seconds ago. */
export function formatSecondsAgo(seconds: number | null | undefined): string {
  if (!isNum(seconds)) return DASH;
  return seconds <= 0 ? 'just now' : `${formatDuration(seconds)} ago`;
}

/** 1234567 → "1,234,567". */
export function formatNumber(value: number | null | undefined): string {
  if (!isNum(value)) return DASH;
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(value);
}

/** Rates (requests/s): one decimal below 100, none above. */
export function formatRate(value: number | null | undefined): string {
  if (!isNum(value)) return DASH;
  const digits = Math.abs(value) < 100 ? 1 : 0;
  return new Intl.NumberFormat('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** used/total → "42.0%"; dash when total is unknown or zero. */
export function formatPercent(
  used: number | null | undefined,
  total: number | null | undefined,
): string {
  if (!isNum(used) || !isNum(total) || total <= 0) return DASH;
  return `${((used / total) * 100).toFixed(1)}%`;
}

/** Heap in MiB → "512 / 1,024 MiB". */
export function formatHeap(
  usedMb: number | null | undefined,
  maxMb: number | null | undefined,
): string {
  if (!isNum(usedMb)) return DASH;
  if (!isNum(maxMb) || maxMb <= 0) return `${formatNumber(usedMb)} MiB`;
  return `${formatNumber(usedMb)} / ${formatNumber(maxMb)} MiB`;
}

export function formatBoolean(value: boolean | null | undefined, yes = 'yes', no = 'no'): string {
  if (value == null || value === null) return DASH;
  return value ? yes : no;
}

/** Value for <input type="datetime-local"> → ISO instant (local time zone); undefined if empty. */
export function localInputToIso(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** ISO instant → value for <input type="datetime-local"> in the local time zone. */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(
    d.getMinutes(),
  )}`;
}

/** The browser's IANA time zone, to name beside times shown in it. */
export const LOCAL_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
