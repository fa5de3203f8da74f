// The stock command line closest to a benchmark spec (`hbase pe`, `bin/ycsb load/run`), shown beside
// the launch form. For PE, what the stock tool cannot say is stated in a `#` line; the YCSB lines are
// the official client's commands for the same run, identical to the backend's (checked against the
// shared cases in backend/openapi/examples/ycsb-commands.json).
import type { BenchmarkSpec } from '../../api/types';
import { shellWord } from '../../lib/shell';
import {
  applies,
  isWriteWorkload,
  type WorkloadChoice,
  workloadFamily,
  ycsbFileScans,
} from './formModel';

const PLACEHOLDER = /^<[a-z ]+>$/;

/** A number of the spec, or a placeholder while its field holds none. */
const num = (n: number | undefined, placeholder: string) =>
  n != null && Number.isFinite(n) ? String(n) : placeholder;

const text = (value: string | undefined, placeholder: string) =>
  value?.trim() ? value.trim() : placeholder;

/** Open loop; a rate not typed yet (NaN) is still an open loop. */
const isOpen = (spec: BenchmarkSpec) => spec.targetRate !== 0;

/** `--key=value` / `-p key=value`, quoted as needed; a placeholder is left bare so it reads as one. */
const opt = (prefix: string, key: string, value: string) => {
  if (PLACEHOLDER.test(value)) return `${prefix}${key}=${value}`;
  // `-p key=value` quotes the pair; `--key=value` is one word.
  return prefix.endsWith(' ')
    ? `${prefix}${shellWord(`${key}=${value}`)}`
    : shellWord(`${prefix}${key}=${value}`);
};

/** PE's scanRange10/100/1000: the largest not above the scan length (as the backend shows it). */
function peScanRange(scanLength: number): string {
  return `scanRange${scanLength >= 1000 ? 1000 : scanLength >= 100 ? 100 : 10}`;
}

function peCommand(spec: BenchmarkSpec): string {
  switch (spec.workload) {
    case 'scan':
      return peScanRange(spec.scanLength ?? 100);
    case 'sequentialWrite':
    case 'randomWrite':
    case 'randomRead':
    case 'sequentialRead':
      return spec.workload;
    default:
      return 'randomRead';
  }
}

/** The header line: what the agent does that the command line below does not. */
function summaryLine(spec: BenchmarkSpec, stock: string): string {
  const threads = num(spec.threads, '<threads>');
  const loop = isOpen(spec)
    ? `open loop at ${num(spec.targetRate, '<rate>')} ops/s`
    : 'closed loop';
  const stop =
    (spec.operationCount ?? 0) > 0
      ? `${num(spec.operationCount, '<count>')} operations`
      : `${num(spec.durationSeconds, '<seconds>')} s`;
  return `# ${loop}, ${threads} threads, ${stop} measured after ${num(
    spec.warmupSeconds,
    '<seconds>',
  )} s warm-up; ${stock}`;
}

/** `hbase pe` takes --rows per client thread; the spec's rows are the whole key space. */
function peRowsPerClient(spec: BenchmarkSpec): string {
  if (!Number.isFinite(spec.rows) || !Number.isFinite(spec.threads) || spec.threads < 1) {
    return '<rows per thread>';
  }
  return String(Math.max(1, Math.floor(spec.rows / spec.threads)));
}

function peLine(spec: BenchmarkSpec, command: string, extra: string[] = []): string {
  return [
    'hbase pe --nomapred',
    opt('--', 'table', text(spec.table, '<table>')),
    '--families=1',
    opt('--', 'rows', peRowsPerClient(spec)),
    opt('--', 'valueSize', num(spec.valueSize, '<bytes>')),
    ...extra,
    command,
    num(spec.threads, '<threads>'),
  ].join(' ');
}

function peLines(spec: BenchmarkSpec): string[] {
  const choice: WorkloadChoice = { workload: spec.workload, ycsbWorkload: spec.ycsbWorkload ?? '' };
  const write = isWriteWorkload(spec.workload);
  const batch = spec.batchSize > 1 && applies('batchSize', choice);
  const extra: string[] = [];
  if (write && batch) extra.push(`--multiPut=${spec.batchSize}`);
  if (!write && spec.workload !== 'scan' && batch) extra.push(`--multiGet=${spec.batchSize}`);
  if (write && spec.clientBuffering) extra.push('--autoFlush=false');
  const lines = [
    summaryLine(
      spec,
      isOpen(spec)
        ? 'PE has no target rate and stops after --rows per thread'
        : 'PE stops after --rows per thread',
    ),
  ];
  if (!write && spec.loadFirst) lines.push(peLine(spec, 'sequentialWrite'));
  lines.push(peLine(spec, peCommand(spec), extra));
  return lines;
}

/** The percentiles the agent reports; the measured run asks YCSB for the same. */
export const YCSB_PERCENTILES = '50,95,99,99.9';
/**
 * YCSB's operationcount for a run ended by time: YCSB 0.17.0 starts no thread for 0 and parses an int,
 * so the largest int, ended by maxexecutiontime (the backend's ShellEquivalent says the same).
 */
