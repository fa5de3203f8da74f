// Shell equivalents shown beside mutating console actions.
import type { CompactionKind } from '../api/types';

const HBASE_PROMPT = 'hbase shell> ';

/** The hbase shell lines that run the balancer once (matches the backend's BALANCER_RUN). */
export const BALANCER_SHELL = ['hbase shell> balance_switch true', 'hbase shell> balancer'];

/** A Ruby single-quoted string, as the hbase shell reads it. */
export function hbaseString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** Backend shell commands come without the prompt; show them like the console's own. */
export function hbaseShellLines(command: string): string[] {
  return command
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => (line.startsWith(HBASE_PROMPT) ? line : `${HBASE_PROMPT}${line}`));
}

/** hbase shell equivalents of the table actions (the backend runs the same Admin calls). */
export const tableShell = {
  createNamespace: (namespace: string) =>
    `${HBASE_PROMPT}create_namespace ${hbaseString(namespace)}`,
  enable: (table: string) => `${HBASE_PROMPT}enable ${hbaseString(table)}`,
  disable: (table: string) => `${HBASE_PROMPT}disable ${hbaseString(table)}`,
  truncate: (table: string, preserveSplits: boolean) =>
    `${HBASE_PROMPT}${preserveSplits ? 'truncate_preserve' : 'truncate'} ${hbaseString(table)}`,
  drop: (table: string) => [
    `${HBASE_PROMPT}disable ${hbaseString(table)}`,
    `${HBASE_PROMPT}drop ${hbaseString(table)}`,
  ],
};

const compactVerb = (kind: CompactionKind) => (kind === 'MAJOR' ? 'major_compact' : 'compact');

/**
 * hbase shell equivalents of an on-demand compaction, one per scope (the backend answers with the
 * same line in CompactionStarted.shellCommand; the console shows this one before submitting).
 */
export const compactionShell = {
  table: (kind: CompactionKind, table: string, family?: string) =>
    `${HBASE_PROMPT}${compactVerb(kind)} ${hbaseString(table)}${
      family ? `, ${hbaseString(family)}` : ''
    }`,
  /** `region` is the encoded region name. */
  region: (kind: CompactionKind, region: string) =>
    `${HBASE_PROMPT}${compactVerb(kind)} ${hbaseString(region)}`,
  /** `server` as host,port,startcode; compact_rs takes `true` for a major compaction. */
  server: (kind: CompactionKind, server: string) =>
    `${HBASE_PROMPT}compact_rs ${hbaseString(server)}${kind === 'MAJOR' ? ', true' : ''}`,
};

const SECRET_FIELDS = new Set(['password']);

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * The curl call an automation would make for the same action, using an API token.
 * Secrets in the body are replaced by placeholders.
 */
export function curlCommand(
  method: string,
  apiPath: string,
  body?: Record<string, unknown>,
): string {
  const parts = [
    `curl -sS -X ${method.toUpperCase()}`,
    `-H "Authorization: Bearer $GRANARY_TOKEN"`,
  ];
  if (body !== undefined) {
    const shown = Object.fromEntries(
      Object.entries(body)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, SECRET_FIELDS.has(k) ? '<password>' : v]),
    );
    parts.push(`-H 'Content-Type: application/json'`, `-d ${shellQuote(JSON.stringify(shown))}`);
  }
  parts.push(`"$GRANARY_URL${apiPath}"`);
  return parts.join(' ');
}
