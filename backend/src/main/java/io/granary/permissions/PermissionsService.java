package io.granary.permissions;

import io.granary.clusters.Cluster;
import io.granary.clusters.ClustersService;
import io.granary.engine.EnginePermissions;
import io.granary.engine.EnginePermissions.Grant;
import io.granary.engine.EnginePermissions.Scope;
import io.granary.engine.EngineTables;
import io.granary.shared.problem.FieldError;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import io.granary.tables.EngineCall;
import io.granary.tables.TableNames;
import io.granary.tables.design.TableValidation;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.stereotype.Service;

/**
 * HBase grants of a cluster (docs/adr/0018-security.md §6). Every scope is checked against the cluster
 * before HBase is asked, so a typo is a 400 or 404 naming it, never a grant on something that does not exist.
 */
@Service
public class PermissionsService {
  static final Pattern PRINCIPAL = Pattern.compile("^@?[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$");
  static final Pattern ACTIONS = Pattern.compile("^[RWXCA]{1,5}$");
  static final Pattern NAMESPACE = Pattern.compile("^[A-Za-z0-9_]{1,128}$");

  private final ClustersService clusters;
  private final EnginePermissions engine;
  private final EngineTables tables;

  public PermissionsService(ClustersService clusters, EnginePermissions engine, EngineTables tables) {
    this.clusters = clusters;
    this.engine = engine;
    this.tables = tables;
  }

  public record Listed(String authentication, List<Grant> grants, String shellCommand) {}

  public Listed list(long clusterId, String namespace, String table) {
    Cluster c = clusters.get(clusterId);
    Scope filter = scope(c, namespace, table, null, null);
    requireAuthorization(c);
    List<Grant> grants = EngineCall.answer(() -> engine.list(c.endpoints(), filter.namespace(), filter.table()));
    String shell = filter.table() != null ? "user_permission '" + filter.table() + "'"
        : filter.namespace() != null ? "user_permission '@" + filter.namespace() + "'" : "user_permission '.*'";
    return new Listed(c.kerberos() == null ? "simple" : "kerberos", sorted(grants), shell);
  }

  public Grant grant(long clusterId, String principal, String namespace, String table, String family,
      String qualifier, String actions) {
    Cluster c = clusters.get(clusterId);
    List<FieldError> errors = new ArrayList<>();
    principal(principal, errors);
    if (actions == null || !ACTIONS.matcher(actions).matches() || actions.chars().distinct().count() != actions.length()) {
      errors.add(new FieldError("actions", "one to five of R (read), W (write), X (exec), C (create), A (admin),"
          + " each once"));
    }
    if (!errors.isEmpty()) {
      throw ProblemException.invalid(errors);
    }
    Scope scope = scope(c, namespace, table, family, qualifier);
    requireAuthorization(c);
    String codes = EnginePermissions.canonical(actions);
    EngineCall.answer(() -> {
      engine.grant(c.endpoints(), principal, scope, codes);
      return null;
    });
    return new Grant(principal, scope, codes);
  }

  public Grant revoke(long clusterId, String principal, String namespace, String table, String family,
      String qualifier) {
    Cluster c = clusters.get(clusterId);
    List<FieldError> errors = new ArrayList<>();
    principal(principal, errors);
    if (!errors.isEmpty()) {
      throw ProblemException.invalid(errors);
    }
    Scope scope = scope(c, namespace, table, family, qualifier);
    requireAuthorization(c);
    Grant held = EngineCall.answer(() -> engine.list(c.endpoints(), scope.table() == null ? scope.namespace() : null,
        scope.table())).stream().filter(g -> g.principal().equals(principal) && g.scope().equals(scope)).findFirst()
        .orElseThrow(() -> ProblemException.of(ProblemType.PERMISSION_NOT_FOUND, principal + " holds no grant on "
            + describe(scope)));
    EngineCall.answer(() -> {
      engine.revoke(c.endpoints(), principal, scope);
      return null;
    });
    return held;
  }