const YCSB_NO_COUNT = 2147483647;

/**
 * The official client's commands, exactly as the backend's run page shows them: the load (when the
 * run writes its records first), a warm-up run whose report is discarded (YCSB has no warm-up of its
 * own), and the measured run with every property the agent sets. YCSB's HBase 2 binding reads the
 * cluster from the hbase-site.xml on its classpath (-cp).
 */
function ycsbLines(spec: BenchmarkSpec): string[] {
  const file = spec.ycsbProperties?.trim()
    ? 'my-workload.properties'
    : spec.ycsbWorkload
      ? `workloads/workload${spec.ycsbWorkload.toLowerCase()}`
      : 'workloads/<workload>';
  const common = [
    'hbase2 -cp "$HBASE_CONF_DIR"',
    `-P ${file}`,
    opt('-p ', 'table', text(spec.table, '<table>')),
    opt('-p ', 'columnfamily', text(spec.family, '<family>')),
    opt('-p ', 'recordcount', num(spec.recordCount, '<records>')),
    opt('-p ', 'fieldcount', num(spec.fieldCount, '<fields>')),
    opt('-p ', 'fieldlength', num(spec.fieldLength, '<bytes>')),
  ];
  const buffering = (on: boolean) => `-p clientbuffering=${on}`;
  const tail: string[] = [];
  if (spec.requestDistribution)
    tail.push(opt('-p ', 'requestdistribution', spec.requestDistribution));
  if (ycsbScans(spec)) tail.push(opt('-p ', 'maxscanlength', num(spec.scanLength, '<rows>')));
  const threads = [`-threads ${num(spec.threads, '<threads>')}`];
  if (isOpen(spec)) {
    const rate = Number.isFinite(spec.targetRate)
      ? String(Math.max(1, Math.round(spec.targetRate)))
      : '<rate>';
    threads.push(`-target ${rate}`);
  }
  const lines: string[] = [];
  if (spec.ycsbProperties?.trim()) {
    lines.push(`# ${file}: the run's workload file (spec.ycsbProperties in its JSON export)`);
  }
  if (spec.loadFirst) {
    // the load writes through a BufferedMutator whatever the run uses, as the agent's load does
    lines.push(
      [
        'bin/ycsb load',
        ...common,
        buffering(true),
        ...tail,
        `-threads ${num(spec.threads, '<threads>')}`,
        '-s',
      ].join(' '),
    );
  }
  const run = ['bin/ycsb run', ...common, buffering(spec.clientBuffering), ...tail];
  if (spec.warmupSeconds !== 0) {
    lines.push(
      `${[...run, `-p operationcount=${YCSB_NO_COUNT}`, opt('-p ', 'maxexecutiontime', num(spec.warmupSeconds, '<seconds>')), ...threads].join(' ')}  # warm-up: discard this report`,
    );
  }
  lines.push(
    [
      ...run,
      opt(
        '-p ',
        'operationcount',
        (spec.operationCount ?? 0) > 0
          ? num(spec.operationCount, '<count>')
          : String(YCSB_NO_COUNT),
      ),
      opt('-p ', 'maxexecutiontime', num(spec.durationSeconds, '<seconds>')),
      '-p measurementtype=hdrhistogram -p measurement.interval=both',
      `-p hdrhistogram.percentiles=${YCSB_PERCENTILES}`,
      ...threads,
      '-s',
    ].join(' '),
  );
  return lines;
}

/** Whether the YCSB workload scans: E, or a workload file with a scan proportion above 0. */
const ycsbScans = (spec: BenchmarkSpec) =>
  spec.ycsbProperties?.trim() ? ycsbFileScans(spec.ycsbProperties) : spec.ycsbWorkload === 'E';

function rmwLines(spec: BenchmarkSpec): string[] {
  const hot = spec.hotKeys != null ? num(spec.hotKeys, '<keys>') : num(spec.rows, '<rows>');
  const lines = [
    summaryLine(spec, 'no stock tool runs batched read-modify-write'),
    `# each thread: multi-get ${num(spec.batchSize, '<batch>')} random keys of 0..${hot}-1, then put them back changed`,
  ];
  if (spec.loadFirst) lines.push(peLine(spec, 'sequentialWrite'));
  return lines;
}

/** The command lines for a spec (placeholders for fields not filled in yet). */
export function benchmarkShellLines(spec: BenchmarkSpec): string[] {
  switch (workloadFamily(spec.workload)) {
    case 'ceiling':
      return [summaryLine(spec, 'Gets of cached rows (one per region), as fast as the threads go')];
    case 'pe':
      return peLines(spec);
    case 'ycsb':
      return ycsbLines(spec);
    case 'rmw':
      return rmwLines(spec);
  }
}

/** What "profile the RegionServers" does, by hand on each RegionServer's host (async-profiler's asprof). */
export const PROFILE_SHELL: readonly string[] = [
  "# profiling: on each RegionServer's host, for the length of the run",
  'asprof -e cpu -i 10ms -d <run seconds> -o collapsed -f regionserver.collapsed <RegionServer pid>',
];
