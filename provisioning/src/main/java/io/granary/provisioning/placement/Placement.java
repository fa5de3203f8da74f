package io.granary.provisioning.placement;

import io.granary.provisioning.model.ClusterSpec;
import io.granary.provisioning.model.FindingCode;
import io.granary.provisioning.model.HostSpec;
import io.granary.provisioning.model.Role;
import io.granary.provisioning.validate.Findings;
import java.util.ArrayList;
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
 * them take the singleton roles not placed explicitly: ZooKeeper(s), NameNode and HMaster on host 1
 * (HMaster moves to host 2 from 5 hosts on, to spread the load).
 *
 * @param roles per host, in spec order
 * @param zookeeperIds host index → ZooKeeper myid (1..n in host order)
 */
public record Placement(List<EnumSet<Role>> roles, Map<Integer, Integer> zookeeperIds) {

  static final int SPREAD_MASTER_FROM_HOSTS = 5;

  public static Placement place(ClusterSpec spec, Findings f) {
    List<HostSpec> hosts = spec.hosts();
    List<EnumSet<Role>> roles = new ArrayList<>();
    List<Integer> auto = new ArrayList<>();
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
      }
    }
    if (hosts.isEmpty()) {
      return new Placement(roles, Map.of());
    }
    namenode(roles, auto, f);
    master(roles, auto, f);
    Map<Integer, Integer> zk = zookeepers(spec, roles, auto, f);
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

  private static void namenode(List<EnumSet<Role>> roles, List<Integer> auto, Findings f) {
    List<Integer> explicit = with(roles, Role.NAMENODE);
    if (explicit.size() > 1) {
      f.add(
          FindingCode.DUPLICATE_ROLE,
          "hosts[" + explicit.get(1) + "].roles",
          "namenode is on " + list(explicit) + "; Granary runs one NameNode (no HDFS HA yet)");
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
      ClusterSpec spec, List<EnumSet<Role>> roles, List<Integer> auto, Findings f) {
    Integer asked = spec.zookeeperCount();
    List<Integer> explicit = with(roles, Role.ZOOKEEPER);
    List<Integer> chosen;
    if (!explicit.isEmpty()) {
      if (explicit.size() != 1 && explicit.size() != 3) {
        f.add(
            FindingCode.ZOOKEEPER_COUNT,
            "hosts",
            "zookeeper is on " + explicit.size() + " hosts (" + list(explicit) + "); run 1 or 3");
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
      int n = asked != null ? asked : spec.profileOrDefault().defaultZookeepers(auto.size());
      if (n != 1 && n != 3 || n > roles.size()) {
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
