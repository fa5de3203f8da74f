import { execFileSync } from 'node:child_process';
import { env } from './env';

export interface LoadOptions {
  rows: number;
  saltBuckets?: number;
  /** Write in this many rounds and flush the table after each. */
  flushes?: number;
}

/** `granary-node load` into a table of the local cluster; returns its summary line. */
export function loadRows(table: string, o: LoadOptions): string {
  const args = ['load', '--dir', env.localDir(), '--table', table, '--rows', String(o.rows)];
  if (o.saltBuckets) args.push('--salt-buckets', String(o.saltBuckets));
  if (o.flushes) args.push('--flushes', String(o.flushes));
  const out = execFileSync(env.node(), args, { encoding: 'utf8', timeout: 300_000 });
  return out.trim().split('\n').at(-1) ?? '';
}
