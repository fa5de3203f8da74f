package io.granary.tables;

import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.stereotype.Service;

/** Listing, paging and region maps, all from the state cache: pages never wait on the cluster. */
@Service
public class TableBrowser {
  public static final int MAX_TABLE_PAGE = 500;
  public static final int MAX_REGION_PAGE = 1000;

  public record Page<T>(List<T> items, int page, int size, long total) {}

  private final TableCatalogs catalogs;

  public TableBrowser(TableCatalogs catalogs) {
    this.catalogs = catalogs;
  }

  public TableCatalog catalog(long clusterId) {
    return catalogs.get(clusterId);
  }

  public Page<TableCatalog.Table> list(long clusterId, String namespace, String q, String sort, int page, int size) {
    checkPage(page, size, MAX_TABLE_PAGE);
    Comparator<TableCatalog.Table> order = switch (sort == null ? "name" : sort) {
      case "name" -> Comparator.comparing(TableCatalog.Table::name);
      case "regions" -> Comparator.comparingInt((TableCatalog.Table t) -> t.regions().size()).reversed();
      case "size" -> Comparator.comparingLong(TableCatalog.Table::sizeBytes).reversed();
      case "storeFiles" -> Comparator.comparingInt(TableCatalog.Table::storeFiles).reversed();
      case "reads" -> Comparator.comparingDouble(TableCatalog.Table::readsPerSecond).reversed();
      case "writes" -> Comparator.comparingDouble(TableCatalog.Table::writesPerSecond).reversed();
      default -> throw ProblemException.of(ProblemType.INVALID_PARAMETER,
          "sort must be one of name, regions, size, storeFiles, reads, writes");
    };
    String needle = q == null || q.isBlank() ? null : q.trim().toLowerCase(Locale.ROOT);
    String ns = namespace == null || namespace.isBlank() ? null : namespace;
    List<TableCatalog.Table> matching = new ArrayList<>();
    for (TableCatalog.Table t : catalog(clusterId).tables()) {
      if ((ns == null || t.namespace().equals(ns)) && (needle == null || t.name().toLowerCase(Locale.ROOT)
          .contains(needle))) {
        matching.add(t);
      }
    }
    if (!"name".equals(sort) && sort != null) {
      matching.sort(order.thenComparing(TableCatalog.Table::name));
    }
    return slice(matching, page, size);
  }

  public TableCatalog.Table table(long clusterId, String table) {
    TableCatalog.Table t = catalog(clusterId).table(TableNames.canonical(table));
    if (t == null) {
      throw ProblemException.of(ProblemType.TABLE_NOT_FOUND, "no table '" + table + "' (as of the last collection)");
    }
    return t;
  }

  public Page<TableCatalog.Region> regions(long clusterId, String table, int page, int size) {
    checkPage(page, size, MAX_REGION_PAGE);
    return slice(table(clusterId, table).regions(), page, size);
  }

  /** Server name to the table's regions on it, in key order; servers by name. */
  public Map<String, List<TableCatalog.Region>> regionMap(long clusterId, String table) {
    Map<String, List<TableCatalog.Region>> out = new TreeMap<>();
    for (TableCatalog.Region r : table(clusterId, table).regions()) {
      out.computeIfAbsent(r.server(), k -> new ArrayList<>()).add(r);
    }
    return out;
  }

  private static void checkPage(int page, int size, int max) {
    if (page < 0) {
      throw ProblemException.of(ProblemType.INVALID_PARAMETER, "page must be 0 or more");
    }
    if (size < 1 || size > max) {
      throw ProblemException.of(ProblemType.INVALID_PARAMETER, "size must be between 1 and " + max);
    }
  }

  private static <T> Page<T> slice(List<T> all, int page, int size) {
    long from = (long) page * size;
    List<T> items = from >= all.size() ? List.of() : all.subList((int) from, (int) Math.min(all.size(), from + size));
    return new Page<>(List.copyOf(items), page, size, all.size());
  }
}
