package io.granary.provisioning.placement;

import io.granary.provisioning.model.ClusterSpec;
import io.granary.provisioning.model.FindingCode;
import io.granary.provisioning.model.HighAvailability;
import io.granary.provisioning.model.HostSpec;
import io.granary.provisioning.model.Role;
import io.granary.provisioning.validate.Findings;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Which roles run where. Hosts with explicit roles run exactly those; every other host runs a
 * DataNode and a RegionServer (co-located for short-circuit reads and locality), and the first of
 * them take the roles no host lists explicitly.
 *
 * <p>Without HA: ZooKeeper(s), NameNode and HMaster on host 1 (HMaster moves to host 2 from 5 hosts
 * on, to spread the load). With HA every role stays on the first 3 such hosts, so a scale-out
 * (hosts appended to the spec) moves none: ZooKeepers and JournalNodes on all 3, NameNodes nn1 and
 * nn2 (each with its ZKFC) on the first 2, HMasters on the 3rd and on nn2's host; so from 3 hosts on
 * the first HMaster (in host order, as the inventory group lists them) never shares nn1's host.
 * Explicit roles are then checked: counts, distinct hosts, a ZKFC beside each NameNode.
 *
 * @param roles per host, in spec order
 * @param zookeeperIds host index → ZooKeeper myid (1..n in host order)
 */
public record Placement(List<EnumSet<Role>> roles, Map<Integer, Integer> zookeeperIds) {

  static final int SPREAD_MASTER_FROM_HOSTS = 5;
  static final int HA_NAMENODES = 2;
  static final int HA_JOURNALNODES = 3;
  static final int HA_MASTERS = 2;

  public static Placement place(ClusterSpec spec, Findings f) {
    List<HostSpec> hosts = spec.hosts();
    boolean ha = spec.haOrDefault();
    List<EnumSet<Role>> roles = new ArrayList<>();
    List<Integer> auto = new ArrayList<>();
    List<Integer> namenodeTwice = new ArrayList<>();
    for (int i = 0; i < hosts.size(); i++) {
      List<String> explicit = hosts.get(i).roles();
      if (explicit == null) {
        roles.add(EnumSet.of(Role.DATANODE, Role.REGIONSERVER));
        auto.add(i);
      } else {
        EnumSet<Role> set = EnumSet.noneOf(Role.class);
        explicit.stream()
            .filter(Objects::nonNull)
            .map(Role::byId)
            .forEach(r -> r.ifPresent(set::add)); // unknown ones are reported by the validator
        roles.add(set);
        if (explicit.stream().filter(Role.NAMENODE.id()::equals).count() > 1) {
          namenodeTwice.add(i);
        }
      }
    }
    if (hosts.isEmpty()) {
      return new Placement(roles, Map.of());
    }
    if (ha) {
      haPlace(roles, auto);
    } else {
      haRolesWithoutHa(roles, f);
      namenode(roles, auto, f);
      master(roles, auto, f);
    }
    Map<Integer, Integer> zk = zookeepers(spec, ha, roles, auto, f);
    if (ha) {
      haCheck(roles, namenodeTwice, f);
    }
    for (Role r : List.of(Role.DATANODE, Role.REGIONSERVER)) {
      if (with(roles, r).isEmpty()) {
        f.add(
            FindingCode.MISSING_ROLE,
            "hosts",
            "no host runs a " + r.title() + "; give one host the role " + r.id());
      }
    }
    return new Placement(roles, zk);
  }

