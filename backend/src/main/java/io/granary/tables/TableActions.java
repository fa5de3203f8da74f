package io.granary.tables;

import io.granary.clusters.Cluster;
import io.granary.clusters.ClustersService;
import io.granary.engine.EngineTables;
import io.granary.operations.Operation;
import io.granary.operations.OperationsService;
import io.granary.shared.problem.FieldError;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import io.granary.tables.design.TableValidation;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.springframework.stereotype.Service;

/** Enable, disable, truncate, drop and namespace creation; the destructive ones need the typed table name. */
@Service
public class TableActions {
  public static final String ENABLE = "TABLE_ENABLE";
  public static final String DISABLE = "TABLE_DISABLE";
  public static final String TRUNCATE = "TABLE_TRUNCATE";
  public static final String DROP = "TABLE_DROP";
  public static final String FLUSH = "TABLE_FLUSH";

  private final ClustersService clusters;
  private final EngineTables engine;
  private final OperationsService operations;
  private final TableCatalogs catalogs;

  public TableActions(ClustersService clusters, EngineTables engine, OperationsService operations,
      TableCatalogs catalogs) {
    this.clusters = clusters;
    this.engine = engine;
    this.operations = operations;
    this.catalogs = catalogs;
  }

  public Operation enable(long clusterId, String table, String user) {
    return toggle(clusterId, table, true, user);
  }

  public Operation disable(long clusterId, String table, String user) {
    return toggle(clusterId, table, false, user);
  }

  private Operation toggle(long clusterId, String table, boolean enable, String user) {
    Cluster c = clusters.get(clusterId);
    String name = existing(c, table);
    if (!enable || TableNames.isSystem(name)) {
      TableNames.refuseChange(name, enable ? "enable" : "disable");
    }
    boolean enabled = EngineCall.answer(() -> engine.isEnabled(c.endpoints(), name));
    if (enabled == enable) {
      throw ProblemException.of(ProblemType.TABLE_STATE_CONFLICT,
          "table '" + name + "' is already " + (enable ? "enabled" : "disabled"));
    }
    String verb = enable ? "enable" : "disable";
    return operations.start(enable ? ENABLE : DISABLE, c.id(), "table " + name,
        "hbase shell> " + verb + " '" + name + "'", user, ctx -> {
          ctx.progress(10, (enable ? "enabling " : "disabling ") + name);
          if (enable) {
            engine.enable(c.endpoints(), name);
          } else {
            engine.disable(c.endpoints(), name);
          }
          // disabled: the RegionServers no longer report its regions
          catalogs.awaitVisible(c.id(), name, t -> t != null && (enable || t.regions().isEmpty()), 20);
          return name + (enable ? " enabled" : " disabled");
        });
  }

  /** Writes the MemStore of the table, or of one of its regions, to new HFiles. */
  public Operation flush(long clusterId, String table, String region, String user) {
    Cluster c = clusters.get(clusterId);
    String name = existing(c, table);
    TableCatalog.Table t = catalogs.get(c.id()).table(name);
    if (t != null && !t.enabled()) {
      throw ProblemException.of(ProblemType.TABLE_STATE_CONFLICT, "table '" + name + "' is disabled: it has no"
          + " MemStore to flush");
    }
    String target = region == null || region.isBlank() ? null : region.trim();
    if (target != null && (t == null || t.regions().stream().noneMatch(r -> r.encodedName().equals(target)))) {
      String why = "no region '" + target + "' of " + name + " is online (use the encoded name from the Regions tab)";
      throw new ProblemException(ProblemType.REFERENCE_NOT_FOUND, why, List.of(new FieldError("region",
          why)));
    }
    long before = t == null ? 0 : target == null ? t.memstoreBytes()
        : t.regions().stream().filter(r -> r.encodedName().equals(target)).mapToLong(TableCatalog.Region::memstoreBytes)
            .sum();
    String shell = "flush '" + (target == null ? name : target) + "'";
    return operations.start(FLUSH, c.id(), target == null ? "table " + name : "region " + target + " of " + name,
        "hbase shell> " + shell, user, ctx -> {
          ctx.progress(10, "flushing " + (target == null ? "every region of " + name : "region " + target)
              + " (" + before + " bytes in MemStore)");
          engine.flush(c.endpoints(), name, target == null ? null : target.getBytes(StandardCharsets.UTF_8));
          // the flush is done when HBase returns; the RegionServers publish the new sizes on their next
          // metrics refresh, so the pages show them a few seconds later
          return String.format(Locale.ROOT, "%s flushed: %d bytes of MemStore written to HFiles", target == null
              ? name : "region " + target, before);
        });
  }

