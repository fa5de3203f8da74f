package io.granary.tables;

import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;

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

  /** The table the appliance's health probe writes to; `local up` recreates or re-enables it. */
  public static final String PROBE = "granary:probe";

  public static boolean isSystem(String table) {
    return table.startsWith("hbase:");
  }

  /** HBase's own tables and the appliance's probe table are read here, never changed (409 protected-table). */
  public static void refuseChange(String table, String verb) {
    String name = canonical(table);
    if (isSystem(name)) {
      throw ProblemException.of(ProblemType.PROTECTED_TABLE, "cannot " + verb + " '" + name
          + "': tables in the hbase: namespace belong to HBase itself");
    }
    if (name.equals(PROBE)) {
      throw ProblemException.of(ProblemType.PROTECTED_TABLE, "cannot " + verb + " '" + name
          + "': health writes and reads a row of it every cycle (the local cluster re-creates and re-enables it)");
    }
  }
}