  /** Roles no host lists go to the hosts without explicit roles; counts are checked after. */
  private static void haPlace(List<EnumSet<Role>> roles, List<Integer> auto) {
    if (with(roles, Role.NAMENODE).isEmpty()) {
      first(auto, HA_NAMENODES).forEach(i -> roles.get(i).add(Role.NAMENODE));
    }
    if (with(roles, Role.ZKFC).isEmpty()) {
      // the ZKFC health-checks the NameNode on its own host
      auto.stream()
          .filter(i -> roles.get(i).contains(Role.NAMENODE))
          .forEach(i -> roles.get(i).add(Role.ZKFC));
    }
    if (with(roles, Role.JOURNALNODE).isEmpty()) {
      first(auto, HA_JOURNALNODES).forEach(i -> roles.get(i).add(Role.JOURNALNODE));
    }
    if (with(roles, Role.HBASE_MASTER).isEmpty()) {
      // among the first 3 (with ZooKeeper and a JournalNode), so hosts added later by a scale-out
      // never move a master: a host without a NameNode first, then nn2's host, then nn1's
      List<Integer> pool = first(auto, HA_JOURNALNODES);
      List<Integer> pick = new ArrayList<>();
      pool.stream().filter(i -> !roles.get(i).contains(Role.NAMENODE)).forEach(pick::add);
      List<Integer> nn = new ArrayList<>(with(roles, Role.NAMENODE));
      Collections.reverse(nn);
      nn.stream().filter(pool::contains).forEach(pick::add);
      first(pick, HA_MASTERS).forEach(i -> roles.get(i).add(Role.HBASE_MASTER));
    }
  }

  /** What HA needs of the placement, whether automatic or explicit. */
  private static void haCheck(List<EnumSet<Role>> roles, List<Integer> namenodeTwice, Findings f) {
    List<Integer> nn = with(roles, Role.NAMENODE);
    if (!namenodeTwice.isEmpty()) {
      f.add(
          FindingCode.HA_NAMENODES_SAME_HOST,
          "hosts[" + namenodeTwice.get(0) + "].roles",
          "lists namenode twice; the 2 NameNodes of HA need 2 hosts, or losing this one stops"
              + " HDFS");
    } else if (nn.size() != HA_NAMENODES) {
      f.add(
          FindingCode.HA_NAMENODE_COUNT,
          "hosts",
          "HA runs 2 NameNodes (active and standby); %s; list namenode in the roles of 2 hosts",
          nn.isEmpty() ? "no host can take one" : "namenode is on " + list(nn));
    }
    for (int i = 0; i < roles.size(); i++) {
      boolean n = roles.get(i).contains(Role.NAMENODE);
      if (n != roles.get(i).contains(Role.ZKFC)) {
        f.add(
            FindingCode.ZKFC_PLACEMENT,
            "hosts[" + i + "].roles",
            n
                ? "a NameNode under HA needs zkfc beside it (it health-checks the NameNode and"
                    + " holds its failover lock); add zkfc"
                : "zkfc without a namenode: it only watches the NameNode on its own host");
      }
    }
    List<Integer> jn = with(roles, Role.JOURNALNODE);
    if (jn.size() < HA_JOURNALNODES) {
      f.add(
          FindingCode.JOURNALNODE_COUNT,
          "hosts",
          "HA needs at least 3 JournalNodes (each edit is written to a majority, so 3 survive"
              + " one lost host); %s; list journalnode in the roles of 3 hosts",
          jn.isEmpty() ? "no host can take one" : "journalnode is on " + list(jn));
    } else if (jn.size() % 2 == 0) {
      f.add(
          FindingCode.JOURNALNODE_COUNT_EVEN,
          "hosts",
          "%d JournalNodes survive no more lost hosts than %d (a majority of %d is %d); an odd"
              + " count wastes none",
          jn.size(),
          jn.size() - 1,
          jn.size(),
          jn.size() / 2 + 1);
    }
    List<Integer> masters = with(roles, Role.HBASE_MASTER);
    if (masters.size() == 1) {
      f.add(
          FindingCode.BACKUP_MASTER_MISSING,
          "hosts",
          "one HMaster (%s): while its host is down, no region is reassigned (a failed"
              + " RegionServer's regions stay offline) and no table can be created or altered;"
              + " add hbase_master to another host's roles for a backup master",
          list(masters));
    } else if (masters.isEmpty()) {
      f.add(
          FindingCode.MISSING_ROLE,
          "hosts",
          "no host runs the HMaster and every host has explicit roles; add hbase_master to the"
              + " roles of 2 hosts");
    }
  }

  /** Without HA the HA daemons would get no configuration to run with. */
  private static void haRolesWithoutHa(List<EnumSet<Role>> roles, Findings f) {
    for (int i = 0; i < roles.size(); i++) {
      for (Role r : List.of(Role.JOURNALNODE, Role.ZKFC)) {
        if (roles.get(i).contains(r)) {
          f.add(
              FindingCode.HA_ROLE_WITHOUT_HA,
              "hosts[" + i + "].roles",
              "%s runs only with ha: true; remove it or set ha: true",
              r.id());
        }
      }
    }
  }

