package io.granary.provisioning.render;

import io.granary.provisioning.config.Layout;
import io.granary.provisioning.config.Overrides;
import io.granary.provisioning.model.ConfigFile;
import io.granary.provisioning.model.ConfigValue;
import io.granary.provisioning.model.HostSpec;
import io.granary.provisioning.model.Kerberos;
import io.granary.provisioning.model.Mappers;
import io.granary.provisioning.model.Plan;
import io.granary.provisioning.model.PlannedHost;
import io.granary.provisioning.model.Provenance;
import io.granary.provisioning.model.Role;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Plan → the inventory the roles under {@code ansible/} read (ansible/README.md, "Variable
 * contract"): {@code hosts.yml} (the groups {@code zookeeper}, {@code namenode}, {@code
 * hbase_master}, {@code datanode}, {@code regionserver}, with HA {@code journalnode} and {@code
 * zkfc}, with a managed KDC {@code kdc}, for a scale-out {@code scale_out}, for a scale-in {@code
 * scale_in}; connection variables per host), {@code group_vars/all.yml} (cluster name, HA switch
 * and nameservice, ports, short-circuit switch, EC policies to enable, the plan's tunables as
 * {@code granary_*_site} / {@code granary_zoo_cfg}, the role groups' values as {@value
 * #ROLE_CONFIG}, with Kerberos the {@code granary_kerberos_*} variables) and {@code
 * host_vars/<host>.yml} (bind address, rack, data disks, heaps, JVM options, and the config maps
 * again where a host has values of its own).
 *
 * <p>The roles compute the structural values themselves from the inventory (addresses, quorum,
 * {@code fs.defaultFS}, {@code hbase.rootdir}, directories, ZooKeeper ids and {@code server.N}, the
 * short-circuit socket, bind addresses, and with HA the nameservice's NameNodes, JournalNodes and
 * ZKFC quorum); the plan's values for those keys are not written ({@link
 * #isRoleOwned}). Ports go through {@code granary_ports}, short-circuit on/off through {@code
 * granary_short_circuit_enabled}. Keys the roles set to a fixed value of their own ({@link
 * #isRoleDefault}) are written only when the plan sized or the user overrode them.
 *
 * <p>Hosts are named by {@link #inventoryName}: the hostname, else the address. {@code scale_out}
 * holds the hosts new to the cluster ({@code scale_out.yml} starts them), {@code scale_in} the
 * hosts leaving it ({@code scale_in.yml} unloads their regions, writes their addresses to {@code
 * dfs.hosts.exclude} and decommissions their DataNodes). Both stay in their {@code datanode} and
 * {@code regionserver} groups for that run; a {@code scale_out} host must run exactly a DataNode
 * and a RegionServer, a {@code scale_in} host nothing but those.
 *
 * <p>Keys are sorted (groups, heaps and ports in role order) so the output is stable. Config values
 * are strings (the roles template them verbatim); ports are integers.
 */
public final class InventoryRenderer {
  public static final String INVENTORY = "hosts.yml";
  public static final String GROUP_VARS = "group_vars/all.yml";
  public static final String HOST_VARS_DIR = "host_vars";

  /** The group {@code scale_out.yml} adds: DataNode + RegionServer hosts new to the cluster. */
  public static final String SCALE_OUT_GROUP = "scale_out";

  /**
   * The group {@code scale_in.yml} removes: DataNode (+ RegionServer) hosts leaving the
   * cluster, still in their {@code datanode} / {@code regionserver} groups for that run.
   */
  public static final String SCALE_IN_GROUP = "scale_in";

  /** The group of the host running the managed KDC (none with an existing KDC). */
  public static final String KDC_GROUP = "kdc";

  /** The only roles a host may run to be added by a scale-out or removed by a scale-in. */
  public static final Set<Role> SCALABLE_ROLES = Set.of(Role.DATANODE, Role.REGIONSERVER);

  /** The user the playbooks need; any other SSH user gets {@code ansible_become: true}. */
  static final String ROOT = "root";

  /** Plan role → the roles' name for it (keys of granary_heaps, granary_jvm_opts). */
  static final Map<Role, String> LAUNCHER_ROLE = new EnumMap<>(Role.class);

  static {
    LAUNCHER_ROLE.put(Role.ZOOKEEPER, "zookeeper");
    LAUNCHER_ROLE.put(Role.JOURNALNODE, "journalnode");
    LAUNCHER_ROLE.put(Role.NAMENODE, "namenode");
    LAUNCHER_ROLE.put(Role.ZKFC, "zkfc");
    LAUNCHER_ROLE.put(Role.HBASE_MASTER, "master");
    LAUNCHER_ROLE.put(Role.DATANODE, "datanode");
    LAUNCHER_ROLE.put(Role.REGIONSERVER, "regionserver");
  }

  /** Groups only an HA inventory has (without HA no host runs these roles). */
  static final Set<Role> HA_GROUPS = EnumSet.of(Role.JOURNALNODE, Role.ZKFC);

  /** Plan config file → the roles' variable. */
  static final Map<ConfigFile, String> VARIABLE = new EnumMap<>(ConfigFile.class);

  static {
    VARIABLE.put(ConfigFile.CORE_SITE, "granary_core_site");
    VARIABLE.put(ConfigFile.HDFS_SITE, "granary_hdfs_site");
    VARIABLE.put(ConfigFile.HBASE_SITE, "granary_hbase_site");
    VARIABLE.put(ConfigFile.ZOO_CFG, "granary_zoo_cfg");
  }

  /** Plan config file → its name in a role's config directory (granary_role_config's keys). */
  static final Map<ConfigFile, String> CONF_FILE = new EnumMap<>(ConfigFile.class);

  static {
    CONF_FILE.put(ConfigFile.CORE_SITE, "core-site.xml");
    CONF_FILE.put(ConfigFile.HDFS_SITE, "hdfs-site.xml");
    CONF_FILE.put(ConfigFile.HBASE_SITE, "hbase-site.xml");
    CONF_FILE.put(ConfigFile.ZOO_CFG, "zoo.cfg");
  }

  /**
   * The group_vars variable of the role-group values: the roles' name (as in granary_heaps) →
   * file in that role's config directory → key → value, merged over that role's files only.
   */
  public static final String ROLE_CONFIG = "granary_role_config";

  /**
   * Keys the roles derive from the inventory (ansible/roles/granary/defaults/main.yml, the
   * {@code __granary_*_defaults} maps; racks come from {@code granary_rack}), plus structural keys
   * of the plan the roles have no variable for (advertised hostnames). Never written, whatever
   * their provenance.
   */
  static final Map<ConfigFile, Set<String>> ROLE_OWNED = new EnumMap<>(ConfigFile.class);

  /** zoo.cfg keys by prefix: the ensemble ({@code server.N}) comes from group zookeeper. */
  static final Map<ConfigFile, Set<String>> ROLE_OWNED_PREFIXES = new EnumMap<>(ConfigFile.class);

  /**
   * Keys the roles set to a fixed value of their own (same choice as the planner's default): the
   * plan's value is written only when a sizing rule or an override produced it.
   */
  static final Map<ConfigFile, Set<String>> ROLE_DEFAULTS = new EnumMap<>(ConfigFile.class);

  static {
    ROLE_OWNED.put(
        ConfigFile.CORE_SITE,
        Set.of(
            "fs.defaultFS",
            "hadoop.tmp.dir",
            "net.topology.script.file.name",
            // HA: from group zookeeper and granary_ports.zookeeper
            "ha.zookeeper.quorum"));
    ROLE_OWNED.put(
        ConfigFile.HDFS_SITE,
        Set.of(
            "dfs.namenode.name.dir",
            "dfs.namenode.rpc-address",
            "dfs.namenode.http-address",
            "dfs.namenode.secondary.http-address",
            "dfs.datanode.data.dir",
            "dfs.datanode.address",
            "dfs.datanode.http.address",
            "dfs.datanode.ipc.address",
            "dfs.datanode.https.address",
            "dfs.client.read.shortcircuit",
            "dfs.domain.socket.path",
            // HA: from granary_nameservice, groups namenode and journalnode, granary_ports and
            // granary_data_dirs (the per-NameNode addresses are prefixes below)
            "dfs.nameservices",
            "dfs.namenode.shared.edits.dir",
            "dfs.journalnode.edits.dir",
            "dfs.journalnode.rpc-address",
            "dfs.journalnode.http-address",
            "dfs.ha.zkfc.port"));
    ROLE_OWNED.put(
        ConfigFile.HBASE_SITE,
        Set.of(
            "hbase.cluster.distributed",
            "hbase.rootdir",
            "hbase.tmp.dir",
            "hbase.zookeeper.quorum",
            "hbase.zookeeper.property.clientPort",
            "hbase.master.ipc.address",
            "hbase.master.port",
            "hbase.master.info.bindAddress",
            "hbase.master.info.port",
            "hbase.master.hostname",
            "hbase.regionserver.ipc.address",
            "hbase.regionserver.port",
            "hbase.regionserver.info.bindAddress",
            "hbase.regionserver.info.port",
            "hbase.unsafe.regionserver.hostname",
            // HBase reads them from the hdfs-site.xml next to hbase-site.xml
            "dfs.client.read.shortcircuit",
            "dfs.domain.socket.path"));
    ROLE_OWNED.put(
        ConfigFile.ZOO_CFG,
        Set.of(
            "dataDir",
            "clientPort",
            "clientPortAddress",
            // ZooKeeper's Prometheus endpoint: the bind address and the zookeeper_metrics port
            "metricsProvider.httpHost",
            "metricsProvider.httpPort"));
    for (ConfigFile f : ConfigFile.values()) {
      ROLE_OWNED_PREFIXES.put(f, Set.of());
    }
    ROLE_OWNED_PREFIXES.put(ConfigFile.ZOO_CFG, Set.of("server."));
    // HA: dfs.ha.namenodes.<ns> = nn1,nn2 in group namenode's order, and each one's addresses
    ROLE_OWNED_PREFIXES.put(
        ConfigFile.HDFS_SITE,
        Set.of("dfs.ha.namenodes.", "dfs.namenode.rpc-address.", "dfs.namenode.http-address."));

    ROLE_DEFAULTS.put(
        ConfigFile.CORE_SITE,
        Set.of(
            "io.erasurecode.codec.rs.rawcoders",
            "io.erasurecode.codec.xor.rawcoders",
            "hadoop.prometheus.endpoint.enabled"));
    ROLE_DEFAULTS.put(
        ConfigFile.HDFS_SITE,
        Set.of("dfs.replication", "dfs.checksum.type", "dfs.bytes-per-checksum"));
    ROLE_DEFAULTS.put(
        ConfigFile.HBASE_SITE,
        Set.of(
            "hbase.hstore.checksum.algorithm",
            "hbase.regionserver.checksum.verify",
            "hbase.hfile.compaction.discharger.interval",
            "hbase.io.compress.zstd.codec"));
    ROLE_DEFAULTS.put(
        ConfigFile.ZOO_CFG,
        Set.of(
            "tickTime",
            "initLimit",
            "syncLimit",
            "admin.enableServer",
            "4lw.commands.whitelist",
            "autopurge.snapRetainCount",
            "autopurge.purgeInterval",
            "metricsProvider.className",
            "metricsProvider.exportJvmInfo"));
  }

  /** Whether the roles compute this key from the inventory, so the plan's value is not written. */
  public static boolean isRoleOwned(ConfigFile file, String key) {
    return ROLE_OWNED.get(file).contains(key)
        || ROLE_OWNED_PREFIXES.get(file).stream().anyMatch(key::startsWith);
  }

  /** Whether the roles set this key to a fixed value of theirs unless the inventory sets it. */
  public static boolean isRoleDefault(ConfigFile file, String key) {
    return ROLE_DEFAULTS.get(file).contains(key);
  }

  /** Whether the plan's value goes into the inventory's {@code granary_*} config maps. */
  static boolean written(ConfigFile file, String key, ConfigValue value) {
    if (isRoleOwned(file, key)) {
      return false;
    }
    return !isRoleDefault(file, key) || value.source() != Provenance.DEFAULT;
  }

  /** The inventory for an install of the whole plan: relative path → file content. */
  public SortedMap<String, String> render(Plan plan) {
    return render(plan, Set.of(), Set.of(), Map.of());
  }

  /**
   * The inventory for {@code scale_out.yml}: as {@link #render(Plan)}, with {@code newHosts} also
   * in group {@code scale_out}.
   *
   * @param newHosts hosts new to the cluster, by inventory name or address; each must run exactly
   *     a DataNode and a RegionServer in the plan (all scale_out.yml starts)
   */
  public SortedMap<String, String> render(Plan plan, Set<String> newHosts) {
    return render(plan, newHosts, Set.of(), Map.of());
  }

  /**
   * @param newHosts hosts for group {@code scale_out}, by inventory name or address (empty for an
   *     install)
   * @param keyFiles host (inventory name or address) → absolute path of the SSH private key on the
   *     controller, for {@code ansible_ssh_private_key_file}; hosts without one use Ansible's
   *     default
   */
  public SortedMap<String, String> render(
      Plan plan, Set<String> newHosts, Map<String, Path> keyFiles) {
    return render(plan, newHosts, Set.of(), keyFiles);
  }

  /**
   * The inventory for {@code scale_out.yml} and {@code scale_in.yml}: {@code newHosts} also in
   * group {@code scale_out}, {@code leavingHosts} also in group {@code scale_in}. For a scale-in
   * pass the installed plan (the leaving hosts still in it), not the plan after the removal.
   *
   * @param newHosts hosts for group {@code scale_out}, by inventory name or address; each must run
   *     exactly a DataNode and a RegionServer
   * @param leavingHosts hosts for group {@code scale_in}, by inventory name or address; each must
   *     run nothing but a DataNode and/or a RegionServer, and none may be in {@code newHosts}
   * @param keyFiles as in {@link #render(Plan, Set, Map)}
   * @throws IllegalArgumentException for a host not in the plan or one the playbook cannot add or
   *     remove
   */
  public SortedMap<String, String> render(
      Plan plan, Set<String> newHosts, Set<String> leavingHosts, Map<String, Path> keyFiles) {
    Set<String> scaleOut = scaleOut(plan, newHosts);
    Set<String> scaleIn = scaleIn(plan, leavingHosts);
    for (String h : scaleIn) {
      if (scaleOut.contains(h)) {
        throw new IllegalArgumentException(
            h + " is both a scale-out and a scale-in host; add or remove it, not both");
      }
    }
    Map<String, Path> keys = keys(plan, keyFiles);
    SortedMap<String, String> files = new TreeMap<>();
    String header =
        "# Rendered by Granary from the plan of cluster "
            + plan.cluster()
            + ". Edits are overwritten at the next render.\n";
    files.put(INVENTORY, header + yaml(inventory(plan, scaleOut, scaleIn, keys)));
    files.put(GROUP_VARS, header + yaml(groupVars(plan)));
    for (PlannedHost h : plan.hosts()) {
      files.put(
          HOST_VARS_DIR + "/" + inventoryName(h) + ".yml", header + yaml(hostVars(plan, h)));
    }
    return files;
  }

  /** Writes the files, first removing what an earlier render left (a host may have gone). */
  public void write(Plan plan, Path dir) throws IOException {
    write(plan, dir, Set.of(), Map.of());
  }

  /** As {@link #render(Plan, Set, Map)}, written to {@code dir}. */
  public void write(Plan plan, Path dir, Set<String> newHosts, Map<String, Path> keyFiles)
      throws IOException {
    write(plan, dir, newHosts, Set.of(), keyFiles);
  }

  /** As {@link #render(Plan, Set, Set, Map)}, written to {@code dir}. */
  public void write(
      Plan plan,
      Path dir,
      Set<String> newHosts,
      Set<String> leavingHosts,
      Map<String, Path> keyFiles)
      throws IOException {
    SortedMap<String, String> files = render(plan, newHosts, leavingHosts, keyFiles);
    Path hostVars = dir.resolve(HOST_VARS_DIR);
    if (Files.isDirectory(hostVars)) {
      try (Stream<Path> old = Files.list(hostVars)) {
        for (Path p : old.filter(p -> p.toString().endsWith(".yml")).toList()) {
          Files.delete(p);
        }
      }
    }
    for (var e : files.entrySet()) {
      Path file = dir.resolve(e.getKey());
      Files.createDirectories(file.getParent());
      Files.writeString(file, e.getValue());
    }
  }

  /**
   * The host's name in the inventory ({@code hosts.yml}, {@code host_vars/<name>.yml}): the spec's
   * hostname, else its address (the planner stores that in {@link PlannedHost#hostname()}).
   */
  public static String inventoryName(PlannedHost host) {
    return host.hostname();
  }

  /**
   * The plan's host named {@code id}: by inventory name, else by address (callers that track hosts
   * by address pass those).
   */
  public static Optional<PlannedHost> find(Plan plan, String id) {
    return plan.hosts().stream()
        .filter(h -> inventoryName(h).equals(id))
        .findFirst()
        .or(() -> plan.hosts().stream().filter(h -> h.address().equals(id)).findFirst());
  }

  private static PlannedHost host(Plan plan, String id) {
    return find(plan, id)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    id
                        + " is not a host of the plan "
                        + plan.hosts().stream().map(InventoryRenderer::inventoryName).toList()));
  }

  /** {@code newHosts} as inventory names, after checking scale_out.yml can start them. */
  private static Set<String> scaleOut(Plan plan, Set<String> newHosts) {
    Set<String> names = new TreeSet<>();
    for (String id : new TreeSet<>(newHosts)) {
      PlannedHost h = host(plan, id);
      EnumSet<Role> roles = EnumSet.noneOf(Role.class);
      roles.addAll(h.roles());
      if (!roles.equals(SCALABLE_ROLES)) {
        throw new IllegalArgumentException(
            "scale-out host "
                + inventoryName(h)
                + " is planned to run "
                + h.roles()
                + "; scale_out.yml starts exactly a datanode and a regionserver");
      }
      names.add(inventoryName(h));
    }
    return names;
  }

  /** {@code leavingHosts} as inventory names, after checking scale_in.yml can remove them. */
  private static Set<String> scaleIn(Plan plan, Set<String> leavingHosts) {
    Set<String> names = new TreeSet<>();
    for (String id : new TreeSet<>(leavingHosts)) {
      PlannedHost h = host(plan, id);
      if (h.roles().isEmpty() || !SCALABLE_ROLES.containsAll(h.roles())) {
        throw new IllegalArgumentException(
            "scale-in host "
                + inventoryName(h)
                + " runs "
                + h.roles()
                + "; scale_in.yml removes only datanode and regionserver hosts");
      }
      names.add(inventoryName(h));
    }
    return names;
  }

  /** {@code keyFiles} by inventory name, after checking the paths are absolute. */
  private static Map<String, Path> keys(Plan plan, Map<String, Path> keyFiles) {
    Map<String, Path> byName = new TreeMap<>();
    for (var e : new TreeMap<>(keyFiles).entrySet()) {
      PlannedHost h = host(plan, e.getKey());
      if (e.getValue() == null || !e.getValue().isAbsolute()) {
        throw new IllegalArgumentException(
            "key file of " + inventoryName(h) + " must be an absolute path, got " + e.getValue());
      }
      byName.put(inventoryName(h), e.getValue());
    }
    return byName;
  }

  static Map<String, Object> inventory(
      Plan plan, Set<String> newHosts, Set<String> leavingHosts, Map<String, Path> keyFiles) {
    Map<String, Object> hosts = new LinkedHashMap<>();
    for (PlannedHost h : plan.hosts()) {
      Map<String, Object> conn = new TreeMap<>();
      conn.put("ansible_host", h.address());
      conn.put("ansible_user", plan.sshUser());
      if (!ROOT.equals(plan.sshUser())) {
        conn.put("ansible_become", true); // the playbooks need root on the hosts
      }
      Path key = keyFiles.get(inventoryName(h));
      if (key != null) {
        conn.put("ansible_ssh_private_key_file", key.toString());
      }
      hosts.put(inventoryName(h), conn);
    }
    Map<String, Object> children = new LinkedHashMap<>();
    for (Role r : Role.values()) {
      if (HA_GROUPS.contains(r) && !plan.ha().enabled()) {
        continue;
      }
      // in host order: the roles number the NameNodes nn1, nn2 by it, as the plan does
      List<PlannedHost> members = plan.hostsRunning(r);
      if (r == Role.ZOOKEEPER) {
        // the roles number the ensemble (myid, server.N) in group order
        members =
            members.stream()
                .sorted(
                    Comparator.comparing(
                        PlannedHost::zookeeperId, Comparator.nullsLast(Comparator.naturalOrder())))
                .toList();
      }
      children.put(r.id(), group(members.stream().map(InventoryRenderer::inventoryName).toList()));
    }
    Kerberos kerberos = plan.kerberos();
    if (kerberos != null && kerberos.managed()) {
      children.put(KDC_GROUP, group(List.of(kerberos.kdcHost())));
    }
    if (!newHosts.isEmpty()) {
      children.put(SCALE_OUT_GROUP, group(inPlanOrder(plan, newHosts)));
    }
    if (!leavingHosts.isEmpty()) {
      children.put(SCALE_IN_GROUP, group(inPlanOrder(plan, leavingHosts)));
    }
    Map<String, Object> all = new LinkedHashMap<>();
    all.put("children", children);
    all.put("hosts", hosts);
    return Map.of("all", all);
  }

  private static List<String> inPlanOrder(Plan plan, Set<String> names) {
    return plan.hosts().stream()
        .map(InventoryRenderer::inventoryName)
        .filter(names::contains)
        .toList();
  }

  private static Map<String, Object> group(List<String> names) {
    Map<String, Object> members = new LinkedHashMap<>();
    names.forEach(n -> members.put(n, Map.of()));
    return Map.of("hosts", members);
  }

  static Map<String, Object> groupVars(Plan plan) {
    Map<String, Object> v = new TreeMap<>();
    v.put("granary_cluster_name", plan.cluster());
    v.put("granary_ha", plan.ha().enabled());
    if (plan.ha().enabled()) {
      v.put("granary_nameservice", plan.ha().nameservice());
    }
    // the control plane reaches HBase by address: hosts' names need not resolve where it runs;
    // with Kerberos they must, since principals carry them (hbase/<host name>)
    v.put("granary_advertise_address", plan.kerberos() == null);
    v.put("granary_ports", ports(plan));
    v.put(
        "granary_short_circuit_enabled",
        Boolean.parseBoolean(
            value(plan.config().get(ConfigFile.HDFS_SITE), "dfs.client.read.shortcircuit", "true")
                .trim()));
    if (!plan.erasureCodingPolicies().isEmpty()) {
      v.put("granary_ec_policies", plan.erasureCodingPolicies());
    }
    for (ConfigFile f : ConfigFile.values()) {
      v.put(VARIABLE.get(f), carried(f, plan.config().get(f)));
    }
    Map<String, Object> roleConfig = roleConfig(plan);
    if (!roleConfig.isEmpty()) {
      v.put(ROLE_CONFIG, roleConfig);
    }
    if (plan.kerberos() != null) {
      v.putAll(kerberosVars(plan.kerberos()));
    }
    return v;
  }

  /**
   * The roles' Kerberos switch and settings; with a managed KDC the roles take the KDC from group
   * {@value #KDC_GROUP}, so the list and the kadmin settings stay empty.
   */
  static Map<String, Object> kerberosVars(Kerberos k) {
    Map<String, Object> v = new TreeMap<>();
    v.put("granary_kerberos_enabled", true);
    v.put("granary_kerberos_realm", k.realm());
    v.put("granary_kerberos_kdc_managed", k.managed());
    v.put("granary_kerberos_kdcs", k.kdcs());
    v.put("granary_kerberos_admin_server", Objects.requireNonNullElse(k.adminServer(), ""));
    v.put("granary_kerberos_admin_principal", Objects.requireNonNullElse(k.adminPrincipal(), ""));
    v.put("granary_kerberos_cp_principal", k.controlPlanePrincipal());
    v.put("granary_kerberos_rpc_protection", k.rpcProtection());
    v.put("granary_kerberos_data_transfer_protection", k.dataTransferProtection());
    return v;
  }

  /** granary_role_config: the role groups' values, in role order, files in plan order. */
  static Map<String, Object> roleConfig(Plan plan) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Role r : Role.values()) {
      Map<String, Object> files = new LinkedHashMap<>();
      for (ConfigFile f : ConfigFile.values()) {
        SortedMap<String, String> m = new TreeMap<>();
        // the validator refuses role-owned keys in a role group; never write one regardless
        plan.roleValues(r, f).forEach((k, cv) -> {
          if (!isRoleOwned(f, k)) {
            m.put(k, cv.value());
          }
        });
        if (!m.isEmpty()) {
          files.put(CONF_FILE.get(f), m);
        }
      }
      if (!files.isEmpty()) {
        out.put(LAUNCHER_ROLE.get(r), files);
      }
    }
    return out;
  }

  static Map<String, Object> hostVars(Plan plan, PlannedHost h) {
    Map<String, Object> v = new TreeMap<>();
    v.put("granary_bind_address", h.address());
    if (!HostSpec.DEFAULT_RACK.equals(h.rack())) {
      v.put("granary_rack", h.rack());
    }
    if (!h.dataDisks().isEmpty()) { // else the roles' default disk (they need one for temp dirs)
      v.put("granary_data_dirs", h.dataDisks());
    }
    v.put("granary_heaps", byRole(h.heaps()));
    v.put("granary_jvm_opts", byRole(h.jvmOpts()));
    for (ConfigFile f : ConfigFile.values()) {
      SortedMap<String, String> own = carried(f, h.config().get(f));
      if (!own.isEmpty()) {
        // host_vars replace the group_vars map of the same name: write the host's whole map
        SortedMap<String, String> merged = carried(f, plan.config().get(f));
        merged.putAll(own);
        v.put(VARIABLE.get(f), merged);
      }
    }
    return v;
  }

  /**
   * granary_ports, in the roles' order, from the plan's (possibly overridden) port values; with
   * Kerberos also the HDFS HTTPS ports, and {@code kdc} with a managed KDC.
   */
  static Map<String, Integer> ports(Plan plan) {
    var hdfs = plan.config().get(ConfigFile.HDFS_SITE);
    var hbase = plan.config().get(ConfigFile.HBASE_SITE);
    var zoo = plan.config().get(ConfigFile.ZOO_CFG);
    int peer = Layout.ZOOKEEPER_PEER_PORT;
    int election = Layout.ZOOKEEPER_ELECTION_PORT;
    for (var e : zoo.entrySet()) {
      String[] parts = e.getValue().value().split(":");
      if (e.getKey().startsWith("server.")
          && parts.length >= 3
          && Overrides.isPort(parts[1])
          && Overrides.isPort(parts[2].split(";")[0])) {
        peer = Integer.parseInt(parts[1].trim());
        election = Integer.parseInt(parts[2].split(";")[0].trim());
        break;
      }
    }
    Map<String, Integer> p = new LinkedHashMap<>();
    p.put("zookeeper", port(zoo, "clientPort", Layout.ZOOKEEPER_PORT));
    p.put("zookeeper_peer", peer);
    p.put("zookeeper_election", election);
    p.put("namenode_rpc", address(plan, "dfs.namenode.rpc-address", Layout.NAMENODE_RPC_PORT));
    p.put(
        "namenode_http", address(plan, "dfs.namenode.http-address", Layout.NAMENODE_HTTP_PORT));
    p.put(
        "journalnode_rpc",
        address(plan, "dfs.journalnode.rpc-address", Layout.JOURNALNODE_RPC_PORT));
    p.put(
        "journalnode_http",
        address(plan, "dfs.journalnode.http-address", Layout.JOURNALNODE_HTTP_PORT));
    p.put("zkfc", port(hdfs, "dfs.ha.zkfc.port", Layout.ZKFC_PORT));
    p.put("datanode", address(plan, "dfs.datanode.address", Layout.DATANODE_PORT));
    p.put("datanode_http", address(plan, "dfs.datanode.http.address", Layout.DATANODE_HTTP_PORT));
    p.put("datanode_ipc", address(plan, "dfs.datanode.ipc.address", Layout.DATANODE_IPC_PORT));
    p.put("master", port(hbase, "hbase.master.port", Layout.MASTER_PORT));
    p.put("master_http", port(hbase, "hbase.master.info.port", Layout.MASTER_HTTP_PORT));
    p.put("regionserver", port(hbase, "hbase.regionserver.port", Layout.REGIONSERVER_PORT));
    p.put(
        "regionserver_http",
        port(hbase, "hbase.regionserver.info.port", Layout.REGIONSERVER_HTTP_PORT));
    p.put("zookeeper_metrics", port(zoo, "metricsProvider.httpPort", Layout.ZOOKEEPER_METRICS_PORT));
    // the monitoring role's Prometheus and Alertmanager (docs/adr/0017-observability.md)
    p.put("prometheus", Layout.PROMETHEUS_PORT);
    p.put("alertmanager", Layout.ALERTMANAGER_PORT);
    if (plan.kerberos() != null) {
      // only a Kerberos inventory names these, so the others stay as they were
      if (plan.kerberos().managed()) {
        p.put("kdc", Layout.KDC_PORT);
      }
      // the HDFS web servers are HTTPS-only under Kerberos (the secure DataNode requires it)
      p.put("namenode_https", Layout.NAMENODE_HTTPS_PORT);
      p.put("datanode_https", Layout.DATANODE_HTTPS_PORT);
      p.put("journalnode_https", Layout.JOURNALNODE_HTTPS_PORT);
    }
    return p;
  }

  private static int port(Map<String, ConfigValue> config, String key, int fallback) {
    String v = value(config, key, "");
    return Overrides.isPort(v) ? Integer.parseInt(v.trim()) : fallback;
  }

  /**
   * The port of an hdfs-site address: the cluster-wide key, else HA's first per-NameNode key
   * ({@code key.<ns>.nn1}), else the first host's own (JournalNodes bind their host's address).
   */
  private static int address(Plan plan, String key, int fallback) {
    var hdfs = plan.config().get(ConfigFile.HDFS_SITE);
    String v =
        Stream.concat(
                Stream.of(hdfs.get(key)),
                Stream.concat(
                    hdfs.entrySet().stream()
                        .filter(e -> e.getKey().startsWith(key + "."))
                        .map(Map.Entry::getValue),
                    plan.hosts().stream().map(h -> h.config().get(ConfigFile.HDFS_SITE).get(key))))
            .filter(Objects::nonNull)
            .map(ConfigValue::value)
            .findFirst()
            .orElse("");
    int p = Overrides.portOf(v);
    return p > 0 ? p : fallback;
  }

  private static String value(Map<String, ConfigValue> config, String key, String fallback) {
    ConfigValue cv = config.get(key);
    return cv == null ? fallback : cv.value();
  }

  /** The plan's values of one file that the inventory carries (see {@link #written}). */
  private static SortedMap<String, String> carried(ConfigFile f, Map<String, ConfigValue> config) {
    SortedMap<String, String> m = new TreeMap<>();
    config.forEach(
        (k, cv) -> {
          if (written(f, k, cv)) {
            m.put(k, cv.value());
          }
        });
    return m;
  }

  /** Keyed by the roles' names (hbase_master → master), in role order. */
  private static Map<String, String> byRole(Map<Role, ConfigValue> m) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Role r : Role.values()) {
      ConfigValue cv = m.get(r);
      if (cv != null) {
        out.put(LAUNCHER_ROLE.get(r), cv.value());
      }
    }
    return out;
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
