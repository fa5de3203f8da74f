package io.granary.tables;

/** Table names as HBase prints them: {@code ns:qualifier}, or just {@code qualifier} in the default namespace. */
public final class TableNames {
  private static final String DEFAULT_PREFIX = "default:";

  private TableNames() {}

  public static String namespaceOf(String table) {
    int colon = table.indexOf(':');
    return colon < 0 ? "default" : table.substring(0, colon);
  }

  /** {@code default:t} and {@code t} name the same table; HBase prints {@code t}. */
  public static String canonical(String table) {
    return table.startsWith(DEFAULT_PREFIX) ? table.substring(DEFAULT_PREFIX.length()) : table;
  }
}
