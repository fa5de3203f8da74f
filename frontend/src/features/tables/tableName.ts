const DEFAULT_NAMESPACE = 'default';

/**
 * The name HBase (and the hbase shell) uses for a table: `ns:qualifier`, or just the qualifier
 * in the default namespace. Accepts a qualified or a bare name plus its namespace.
 */
export function hbaseTableName(name: string, namespace?: string): string {
  const colon = name.indexOf(':');
  if (colon >= 0) {
    return name.slice(0, colon) === DEFAULT_NAMESPACE ? name.slice(colon + 1) : name;
  }
  return namespace && namespace !== DEFAULT_NAMESPACE ? `${namespace}:${name}` : name;
}

/** The name a new table gets from the namespace select and the name field. */
export function newTableName(namespace: string, name: string): string {
  const trimmed = name.trim();
  // A name typed with its own namespace wins over the select.
  return trimmed.includes(':') ? hbaseTableName(trimmed) : hbaseTableName(trimmed, namespace);
}

export { DEFAULT_NAMESPACE };
