import { execFileSync } from 'node:child_process';
import { env } from './env';

/** Runs the `granary-node` launcher against the local cluster; returns its last output line. */
function granaryNode(command: string, args: readonly string[]): string {
  const out = execFileSync(env.node(), [command, '--dir', env.localDir(), ...args], {
    encoding: 'utf8',
    timeout: 300_000,
  });
  return out.trim().split('\n').at(-1) ?? '';
}

export interface LoadOptions {
  rows: number;
  saltBuckets?: number;
  /** Write in this many rounds and flush the table after each (none: rows stay in the MemStore). */
  flushes?: number;
  /** First key number (default 0). */
  start?: number;
}

/** `granary-node load` into a table of the local cluster; returns its summary line. */
export function loadRows(table: string, o: LoadOptions): string {
  const args = ['--table', table, '--rows', String(o.rows)];
  if (o.saltBuckets) args.push('--salt-buckets', String(o.saltBuckets));
  if (o.flushes) args.push('--flushes', String(o.flushes));
  if (o.start) args.push('--start', String(o.start));
  return granaryNode('load', args);
}

export interface DfsFillOptions {
  files: number;
  /** Sizes spread log-uniformly between these (KiB). */
  minKb: number;
  maxKb: number;
}

/** `granary-node dfs-fill`: writes files into an HDFS directory; returns its JSON summary line. */
export function dfsFill(path: string, o: DfsFillOptions): string {
  return granaryNode('dfs-fill', [
    '--path',
    path,
    '--files',
    String(o.files),
    '--min-kb',
    String(o.minKb),
    '--max-kb',
    String(o.maxKb),
  ]);
}
