package io.granary.provisioning.render;

import io.granary.provisioning.config.Layout;
import io.granary.provisioning.config.Overrides;
import io.granary.provisioning.model.ConfigFile;
import io.granary.provisioning.model.ConfigValue;
import io.granary.provisioning.model.Mappers;
import io.granary.provisioning.model.Plan;
import io.granary.provisioning.model.PlannedHost;
import io.granary.provisioning.model.Role;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Plan → Ansible inventory: {@code hosts.yml} (one group per role), {@code group_vars/all.yml}
 * (cluster-wide config maps, ports, topology) and {@code host_vars/<host>.yml} (heaps, JVM options,
 * per-host config overlays, dirs, ZooKeeper myid). Keys are sorted so the output is stable. Config
 * values are strings (the roles template them verbatim); ports and counts are integers.
 */
public final class InventoryRenderer {
  public static final String INVENTORY = "hosts.yml";
  public static final String GROUP_VARS = "group_vars/all.yml";
  public static final String HOST_VARS_DIR = "host_vars";

  /** relative path → file content. */
  public SortedMap<String, String> render(Plan plan) {
    SortedMap<String, String> files = new TreeMap<>();
    String header =
        "# Rendered by Granary from the plan of cluster "
            + plan.cluster()
            + ". Edits are overwritten at the next render.\n";
    files.put(INVENTORY, header + yaml(inventory(plan)));
    files.put(GROUP_VARS, header + yaml(groupVars(plan)));
    for (PlannedHost h : plan.hosts()) {
      files.put(HOST_VARS_DIR + "/" + h.hostname() + ".yml", header + yaml(hostVars(h)));
    }
    return files;
  }

  /** Writes the files, first removing what an earlier render left (a host may have gone). */
  public void write(Plan plan, Path dir) throws IOException {
    Path hostVars = dir.resolve(HOST_VARS_DIR);
    if (Files.isDirectory(hostVars)) {
      try (Stream<Path> old = Files.list(hostVars)) {
        for (Path p : old.filter(p -> p.toString().endsWith(".yml")).toList()) {
          Files.delete(p);
        }
      }
    }
    for (var e : render(plan).entrySet()) {
      Path file = dir.resolve(e.getKey());
      Files.createDirectories(file.getParent());
      Files.writeString(file, e.getValue());
    }
  }

  static Map<String, Object> inventory(Plan plan) {
    Map<String, Object> hosts = new LinkedHashMap<>();
    for (PlannedHost h : plan.hosts()) {
      hosts.put(
          h.hostname(),
          new TreeMap<>(Map.of("ansible_host", h.address(), "ansible_user", plan.sshUser())));
    }
    Map<String, Object> children = new LinkedHashMap<>();
    for (Role r : Role.values()) {
      Map<String, Object> members = new LinkedHashMap<>();
      plan.hostsRunning(r).forEach(h -> members.put(h.hostname(), Map.of()));
      children.put(r.id(), Map.of("hosts", members));
    }
    Map<String, Object> all = new LinkedHashMap<>();
    all.put("children", children);
    all.put("hosts", hosts);
    return Map.of("all", all);
  }

  static Map<String, Object> groupVars(Plan plan) {
    Map<String, Object> v = new TreeMap<>();
    for (ConfigFile f : ConfigFile.values()) {
      v.put(f.var(), values(plan.config().get(f)));
    }
    var hbase = plan.config().get(ConfigFile.HBASE_SITE);
    var hdfs = plan.config().get(ConfigFile.HDFS_SITE);
    var zoo = plan.config().get(ConfigFile.ZOO_CFG);
    v.put("granary_cluster_name", plan.cluster());
    v.put("granary_profile", plan.profile().id());
    v.put("granary_workload", plan.workload().id());
    v.put("granary_state_dir", Layout.STATE_DIR);
    v.put("granary_topology_file", Layout.TOPOLOGY_FILE);
    Map<String, String> topology = new TreeMap<>();
    for (PlannedHost h : plan.hosts()) {
      topology.put(h.address(), h.rack());
      topology.put(h.hostname(), h.rack());
    }
    v.put("granary_topology", topology);
    int zkPort = port(zoo.get("clientPort").value());
    v.put("zookeeper_client_port", zkPort);
    v.put(
        "zookeeper_quorum",
        String.join(
            ",",
            plan.hostsRunning(Role.ZOOKEEPER).stream()
                .map(h -> h.address() + ":" + zkPort)
                .toList()));
    PlannedHost nn = plan.hostsRunning(Role.NAMENODE).get(0);
    v.put("hdfs_namenode_address", nn.address());
    v.put("hdfs_namenode_rpc_port", Overrides.portOf(hdfs.get("dfs.namenode.rpc-address").value()));
    v.put(
        "hdfs_namenode_http_port", Overrides.portOf(hdfs.get("dfs.namenode.http-address").value()));
    v.put("hdfs_datanode_port", Overrides.portOf(hdfs.get("dfs.datanode.address").value()));
    v.put(
        "hdfs_datanode_http_port", Overrides.portOf(hdfs.get("dfs.datanode.http.address").value()));
    v.put("hdfs_datanode_ipc_port", Overrides.portOf(hdfs.get("dfs.datanode.ipc.address").value()));
    v.put("hdfs_datanode_count", plan.hostsRunning(Role.DATANODE).size());
    v.put("hdfs_erasure_coding_policies", plan.erasureCodingPolicies());
    v.put("hbase_master_port", port(hbase.get("hbase.master.port").value()));
    v.put("hbase_master_http_port", port(hbase.get("hbase.master.info.port").value()));
    v.put("hbase_regionserver_port", port(hbase.get("hbase.regionserver.port").value()));
    v.put("hbase_regionserver_http_port", port(hbase.get("hbase.regionserver.info.port").value()));
    v.put("hbase_regionserver_count", plan.hostsRunning(Role.REGIONSERVER).size());
    return v;
  }

  static Map<String, Object> hostVars(PlannedHost h) {
    Map<String, Object> v = new TreeMap<>();
    for (ConfigFile f : ConfigFile.values()) {
      v.put(f.var() + "_host", values(h.config().get(f)));
    }
    v.put("granary_rack", h.rack());
    v.put("granary_roles", h.roles().stream().map(Role::id).toList());
    v.put("granary_dirs", h.dirs());
    v.put("jvm_heaps", byRole(h.heaps()));
    v.put("jvm_opts", byRole(h.jvmOpts()));
    if (h.zookeeperId() != null) {
      v.put("zookeeper_myid", h.zookeeperId());
    }
    return v;
  }

  private static Map<String, String> values(Map<String, ConfigValue> config) {
    Map<String, String> m = new TreeMap<>();
    config.forEach((k, cv) -> m.put(k, cv.value()));
    return m;
  }

  /** In role order (zookeeper … regionserver), as the plan lists them. */
  private static Map<String, String> byRole(Map<Role, ConfigValue> m) {
    Map<String, String> out = new LinkedHashMap<>();
    m.forEach((r, cv) -> out.put(r.id(), cv.value()));
    return out;
  }

  private static int port(String value) {
    return Integer.parseInt(value.trim());
  }

  static String yaml(Object value) {
    try {
      return Mappers.YAML.writeValueAsString(value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** For callers that want the inventory path of a rendered directory. */
  public static Path inventoryPath(Path dir) {
    return dir.resolve(INVENTORY);
  }
}