  private static void namenode(List<EnumSet<Role>> roles, List<Integer> auto, Findings f) {
    List<Integer> explicit = with(roles, Role.NAMENODE);
    if (explicit.size() > 1) {
      f.add(
          FindingCode.DUPLICATE_ROLE,
          "hosts[" + explicit.get(1) + "].roles",
          "namenode is on "
              + list(explicit)
              + "; without HA the cluster runs one NameNode (set ha: true for two)");
    } else if (explicit.isEmpty()) {
      placeFirst(roles, auto, Role.NAMENODE, 0, f);
    }
  }

  private static void master(List<EnumSet<Role>> roles, List<Integer> auto, Findings f) {
    if (with(roles, Role.HBASE_MASTER).isEmpty()) {
      int pick = roles.size() >= SPREAD_MASTER_FROM_HOSTS && auto.size() >= 2 ? 1 : 0;
      placeFirst(roles, auto, Role.HBASE_MASTER, pick, f);
    }
  }

  private static void placeFirst(
      List<EnumSet<Role>> roles, List<Integer> auto, Role role, int pick, Findings f) {
    if (auto.isEmpty()) {
      f.add(
          FindingCode.MISSING_ROLE,
          "hosts",
          "no host runs the "
              + role.title()
              + " and every host has explicit roles; add "
              + role.id()
              + " to one host's roles");
    } else {
      roles.get(auto.get(pick)).add(role);
    }
  }

  private static Map<Integer, Integer> zookeepers(
      ClusterSpec spec,
      boolean ha,
      List<EnumSet<Role>> roles,
      List<Integer> auto,
      Findings f) {
    Integer asked = spec.zookeeperCount();
    List<Integer> explicit = with(roles, Role.ZOOKEEPER);
    List<Integer> chosen;
    if (!explicit.isEmpty()) {
      if (!HighAvailability.zookeeperCounts(ha).contains(explicit.size())) {
        f.add(
            FindingCode.ZOOKEEPER_COUNT,
            "hosts",
            "zookeeper is on %d hosts (%s); %s",
            explicit.size(),
            list(explicit),
            ha
                ? "HA needs 3 or 5 (the failover lock must survive a lost host)"
                : "run 1, 3 or 5");
      } else if (asked != null && asked != explicit.size()) {
        f.add(
            FindingCode.ZOOKEEPER_COUNT,
            "zookeeperCount",
            "zookeeperCount is "
                + asked
                + " but "
                + explicit.size()
                + " hosts list the zookeeper role");
      }
      chosen = explicit;
    } else {
      int n = asked != null ? asked : spec.profileOrDefault().defaultZookeepers(auto.size(), ha);
      if (!HighAvailability.zookeeperCounts(ha).contains(n) || n > roles.size()) {
        return Map.of(); // reported by the validator
      }
      if (auto.size() < n) {
        f.add(
            FindingCode.ZOOKEEPER_COUNT,
            "zookeeperCount",
            n
                + " ZooKeepers need "
                + n
                + " hosts without explicit roles; the spec has "
                + auto.size()
                + "; list zookeeper in hosts' roles instead");
        return Map.of();
      }
      chosen = auto.subList(0, n);
      chosen.forEach(i -> roles.get(i).add(Role.ZOOKEEPER));
    }
    Map<Integer, Integer> ids = new TreeMap<>();
    for (int i = 0; i < chosen.size(); i++) {
      ids.put(chosen.get(i), i + 1);
    }
    return ids;
  }

  private static List<Integer> first(List<Integer> hosts, int n) {
    return hosts.subList(0, Math.min(n, hosts.size()));
  }

  private static List<Integer> with(List<EnumSet<Role>> roles, Role role) {
    return IntStream.range(0, roles.size())
        .filter(i -> roles.get(i).contains(role))
        .boxed()
        .toList();
  }

  private static String list(List<Integer> hosts) {
    return hosts.stream().map(i -> "hosts[" + i + "]").collect(Collectors.joining(", "));
  }
}
