package io.granary.provisioning.diff;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.granary.provisioning.model.ConfigFile;
import io.granary.provisioning.model.ConfigValue;
import io.granary.provisioning.model.Plan;
import io.granary.provisioning.model.PlannedHost;
import io.granary.provisioning.model.Role;
import io.granary.provisioning.render.InventoryRenderer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What changes from an installed plan to a new one, and which daemons must restart for it. Hosts
 * are named as in the inventory ({@link InventoryRenderer#inventoryName}); lists are in the new
 * plan's host order (removed hosts in the old plan's), roles in {@link Role} order, keys sorted.
 *
 * <p>Restarts, only of roles a host runs in both plans (an added host or role starts, a removed one
 * stops; neither restarts anything by itself), and only where the value the role reads changes
 * ({@link Plan#effective(PlannedHost, Role, ConfigFile, String)}): a cluster-wide core-site or
 * hdfs-site change restarts every NameNode, DataNode, JournalNode, ZKFC, HMaster and RegionServer
 * (the HBase roles read hdfs-site.xml as HDFS clients); hbase-site the HMasters and RegionServers;
 * zoo.cfg the ZooKeepers. A role group's value ({@link Plan#roleConfig()}) restarts that role
 * only, and a role whose group sets the key does not restart for its cluster-wide value. A host
 * overlay change restarts those roles on that host only, a heap or JVM options change that role on
 * that host. A rack change restarts nothing (the topology script re-reads its table on each
 * lookup), nor does an erasure-coding policy (enabled at run time).
 *
 * @param hostsAdded hosts only in the new plan
 * @param hostsRemoved hosts only in the installed plan
 * @param roleChanges hosts in both plans whose roles differ
 * @param configChanges cluster-wide values (the plan's {@code config}), role-group values (by role,
 *     file, key; {@link ConfigChange#role()} set), the EC policies, then per host in both plans:
 *     rack, config overlay, heaps ({@value #HEAP}), JVM options ({@value #JVM_OPTS})
 * @param restarts role → hosts on which it must restart
 * @param summary one line a human reads per change (computed by {@link #between})
 */
@JsonPropertyOrder({
  "empty",
  "hostsAdded",
  "hostsRemoved",
  "roleChanges",
  "configChanges",
  "restarts",
  "summary"
})
public record PlanDiff(
    List<String> hostsAdded,
    List<String> hostsRemoved,
    List<RoleChange> roleChanges,
    List<ConfigChange> configChanges,
    Map<Role, List<String>> restarts,
    List<String> summary) {

  /** {@link ConfigChange#file()} of a role's heap; the key is the role's id. */
  public static final String HEAP = "heap";

  /** {@link ConfigChange#file()} of a role's JVM options; the key is the role's id. */
  public static final String JVM_OPTS = "jvm-opts";

  /** {@link ConfigChange#file()} of a host's rack; the key is {@code rack}. */
  public static final String RACK = "rack";

  /** {@link ConfigChange#file()} of an enabled EC policy; key = its name, value {@code enabled}. */
  public static final String EC_POLICIES = "ec-policies";

  static final String ENABLED = "enabled";

  /** The roles that read each config file ({@link ConfigFile#readers()}). */
  static final Map<ConfigFile, Set<Role>> READERS = new EnumMap<>(ConfigFile.class);

  static {
    for (ConfigFile f : ConfigFile.values()) {
      READERS.put(f, f.readers());
    }
  }

  public PlanDiff {
    hostsAdded = List.copyOf(hostsAdded);
    hostsRemoved = List.copyOf(hostsRemoved);
    roleChanges = List.copyOf(roleChanges);
    configChanges = List.copyOf(configChanges);
    Map<Role, List<String>> byRole = new EnumMap<>(Role.class);
    restarts.forEach((r, hosts) -> byRole.put(r, List.copyOf(hosts)));
    restarts = Collections.unmodifiableMap(byRole);
    summary = List.copyOf(summary);
  }

  /** Nothing to apply: no host, role or value differs. */
  @JsonProperty(value = "empty", access = JsonProperty.Access.READ_ONLY)
  public boolean empty() {
    return hostsAdded.isEmpty()
        && hostsRemoved.isEmpty()
        && roleChanges.isEmpty()
        && configChanges.isEmpty();
  }

  /**
   * @param before the installed plan; null for a first install (every host and value is added,
   *     nothing restarts)
   * @param after the plan to apply
   */
  public static PlanDiff between(Plan before, Plan after) {
    Objects.requireNonNull(after, "after");
    return new Builder(before, after).build();
  }

  /** Computes one diff; keeps the per-change restarts for the summary lines. */
  private static final class Builder {
    final Plan before;
    final Plan after;
    final Map<String, PlannedHost> old = new LinkedHashMap<>();
    final Map<String, PlannedHost> now = new LinkedHashMap<>();
    /** Hosts in both plans, in the new plan's order. */
    final List<String> common = new ArrayList<>();

    final List<ConfigChange> changes = new ArrayList<>();
    final List<Map<Role, List<String>>> changeRestarts = new ArrayList<>();

    Builder(Plan before, Plan after) {
      this.before = before;
      this.after = after;
      if (before != null) {
        before.hosts().forEach(h -> old.put(InventoryRenderer.inventoryName(h), h));
      }
      after.hosts().forEach(h -> now.put(InventoryRenderer.inventoryName(h), h));
      now.keySet().stream().filter(old::containsKey).forEach(common::add);
    }

    PlanDiff build() {
      List<String> added = now.keySet().stream().filter(n -> !old.containsKey(n)).toList();
      List<String> removed = old.keySet().stream().filter(n -> !now.containsKey(n)).toList();
      List<RoleChange> roleChanges = new ArrayList<>();
      for (String name : common) {
        Set<Role> was = roles(old.get(name));
        Set<Role> is = roles(now.get(name));
        List<Role> plus = is.stream().filter(r -> !was.contains(r)).toList();
        List<Role> minus = was.stream().filter(r -> !is.contains(r)).toList();
        if (!plus.isEmpty() || !minus.isEmpty()) {
          roleChanges.add(new RoleChange(name, plus, minus));
        }
      }

      for (ConfigFile f : ConfigFile.values()) {
        compare(f.id(), null, config(before, f), after.config().get(f))
            .forEach(c -> add(c, restarts(f, c.key(), common, shared(f, c.key()))));
      }
      for (Role r : Role.values()) {
        for (ConfigFile f : ConfigFile.values()) {
          Set<String> keys = new TreeSet<>(roleValues(before, r, f).keySet());
          keys.addAll(after.roleValues(r, f).keySet());
          for (String k : keys) {
            if (!Objects.equals(
                value(roleValues(before, r, f).get(k)), value(after.roleValues(r, f).get(k)))) {
              add(
                  new ConfigChange(
                      f.id(), k, null, r.id(), roleView(before, r, f, k), roleView(after, r, f, k)),
                  restarts(f, k, common, Set.of(r)));
            }
          }
        }
      }
      Set<String> ecOld =
          new TreeSet<>(before == null ? List.of() : before.erasureCodingPolicies());
      Set<String> ecNew = new TreeSet<>(after.erasureCodingPolicies());
      Set<String> ecAll = new TreeSet<>(ecOld);
      ecAll.addAll(ecNew);
      for (String p : ecAll) {
        if (ecOld.contains(p) != ecNew.contains(p)) {
          add(
              new ConfigChange(
                  EC_POLICIES,
                  p,
                  null,
                  ecOld.contains(p) ? ENABLED : null,
                  ecNew.contains(p) ? ENABLED : null),
              Map.of());
        }
      }
      for (String name : common) {
        PlannedHost was = old.get(name);
        PlannedHost is = now.get(name);
        if (!Objects.equals(was.rack(), is.rack())) {
          add(new ConfigChange(RACK, "rack", name, was.rack(), is.rack()), Map.of());
        }
        for (ConfigFile f : ConfigFile.values()) {
          compare(f.id(), name, was.config().get(f), is.config().get(f))
              .forEach(c -> add(c, restarts(f, c.key(), List.of(name), shared(f, c.key()))));
        }
        compareRoles(HEAP, name, was.heaps(), is.heaps());
        compareRoles(JVM_OPTS, name, was.jvmOpts(), is.jvmOpts());
      }

      Map<Role, List<String>> restarts = new EnumMap<>(Role.class);
      for (Role r : Role.values()) {
        Set<String> hosts = new LinkedHashSet<>();
        changeRestarts.forEach(m -> hosts.addAll(m.getOrDefault(r, List.of())));
        if (!hosts.isEmpty()) {
          restarts.put(r, inHostOrder(hosts));
        }
      }

      List<String> summary = new ArrayList<>();
      for (String h : added) {
        summary.add("host " + h + " added: " + ids(roles(now.get(h))));
      }
      for (String h : removed) {
        summary.add("host " + h + " removed: " + ids(roles(old.get(h))));
      }
      for (RoleChange rc : roleChanges) {
        List<String> parts = new ArrayList<>();
        if (!rc.added().isEmpty()) {
          parts.add("+ " + ids(rc.added()));
        }
        if (!rc.removed().isEmpty()) {
          parts.add("− " + ids(rc.removed()));
        }
        summary.add("host " + rc.host() + " roles: " + String.join("; ", parts));
      }
      for (int i = 0; i < changes.size(); i++) {
        summary.add(line(changes.get(i), changeRestarts.get(i)));
      }
      return new PlanDiff(added, removed, roleChanges, changes, restarts, summary);
    }

    private void add(ConfigChange c, Map<Role, List<String>> restarts) {
      changes.add(c);
      changeRestarts.add(restarts);
    }

    private void compareRoles(
        String file, String host, Map<Role, ConfigValue> was, Map<Role, ConfigValue> is) {
      for (Role r : Role.values()) {
        String a = value(was.get(r));
        String b = value(is.get(r));
        if (!Objects.equals(a, b)) {
          add(new ConfigChange(file, r.id(), host, a, b), onHost(host, Set.of(r)));
        }
      }
    }

    /**
     * Of {@code roles}, those on {@code hosts} (in both plans, running the role in both) whose
     * effective value of the key differs between the plans; nothing before a first install.
     */
    private Map<Role, List<String>> restarts(
        ConfigFile f, String key, List<String> hosts, Set<Role> roles) {
      if (before == null) {
        return Map.of();
      }
      Map<Role, List<String>> m = new EnumMap<>(Role.class);
      for (Role r : roles) {
        List<String> on =
            hosts.stream()
                .filter(n -> runsInBoth(n, r))
                .filter(
                    n ->
                        !Objects.equals(
                            value(before.effective(old.get(n), r, f, key)),
                            value(after.effective(now.get(n), r, f, key))))
                .toList();
        if (!on.isEmpty()) {
          m.put(r, on);
        }
      }
      return m;
    }

    /**
     * The readers of {@code f} for which a cluster-wide or host value of the key counts: not a
     * role with a group value for it in either plan (its restart belongs to that group's change).
     */
    private Set<Role> shared(ConfigFile f, String key) {
      Set<Role> roles = EnumSet.noneOf(Role.class);
      for (Role r : READERS.get(f)) {
        if (!roleValues(before, r, f).containsKey(key)
            && !after.roleValues(r, f).containsKey(key)) {
          roles.add(r);
        }
      }
      return roles;
    }

    private Map<Role, List<String>> onHost(String host, Set<Role> roles) {
      Map<Role, List<String>> m = new EnumMap<>(Role.class);
      for (Role r : roles) {
        if (runsInBoth(host, r)) {
          m.put(r, List.of(host));
        }
      }
      return m;
    }

    private boolean runsInBoth(String host, Role r) {
      return old.containsKey(host)
          && now.containsKey(host)
          && old.get(host).runs(r)
          && now.get(host).runs(r);
    }

    private List<String> inHostOrder(Set<String> hosts) {
      return now.keySet().stream().filter(hosts::contains).toList();
    }

    /**
     * "hbase-site k on hb2: 30 → 40 (regionserver restarts on hb2)", "regionserver hbase-site k:
     * 30 → 60 (regionserver restarts on 5 hosts)".
     */
    private String line(ConfigChange c, Map<Role, List<String>> restarts) {
      StringBuilder sb = new StringBuilder();
      if (c.role() != null) {
        sb.append(c.role()).append(' ').append(c.file()).append(' ').append(c.key());
      } else if (c.file().equals(RACK)) {
        sb.append("rack of ").append(c.host());
      } else if (c.file().equals(EC_POLICIES)) {
        sb.append("EC policy ").append(c.key());
      } else {
        sb.append(c.file()).append(' ').append(c.key());
        if (c.host() != null) {
          sb.append(" on ").append(c.host());
        }
      }
      sb.append(": ").append(shown(c.oldValue())).append(" → ").append(shown(c.newValue()));
      if (before == null) {
        return sb.toString(); // a first install: nothing runs yet
      }
      Set<String> hosts = new LinkedHashSet<>();
      restarts.values().forEach(hosts::addAll);
      if (hosts.isEmpty()) {
        return sb.append(" (no restart)").toString();
      }
      return sb.append(" (")
          .append(ids(restarts.keySet()))
          .append(restarts.size() == 1 ? " restarts on " : " restart on ")
          .append(hosts.size() == 1 ? hosts.iterator().next() : hosts.size() + " hosts")
          .append(')')
          .toString();
    }
  }

  /** The values that differ between two maps of one file, keys sorted; a missing map is empty. */
  private static List<ConfigChange> compare(
      String file, String host, Map<String, ConfigValue> was, Map<String, ConfigValue> is) {
    SortedMap<String, String> a = values(was);
    SortedMap<String, String> b = values(is);
    Set<String> keys = new TreeSet<>(a.keySet());
    keys.addAll(b.keySet());
    List<ConfigChange> out = new ArrayList<>();
    for (String k : keys) {
      if (!Objects.equals(a.get(k), b.get(k))) {
        out.add(new ConfigChange(file, k, host, a.get(k), b.get(k)));
      }
    }
    return out;
  }

  private static SortedMap<String, String> values(Map<String, ConfigValue> m) {
    SortedMap<String, String> out = new TreeMap<>();
    if (m != null) {
      m.forEach((k, v) -> out.put(k, value(v)));
    }
    return out;
  }

  private static Map<String, ConfigValue> config(Plan plan, ConfigFile f) {
    return plan == null ? Map.of() : plan.config().get(f);
  }

  private static Map<String, ConfigValue> roleValues(Plan plan, Role r, ConfigFile f) {
    return plan == null ? Map.of() : plan.roleValues(r, f);
  }

  /**
   * What role {@code r} reads for a key in {@code plan}: its group's value, else the value of the
   * hosts running it ("30 on ha01, ha02; 40 on ha05" when they differ), else the cluster-wide one;
   * null when nothing sets it.
   */
  private static String roleView(Plan plan, Role r, ConfigFile f, String key) {
    if (plan == null) {
      return null;
    }
    ConfigValue own = plan.roleValues(r, f).get(key);
    if (own != null) {
      return own.value();
    }
    Map<String, List<String>> byValue = new LinkedHashMap<>();
    for (PlannedHost h : plan.hostsRunning(r)) {
      String v = value(plan.effective(h, f, key));
      byValue.computeIfAbsent(v, x -> new ArrayList<>()).add(InventoryRenderer.inventoryName(h));
    }
    if (byValue.isEmpty()) {
      return value(plan.config().get(f).get(key));
    }
    if (byValue.size() == 1) {
      return byValue.keySet().iterator().next();
    }
    List<String> parts = new ArrayList<>();
    byValue.forEach((v, hosts) -> parts.add(shown(v) + " on " + String.join(", ", hosts)));
    return String.join("; ", parts);
  }

  private static String value(ConfigValue cv) {
    return cv == null ? null : cv.value();
  }

  private static Set<Role> roles(PlannedHost h) {
    Set<Role> s = EnumSet.noneOf(Role.class);
    s.addAll(h.roles());
    return s;
  }

  private static String ids(Iterable<Role> roles) {
    List<String> ids = new ArrayList<>();
    roles.forEach(r -> ids.add(r.id()));
    return ids.isEmpty() ? "no roles" : String.join(", ", ids);
  }

  private static String shown(String v) {
    return v == null ? "(unset)" : v;
  }
}
