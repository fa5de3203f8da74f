// Shell equivalents shown beside mutating console actions.
import type { ClusterKind, CompactionKind } from '../api/types';

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
  flush: (target: string) => `${HBASE_PROMPT}flush ${hbaseString(target)}`,
  truncate: (table: string, preserveSplits: boolean) =>
    `${HBASE_PROMPT}${preserveSplits ? 'truncate_preserve' : 'truncate'} ${hbaseString(table)}`,
  drop: (table: string) => [
    `${HBASE_PROMPT}disable ${hbaseString(table)}`,
    `${HBASE_PROMPT}drop ${hbaseString(table)}`,
  ],
  /** Sets the table's erasure coding policy, or clears it (no policy: 3× replication). */
  ecPolicy: (table: string, policy?: string) =>
    policy
      ? `${HBASE_PROMPT}alter ${hbaseString(table)}, ERASURE_CODING_POLICY => ${hbaseString(policy)}`
      : `${HBASE_PROMPT}alter ${hbaseString(table)}, METHOD => 'table_att_unset', NAME => 'ERASURE_CODING_POLICY'`,
};

/**
 * A row key (or value) in the shell's binary-safe form as a double-quoted shell string, so that its
 * \xNN escapes stay bytes (the backend quotes its own row commands the same way).
 */
export function hbaseBinaryString(value: string): string {
  return `"${value.replace(/"/g, '\\"')}"`;
}

/** hbase shell equivalents of the row reads the Rows tab makes when the API gives none. */
export const rowShell = {
  get: (table: string, key: string) =>
    `${HBASE_PROMPT}get ${hbaseString(table)}, ${hbaseBinaryString(key)}`,
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

/** Shell equivalents of the high-availability actions (the backend reports its own once started). */
export const haShell = {
  /** A graceful failover through the ZKFCs (automatic failover stays on). */
  failover: (nameservice: string, from: string, to: string) =>
    `hdfs haadmin -ns ${shellWord(nameservice)} -failover ${shellWord(from)} ${shellWord(to)}`,
  /**
   * Stopping the active HMaster ends its ZooKeeper session, so a backup takes over; it is then
   * started again as the new backup. `host` and `address` (host:port) name the active one.
   */
  masterMove: (kind: ClusterKind, active: { host: string; address: string }): string[] =>
    kind === 'LOCAL'
      ? [
          `kill <pid of the active HMaster ${active.address}>`,
          'granary-node local up --dir <local cluster dir>',
        ]
      : [`ssh ${shellWord(active.host)} systemctl restart granary-master`],
};

const SECRET_FIELDS = new Set(['password']);

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * A POSIX shell word: as is when nothing in it is special to the shell (or when it is a
 * `<placeholder>` for a field not filled in yet), else single-quoted.
 */
export function shellWord(value: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(value) || /^<[a-z ]+>$/.test(value)
    ? value
    : shellQuote(value);
}

const COMPOSITE_CRC = 'hdfs dfs -Ddfs.checksum.combine.mode=COMPOSITE_CRC -checksum';

/** `hdfs ec` equivalents of the erasure coding actions (the backend makes the same calls). */
export const ecShell = {
  enablePolicy: (policy: string) => `hdfs ec -enablePolicy -policy ${shellWord(policy)}`,
  disablePolicy: (policy: string) => `hdfs ec -disablePolicy -policy ${shellWord(policy)}`,
  setPolicy: (path: string, policy: string) =>
    `hdfs ec -setPolicy -path ${shellWord(path)} -policy ${shellWord(policy)}`,
  /** 3× replication below a parent that has an EC policy. */
  replicate: (path: string) => `hdfs ec -setPolicy -path ${shellWord(path)} -replicate`,
  unsetPolicy: (path: string) => `hdfs ec -unsetPolicy -path ${shellWord(path)}`,
  /**
   * A conversion by hand: the policy on the directory, then every file below it rewritten (a
   * copy is written under the policy, compared by COMPOSITE_CRC checksum, then put in its place).
   */
  convert: (path: string, policy: string): string[] => [
    ecShell.setPolicy(path, policy),
    `hdfs dfs -ls -R ${shellWord(path)} | grep -v '^d' | awk '{print $NF}' | while read -r f; do`,
    `  hdfs dfs -cp -p "$f" "$f.ec-tmp" &&`,
    `  [ "$(${COMPOSITE_CRC} "$f" | cut -f2-)" = "$(${COMPOSITE_CRC} "$f.ec-tmp" | cut -f2-)" ] &&`,
    `  hdfs dfs -rm -skipTrash "$f" && hdfs dfs -mv "$f.ec-tmp" "$f"`,
    'done',
  ],
};

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
  if (body != null) {
    const shown = Object.fromEntries(
      Object.entries(body)
        .filter(([, v]) => v != null)
        .map(([k, v]) => [k, SECRET_FIELDS.has(k) ? '<password>' : v]),
    );
    parts.push(`-H 'Content-Type: application/json'`, `-d ${shellQuote(JSON.stringify(shown))}`);
  }
  parts.push(`"$GRANARY_URL${apiPath}"`);
  return parts.join(' ');
}
