package io.granary.tables;

import io.granary.clusters.Cluster;
import io.granary.clusters.ClustersService;
import io.granary.engine.EngineTables;
import io.granary.operations.Operation;
import io.granary.operations.OperationsService;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import io.granary.tables.design.TableValidation;
import java.io.IOException;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.stereotype.Service;

/** Enable, disable, truncate, drop and namespace creation; the destructive ones need the typed table name. */
@Service
public class TableActions {
  public static final String ENABLE = "TABLE_ENABLE";
  public static final String DISABLE = "TABLE_DISABLE";
  public static final String TRUNCATE = "TABLE_TRUNCATE";
  public static final String DROP = "TABLE_DROP";
  static final Pattern NAMESPACE = Pattern.compile("[A-Za-z0-9_]{1,128}");

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
    boolean enabled = call(() -> engine.isEnabled(c.endpoints(), name));
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
          catalogs.awaitVisible(c.id(), name, enable ? -1 : 0, false, 20);
          return name + (enable ? " enabled" : " disabled");
        });
  }

  public Operation truncate(long clusterId, String table, String confirm, boolean preserveSplits, String user) {
    Cluster c = clusters.get(clusterId);
    String name = existing(c, table);
    confirmed(name, confirm, "truncating deletes every row");
    String shell = (preserveSplits ? "truncate_preserve '" : "truncate '") + name + "'";
    return operations.start(TRUNCATE, c.id(), "table " + name, "hbase shell> " + shell, user, ctx -> {
      ctx.progress(10, "disabling and truncating " + name + (preserveSplits ? ", keeping its region boundaries" : ""));
      int regions = preserveSplits ? catalogs.get(c.id()).table(name) == null ? -1
          : catalogs.get(c.id()).table(name).regions().size() : 1;
      engine.truncate(c.endpoints(), name, preserveSplits);
      catalogs.awaitVisible(c.id(), name, regions, false, 20);
      return name + " truncated";
    });
  }

  public Operation drop(long clusterId, String table, String confirm, String user) {
    Cluster c = clusters.get(clusterId);
    String name = existing(c, table);
    confirmed(name, confirm, "dropping deletes the table and all its data");
    return operations.start(DROP, c.id(), "table " + name,
        "hbase shell> disable '" + name + "'; drop '" + name + "'", user, ctx -> {
          ctx.progress(10, "disabling and dropping " + name);
          engine.drop(c.endpoints(), name);
          catalogs.awaitVisible(c.id(), name, 0, true, 10);
          return name + " dropped";
        });
  }

  public String createNamespace(long clusterId, String namespace, String user) {
    Cluster c = clusters.get(clusterId);
    if (namespace == null || !NAMESPACE.matcher(namespace).matches()) {
      throw ProblemException.invalid(List.of(new ProblemException.Field("name",
          "1 to 128 letters, digits or '_'")));
    }
    if (namespace.equals("hbase") || namespace.equals("default")) {
      throw ProblemException.of(ProblemType.NAMESPACE_EXISTS, "namespace '" + namespace + "' is built in");
    }
    if (call(() -> engine.namespaceExists(c.endpoints(), namespace))) {
      throw ProblemException.of(ProblemType.NAMESPACE_EXISTS, "namespace '" + namespace + "' exists");
    }
    call(() -> {
      engine.createNamespace(c.endpoints(), namespace);
      return null;
    });
    clusters.refresh(c.id());
    return namespace;
  }

  /** The canonical name of an existing table (404 otherwise). */
  private String existing(Cluster c, String table) {
    if (!TableValidation.tableName("table", table).isEmpty() || !call(() -> engine.exists(c.endpoints(), table))) {
      throw ProblemException.of(ProblemType.TABLE_NOT_FOUND, "no table '" + table + "'");
    }
    return table.startsWith("default:") ? table.substring("default:".length()) : table;
  }

  private static void confirmed(String table, String confirm, String why) {
    if (!table.equals(confirm)) {
      throw ProblemException.invalid(List.of(new ProblemException.Field("confirm",
          why + ": type the table name '" + table + "' to confirm")));
    }
  }

  interface EngineCall<T> {
    T call() throws IOException;
  }

  static <T> T call(EngineCall<T> call) {
    try {
      return call.call();
    } catch (IOException e) {
      throw ProblemException.of(ProblemType.CLUSTER_UNREACHABLE, "the cluster did not answer: " + e.getMessage());
    }
  }
}
