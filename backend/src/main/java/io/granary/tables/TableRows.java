package io.granary.tables;

import io.granary.clusters.Cluster;
import io.granary.clusters.ClustersService;
import io.granary.engine.EngineTables;
import io.granary.engine.TableSpec;
import io.granary.engine.TableState;
import io.granary.shared.problem.FieldError;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;

/**
 * Rows as the HBase shell shows them: keys, qualifiers and values in its binary-safe form
 * (printable ASCII as is, any other byte as \xNN; see {@link EngineTables}). For looking at data and
 * writing a few rows, not for bulk loads.
 */
@Service
public class TableRows {
  public static final int MAX_SCAN = 100;

  /** A cell in the shell's form; timestamp is null on writes. */
  public record Cell(String family, String qualifier, String value, Long timestamp) {}

  public record Row(String key, List<Cell> cells) {}

  public record Page(List<Row> rows, boolean more, String shellCommand) {}

  public record Written(int rows, int cells, String shellCommand) {}

  private final ClustersService clusters;
  private final TablesService tables;
  private final EngineTables engine;

  public TableRows(ClustersService clusters, TablesService tables, EngineTables engine) {
    this.clusters = clusters;
    this.tables = tables;
    this.engine = engine;
  }

  public Written put(long clusterId, String table, List<Row> rows) {
    Cluster c = clusters.get(clusterId);
    TableState st = enabled(clusterId, table);
    Set<String> families = st.spec().families().stream().map(TableSpec.Family::name).collect(Collectors.toSet());
    List<FieldError> errors = new ArrayList<>();
    List<EngineTables.Row> out = new ArrayList<>();
    int cells = 0;
    for (int i = 0; i < rows.size(); i++) {
      Row r = rows.get(i);
      List<EngineTables.RowCell> written = new ArrayList<>();
      for (int j = 0; j < r.cells().size(); j++) {
        Cell cell = r.cells().get(j);
        if (!families.contains(cell.family())) {
          errors.add(new FieldError("rows[" + i + "].cells[" + j + "].family", "table '" + table
              + "' has no family '" + cell.family() + "'; it has " + families.stream().sorted().toList()));
          continue;
        }
        String at = "rows[" + i + "].cells[" + j + "]";
        if (!printable(at + ".qualifier", cell.qualifier(), errors) | !printable(at + ".value", cell.value(), errors)) {
          continue;
        }
        written.add(new EngineTables.RowCell(cell.family(), cell.qualifier(), cell.value(), 0));
      }
      if (!printable("rows[" + i + "].key", r.key(), errors)) {
        continue;
      }
      if (EngineTables.byteLength(r.key()) == 0) {
        errors.add(new FieldError("rows[" + i + "].key", "a row key needs at least one byte"));
      }
      cells += written.size();
      out.add(new EngineTables.Row(r.key(), written));
    }
    if (!errors.isEmpty()) {
      throw ProblemException.invalid(errors);
    }
    EngineCall.answer(() -> {
      engine.putRows(c.endpoints(), table, out);
      return null;
    });
    Row first = rows.get(0);
    Cell cell = first.cells().get(0);
    return new Written(rows.size(), cells, "put '" + table + "', " + quote(first.key()) + ", "
        + quote(cell.family() + ":" + cell.qualifier()) + ", " + quote(cell.value()));
  }

  public Row get(long clusterId, String table, String key) {
    Cluster c = clusters.get(clusterId);
    enabled(clusterId, table);
    List<FieldError> errors = new ArrayList<>();
    if (printable("key", key, errors) && EngineTables.byteLength(key) == 0) {
      errors.add(new FieldError("key", "a row key needs at least one byte"));
    }
    if (!errors.isEmpty()) {
      throw ProblemException.invalid(errors);
    }
    return EngineCall.answer(() -> engine.getRow(c.endpoints(), table, key)).map(TableRows::row).orElseThrow(() ->
        ProblemException.of(ProblemType.NOT_FOUND, "no row " + quote(key) + " in table '" + table + "'"));
  }

  public Page scan(long clusterId, String table, String start, int limit) {
    if (limit < 1 || limit > MAX_SCAN) {
      throw ProblemException.invalid(List.of(new FieldError("limit", "between 1 and " + MAX_SCAN)));
    }
    List<FieldError> errors = new ArrayList<>();
    if (start != null && !printable("start", start, errors)) {
      throw ProblemException.invalid(errors);
    }
    Cluster c = clusters.get(clusterId);
    enabled(clusterId, table);
    String from = start == null || start.isEmpty() ? null : start;
    List<EngineTables.Row> found = EngineCall.answer(() -> engine.scanRows(c.endpoints(), table, from, limit));
    boolean more = found.size() > limit;
    List<Row> rows = found.stream().limit(limit).map(TableRows::row).toList();
    String shell = "scan '" + table + "', {" + (from == null ? "" : "STARTROW => " + quote(start) + ", ")
        + "LIMIT => " + limit + "}";
    return new Page(rows, more, shell);
  }

  public static String getCommand(String table, String key) {
    return "get '" + table + "', " + quote(key);
  }

  /** The shell's form is ASCII: any other byte is written \xNN, never as a character. */
  static boolean printable(String field, String s, List<FieldError> errors) {
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      if (ch < 0x20 || ch > 0x7e) {
        errors.add(new FieldError(field, "printable ASCII only; write any other byte as \\xNN (e.g. \\x00),"
            + " as the HBase shell prints it"));
        return false;
      }
    }
    return true;
  }

  private TableState enabled(long clusterId, String table) {
    TableState st = tables.describe(clusterId, table);
    if (!st.enabled()) {
      throw ProblemException.of(ProblemType.TABLE_STATE_CONFLICT, "table '" + table
          + "' is disabled; enable it to read or write rows");
    }
    return st;
  }

  private static Row row(EngineTables.Row r) {
    return new Row(r.key(), r.cells().stream().map(c -> new Cell(c.family(), c.qualifier(), c.value(),
        c.timestamp())).toList());
  }

  /** A shell string literal: double quotes keep \xNN escapes meaningful to the shell. */
  static String quote(String s) {
    return "\"" + s.replace("\"", "\\\"") + "\"";
  }
}
