package io.granary.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.security.SecurityCapability;
import org.apache.hadoop.hbase.security.access.GetUserPermissionsRequest;
import org.apache.hadoop.hbase.security.access.NamespacePermission;
import org.apache.hadoop.hbase.security.access.Permission;
import org.apache.hadoop.hbase.security.access.TablePermission;
import org.apache.hadoop.hbase.security.access.UserPermission;
import org.springframework.stereotype.Component;

/** HBase grants (AccessController) read, given and taken back through the Admin API, as the shell does. */
@Component
public class EnginePermissions {
  private final EngineConnections connections;

  public EnginePermissions(EngineConnections connections) {
    this.connections = connections;
  }

  /** Where a grant applies: everywhere (namespace and table null), a namespace, a table or a family/qualifier of it. */
  public record Scope(String namespace, String table, String family, String qualifier) {
    public static final Scope GLOBAL = new Scope(null, null, null, null);

    public boolean global() {
      return namespace == null && table == null;
    }
  }

  /** One entry: a user or {@code @group}, its scope and its actions as the shell writes them (subset of RWXCA). */
  public record Grant(String principal, Scope scope, String actions) {}

  public boolean authorizationEnabled(ClusterEndpoints e) throws IOException {
    try (Admin admin = connections.hbase(e).getAdmin()) {
      return admin.getSecurityCapabilities().contains(SecurityCapability.AUTHORIZATION);
    }
  }

  /**
   * Every grant: global, per namespace and per table (the shell's {@code user_permission} with '.*' and '@.*'),
   * or only those of one namespace or table when asked.
   */
  public List<Grant> list(ClusterEndpoints e, String namespace, String table) throws IOException {
    List<Grant> out = new ArrayList<>();
    try (Admin admin = connections.hbase(e).getAdmin()) {
      if (table != null) {
        add(out, admin.getUserPermissions(GetUserPermissionsRequest.newBuilder(TableName.valueOf(table)).build()));
        return out;
      }
      if (namespace != null) {
        add(out, admin.getUserPermissions(GetUserPermissionsRequest.newBuilder(namespace).build()));
        for (TableName t : admin.listTableNamesByNamespace(namespace)) {
          add(out, admin.getUserPermissions(GetUserPermissionsRequest.newBuilder(t).build()));
        }
        return out;
      }
      add(out, admin.getUserPermissions(GetUserPermissionsRequest.newBuilder().build()));
      for (NamespaceDescriptor ns : admin.listNamespaceDescriptors()) {
        add(out, admin.getUserPermissions(GetUserPermissionsRequest.newBuilder(ns.getName()).build()));
      }
      for (TableName t : admin.listTableNames()) {
        add(out, admin.getUserPermissions(GetUserPermissionsRequest.newBuilder(t).build()));
      }
    }
    return out;
  }

  public boolean hasFamily(ClusterEndpoints e, String table, String family) throws IOException {
    try (Admin admin = connections.hbase(e).getAdmin()) {
      return admin.getDescriptor(TableName.valueOf(table)).hasColumnFamily(family.getBytes(StandardCharsets.UTF_8));
    }
  }

  /** Replaces the principal's actions at that scope (the shell's grant does the same). */
  public void grant(ClusterEndpoints e, String principal, Scope scope, String actions) throws IOException {
    try (Admin admin = connections.hbase(e).getAdmin()) {
      admin.grant(new UserPermission(principal, permission(scope).withActions(actions(actions)).build()), false);
    }
  }

  /** Takes back every action the principal has at exactly that scope. */
  public void revoke(ClusterEndpoints e, String principal, Scope scope) throws IOException {
    try (Admin admin = connections.hbase(e).getAdmin()) {
      admin.revoke(new UserPermission(principal, permission(scope).build()));
    }
  }

  private static Permission.Builder permission(Scope s) {
    if (s.table() != null) {
      Permission.Builder b = Permission.newBuilder(TableName.valueOf(s.table()));
      if (s.family() != null) {
        b.withFamily(s.family().getBytes(StandardCharsets.UTF_8));
        if (s.qualifier() != null) {
          b.withQualifier(s.qualifier().getBytes(StandardCharsets.UTF_8));
        }
      }
      return b;
    }
    return s.namespace() != null ? Permission.newBuilder(s.namespace()) : Permission.newBuilder();
  }

  static Permission.Action[] actions(String codes) {
    List<Permission.Action> out = new ArrayList<>();
    for (char c : codes.toCharArray()) {
      for (Permission.Action a : Permission.Action.values()) {
        if (a.code() == c && !out.contains(a)) {
          out.add(a);
        }
      }
    }
    return out.toArray(new Permission.Action[0]);
  }

  /** Action codes in the shell's order, each once: "WR" is "RW". */
  public static String canonical(String codes) {
    return codes(actions(codes));
  }

  /** The shell's order, R W X C A, whatever order HBase keeps them in. */
  static String codes(Permission.Action[] actions) {
    StringBuilder b = new StringBuilder();
    for (char c : "RWXCA".toCharArray()) {
      for (Permission.Action a : actions) {
        if (a.code() == c) {
          b.append(c);
          break;
        }
      }
    }
    return b.toString();
  }

  private static void add(List<Grant> out, List<UserPermission> perms) {
    for (UserPermission up : perms) {
      Permission p = up.getPermission();
      Scope scope;
      if (p instanceof TablePermission tp) {
        scope = new Scope(tp.getNamespace(), tp.getTableName().getNameAsString(),
            tp.hasFamily() ? new String(tp.getFamily(), StandardCharsets.UTF_8) : null,
            tp.hasQualifier() ? new String(tp.getQualifier(), StandardCharsets.UTF_8) : null);
      } else if (p instanceof NamespacePermission np) {
        scope = new Scope(np.getNamespace(), null, null, null);
      } else {
        scope = Scope.GLOBAL;
      }
      Grant g = new Grant(up.getUser(), scope, codes(p.getActions()));
      if (!out.contains(g)) {
        out.add(g);
      }
    }
  }
}