  private void requireAuthorization(Cluster c) {
    if (!EngineCall.answer(() -> engine.authorizationEnabled(c.endpoints()))) {
      throw ProblemException.of(ProblemType.AUTHORIZATION_DISABLED, "cluster " + c.name() + " runs without HBase's"
          + " AccessController (hbase.security.authorization), so it keeps no grants; local clusters have it on,"
          + " provisioned ones get it with Kerberos");
    }
  }

  /** The scope the parameters name, each part checked: a table implies its namespace, a qualifier its family. */
  private Scope scope(Cluster c, String namespace, String table, String family, String qualifier) {
    List<FieldError> errors = new ArrayList<>();
    namespace = blankToNull(namespace);
    table = blankToNull(table);
    family = blankToNull(family);
    qualifier = blankToNull(qualifier);
    if (namespace != null && !NAMESPACE.matcher(namespace).matches()) {
      errors.add(new FieldError("namespace", "letters, digits and _ only"));
    }
    if (table != null) {
      errors.addAll(TableValidation.tableName("table", table));
    }
    if (family != null && table == null) {
      errors.add(new FieldError("family", "a family needs its table"));
    }
    if (qualifier != null && family == null) {
      errors.add(new FieldError("qualifier", "a qualifier needs its family"));
    }
    if (errors.isEmpty() && table != null && namespace != null && !namespace.equals(TableNames.namespaceOf(table))) {
      errors.add(new FieldError("namespace", "table " + table + " is in namespace " + TableNames.namespaceOf(table)
          + "; give one of the two"));
    }
    if (!errors.isEmpty()) {
      throw ProblemException.invalid(errors);
    }
    if (table != null) {
      String t = TableNames.canonical(table);
      if (!EngineCall.answer(() -> tables.exists(c.endpoints(), t))) {
        throw ProblemException.of(ProblemType.TABLE_NOT_FOUND, "no table '" + t + "'");
      }
      String f = family;
      if (f != null && !EngineCall.answer(() -> engine.hasFamily(c.endpoints(), t, f))) {
        throw ProblemException.invalid(List.of(new FieldError("family", "table " + t + " has no family '" + f + "'")));
      }
      return new Scope(TableNames.namespaceOf(t), t, family, qualifier);
    }
    if (namespace != null) {
      String ns = namespace;
      if (!EngineCall.answer(() -> tables.namespaceExists(c.endpoints(), ns))) {
        throw ProblemException.of(ProblemType.NAMESPACE_NOT_FOUND, "no namespace '" + ns + "'");
      }
      return new Scope(ns, null, null, null);
    }
    return Scope.GLOBAL;
  }

  private static void principal(String principal, List<FieldError> errors) {
    if (principal == null || !PRINCIPAL.matcher(principal).matches()) {
      errors.add(new FieldError("principal", "a user name, or @group, of letters, digits, _ . and -"));
    }
  }

  /** The hbase shell grant that gives {@code g}. */
  public static String grantCommand(Grant g) {
    return "grant '" + g.principal() + "', '" + g.actions() + "'" + target(g.scope());
  }

  /** The hbase shell revoke that takes {@code g} back. */
  public static String revokeCommand(Grant g) {
    return "revoke '" + g.principal() + "'" + target(g.scope());
  }

  private static String target(Scope s) {
    if (s.table() != null) {
      return ", '" + s.table() + "'" + (s.family() == null ? "" : ", '" + s.family() + "'")
          + (s.qualifier() == null ? "" : ", '" + s.qualifier() + "'");
    }
    return s.namespace() != null ? ", '@" + s.namespace() + "'" : "";
  }

  static String describe(Scope s) {
    if (s.table() != null) {
      return "table " + s.table() + (s.family() == null ? "" : " family " + s.family())
          + (s.qualifier() == null ? "" : " qualifier " + s.qualifier());
    }
    return s.namespace() != null ? "namespace " + s.namespace() : "the whole cluster (global)";
  }

  private static List<Grant> sorted(List<Grant> grants) {
    List<Grant> out = new ArrayList<>(grants);
    out.sort(java.util.Comparator.comparing((Grant g) -> g.scope().global() ? 0 : g.scope().table() == null ? 1 : 2)
        .thenComparing(g -> String.valueOf(g.scope().namespace())).thenComparing(g -> String.valueOf(g.scope().table()))
        .thenComparing(Grant::principal));
    return out;
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }
}