  public Operation truncate(long clusterId, String table, String confirm, boolean preserveSplits, String user) {
    Cluster c = clusters.get(clusterId);
    String name = existing(c, table);
    TableNames.refuseChange(name, "truncate");
    confirmed(name, confirm, "truncating deletes every row");
    String shell = (preserveSplits ? "truncate_preserve '" : "truncate '") + name + "'";
    return operations.start(TRUNCATE, c.id(), "table " + name, "hbase shell> " + shell, user, ctx -> {
      ctx.progress(10, "disabling and truncating " + name + (preserveSplits ? ", keeping its region boundaries" : ""));
      TableCatalog.Table before = catalogs.get(c.id()).table(name);
      int regions = !preserveSplits ? 1 : before == null ? -1 : before.regions().size();
      engine.truncate(c.endpoints(), name, preserveSplits);
      catalogs.awaitVisible(c.id(), name, t -> t != null && (regions < 0 || t.regions().size() == regions), 20);
      return name + " truncated";
    });
  }

  public Operation drop(long clusterId, String table, String confirm, String user) {
    Cluster c = clusters.get(clusterId);
    String name = existing(c, table);
    TableNames.refuseChange(name, "drop");
    confirmed(name, confirm, "dropping deletes the table and all its data");
    return operations.start(DROP, c.id(), "table " + name,
        "hbase shell> disable '" + name + "'; drop '" + name + "'", user, ctx -> {
          ctx.progress(10, "disabling and dropping " + name);
          engine.drop(c.endpoints(), name);
          catalogs.awaitVisible(c.id(), name, t -> t == null, 10);
          return name + " dropped";
        });
  }

  public String createNamespace(long clusterId, String namespace, String user) {
    Cluster c = clusters.get(clusterId);
    List<FieldError> invalid = TableValidation.namespaceName("name", namespace);
    if (!invalid.isEmpty()) {
      throw ProblemException.invalid(invalid);
    }
    if (namespace.equals("hbase") || namespace.equals("default")) {
      throw ProblemException.of(ProblemType.NAMESPACE_EXISTS, "namespace '" + namespace + "' is built in");
    }
    if (EngineCall.answer(() -> engine.namespaceExists(c.endpoints(), namespace))) {
      throw ProblemException.of(ProblemType.NAMESPACE_EXISTS, "namespace '" + namespace + "' exists");
    }
    EngineCall.answer(() -> {
      engine.createNamespace(c.endpoints(), namespace);
      return null;
    });
    clusters.refresh(c.id());
    return namespace;
  }

  /** The canonical name of an existing table (404 otherwise). */
  private String existing(Cluster c, String table) {
    if (!TableValidation.tableName("table", table).isEmpty()
        || !EngineCall.answer(() -> engine.exists(c.endpoints(), table))) {
      throw ProblemException.of(ProblemType.TABLE_NOT_FOUND, "no table '" + table + "'");
    }
    return TableNames.canonical(table);
  }

  private static void confirmed(String table, String confirm, String why) {
    if (!table.equals(confirm)) {
      throw ProblemException.invalid(List.of(new FieldError("confirm",
          why + ": type the table name '" + table + "' to confirm")));
    }
  }
}
