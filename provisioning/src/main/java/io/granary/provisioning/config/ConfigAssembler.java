package io.granary.provisioning.config;

import static io.granary.provisioning.config.Layout.*;

import io.granary.provisioning.model.ClusterSpec;
import io.granary.provisioning.model.ConfigFile;
import io.granary.provisioning.model.ConfigValue;
import io.granary.provisioning.model.HostSpec;
import io.granary.provisioning.model.PlannedHost;
import io.granary.provisioning.model.Profile;
import io.granary.provisioning.model.Role;
import io.granary.provisioning.sizing.Sizing;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Fills the cluster-wide config and each host's overlay, then applies the spec's overrides last so
 * they win; {@link #roleConfig} then gives the role-group overrides, which win over both for their
 * role. Runs only on a spec without errors.
 */
public final class ConfigAssembler {
  private ConfigAssembler() {}

  public static Map<ConfigFile, SortedMap<String, ConfigValue>> emptyConfig() {
    Map<ConfigFile, SortedMap<String, ConfigValue>> m = new EnumMap<>(ConfigFile.class);
    for (ConfigFile f : ConfigFile.values()) {
      m.put(f, new TreeMap<>());
    }
    return m;
  }

  /**
   * @param hosts planned hosts with roles, heaps and JVM options set and empty config overlays
   * @return the cluster-wide config; the hosts' overlays, dirs and JVM options are filled in place
   */
  public static Map<ConfigFile, SortedMap<String, ConfigValue>> assemble(
      ClusterSpec spec, List<PlannedHost> hosts) {
    Map<ConfigFile, SortedMap<String, ConfigValue>> c = emptyConfig();
    Profile profile = spec.profileOrDefault();
    boolean ha = spec.haOrDefault();
    PlannedHost nn = running(hosts, Role.NAMENODE).get(0);
    List<PlannedHost> zks = running(hosts, Role.ZOOKEEPER);
    long datanodes = hosts.stream().filter(h -> h.runs(Role.DATANODE)).count();
    // with HA every client, HBase included, names the nameservice and never one NameNode, so a
    // failover needs no client change
    String fs = ha ? "hdfs://" + spec.name() : "hdfs://" + nn.address() + ":" + NAMENODE_RPC_PORT;
    String nnWhy =
        ha
            ? "HA: the nameservice, never one NameNode's address; clients fail over between the"
                + " NameNodes through the HA keys of hdfs-site.xml"
            : "the NameNode runs on " + nn.hostname();

    var core = c.get(ConfigFile.CORE_SITE);
    core.put("fs.defaultFS", ConfigValue.byDefault(fs, nnWhy));
    core.put(
        "io.erasurecode.codec.rs.rawcoders",
        ConfigValue.byDefault(
            "rs_native,rs_java", "ISA-L when libhadoop and libisal2 load, else Java"));
    core.put(
        "io.erasurecode.codec.xor.rawcoders",
        ConfigValue.byDefault("xor_java", "Hadoop's native XOR coder is slower than the Java one"));
    core.put("net.topology.script.file.name", topologyScript(hosts));

    var hdfs = c.get(ConfigFile.HDFS_SITE);
    if (ha) {
      ha(spec.name(), c, hosts, zks);
    } else {
      hdfs.put(
          "dfs.namenode.rpc-address",
          ConfigValue.byDefault(nn.address() + ":" + NAMENODE_RPC_PORT, nnWhy));
      hdfs.put(
          "dfs.namenode.http-address",
          ConfigValue.byDefault(nn.address() + ":" + NAMENODE_HTTP_PORT, nnWhy));
    }
    hdfs.put("dfs.datanode.address", ConfigValue.byDefault("0.0.0.0:" + DATANODE_PORT));
    hdfs.put("dfs.datanode.http.address", ConfigValue.byDefault("0.0.0.0:" + DATANODE_HTTP_PORT));
    hdfs.put("dfs.datanode.ipc.address", ConfigValue.byDefault("0.0.0.0:" + DATANODE_IPC_PORT));
    hdfs.put("dfs.replication", Sizing.replication((int) datanodes));
    hdfs.put("dfs.namenode.handler.count", Sizing.namenodeHandlers((int) datanodes));
    hdfs.put(
        "dfs.checksum.type", ConfigValue.byDefault("CRC32C", "hardware-accelerated checksums"));
    hdfs.put(
        "dfs.client.read.shortcircuit",
        ConfigValue.byDefault("true", "RegionServers read local blocks without the DataNode"));
    hdfs.put("dfs.domain.socket.path", ConfigValue.byDefault(DOMAIN_SOCKET));
    hdfs.put(
        "dfs.hosts",
        ConfigValue.byDefault(
            DFS_INCLUDE,
            "the DataNodes the NameNode admits (group datanode, by address); re-read by dfsadmin"
                + " -refreshNodes, no restart"));
    hdfs.put(
        "dfs.hosts.exclude",
        ConfigValue.byDefault(
            DFS_EXCLUDE,
            "the DataNodes a scale-in decommissions, by address; re-read by dfsadmin"
                + " -refreshNodes"));
    hdfs.put(
        "dfs.namenode.datanode.registration.ip-hostname-check",
        ConfigValue.byDefault("false", "hosts are given by address; no reverse DNS needed"));
    if (profile == Profile.LAB) {
      hdfs.put(
          "dfs.namenode.safemode.extension",
          ConfigValue.byDefault("0", "lab profile: leave safe mode without the 30 s extension"));
    }

    var hbase = c.get(ConfigFile.HBASE_SITE);
    hbase.put("hbase.cluster.distributed", ConfigValue.byDefault("true"));
    hbase.put(
        "hbase.rootdir",
        ConfigValue.byDefault(
            fs + "/hbase",
            ha
                ? "HA: the nameservice; HBase reads the HA client keys from the hdfs-site.xml"
                    + " beside hbase-site.xml, so it follows a NameNode failover"
                : nnWhy));
    hbase.put(
        "hbase.zookeeper.quorum",
        ConfigValue.byDefault(
            zks.stream().map(PlannedHost::address).collect(Collectors.joining(",")),
            "ZooKeeper on " + names(zks)));
    hbase.put(
        "hbase.zookeeper.property.clientPort",
        ConfigValue.byDefault(Integer.toString(ZOOKEEPER_PORT)));
    hbase.put("hbase.master.port", ConfigValue.byDefault(Integer.toString(MASTER_PORT)));
    hbase.put("hbase.master.info.port", ConfigValue.byDefault(Integer.toString(MASTER_HTTP_PORT)));
    hbase.put(
        "hbase.regionserver.port", ConfigValue.byDefault(Integer.toString(REGIONSERVER_PORT)));
    hbase.put(
        "hbase.regionserver.info.port",
        ConfigValue.byDefault(Integer.toString(REGIONSERVER_HTTP_PORT)));
    hbase.put("hfile.block.cache.size", Sizing.blockCache(spec.workloadOrDefault()));
    hbase.put("hbase.regionserver.global.memstore.size", Sizing.memstore(spec.workloadOrDefault()));
    hbase.put("hbase.hstore.checksum.algorithm", ConfigValue.byDefault("CRC32C"));
    hbase.put(
        "hbase.regionserver.checksum.verify",
        ConfigValue.byDefault("true", "HBase checksums in the HFile, not a second HDFS read"));
    hbase.put(
        "hbase.io.compress.zstd.codec",
        ConfigValue.byDefault(
            "org.apache.hadoop.hbase.io.compress.zstd.ZstdCodec", "ZSTD through zstd-jni"));
    hbase.put(
        "hbase.hfile.compaction.discharger.interval",
        ConfigValue.byDefault(
            "15000", "compacted-away HFiles leave HDFS within 15 s, so the EC view matches"));
    hbase.put("dfs.client.read.shortcircuit", hdfs.get("dfs.client.read.shortcircuit"));
    hbase.put("dfs.domain.socket.path", hdfs.get("dfs.domain.socket.path"));

    var zoo = c.get(ConfigFile.ZOO_CFG);
    zoo.put("tickTime", ConfigValue.byDefault("2000"));
    zoo.put("initLimit", ConfigValue.byDefault("10"));
    zoo.put("syncLimit", ConfigValue.byDefault("5"));
    zoo.put("clientPort", ConfigValue.byDefault(Integer.toString(ZOOKEEPER_PORT)));
    zoo.put(
        "maxClientCnxns", ConfigValue.byDefault("300", "HBase opens many connections per host"));
    zoo.put("admin.enableServer", ConfigValue.byDefault("false", "no Jetty admin port"));
    zoo.put(
        "4lw.commands.whitelist", ConfigValue.byDefault("ruok,srvr,stat,mntr", "health checks"));
    zoo.put("autopurge.snapRetainCount", ConfigValue.byDefault("3"));
    zoo.put("autopurge.purgeInterval", ConfigValue.byDefault("24"));
    if (zks.size() > 1) {
      for (PlannedHost z : zks) {
        zoo.put(
            "server." + z.zookeeperId(),
            ConfigValue.byDefault(
                z.address() + ":" + ZOOKEEPER_PEER_PORT + ":" + ZOOKEEPER_ELECTION_PORT,
                "ensemble member " + z.hostname()));
      }
    }

    // Kerberos principals carry host names, so servers register under theirs, not their address
    boolean advertise = spec.kerberos() == null;
    hosts.forEach(h -> hostOverlay(h, advertise));
    applyOverrides(spec, c, hosts);
    return c;
  }

  /**
   * HDFS HA with the Quorum Journal Manager: NameNodes nn1, nn2 (in host order) share their edit
   * log through the JournalNodes; a ZKFC beside each NameNode fails over through ZooKeeper.
   */
  private static void ha(
      String ns,
      Map<ConfigFile, SortedMap<String, ConfigValue>> c,
      List<PlannedHost> hosts,
      List<PlannedHost> zks) {
    List<PlannedHost> nns = running(hosts, Role.NAMENODE);
    List<PlannedHost> jns = running(hosts, Role.JOURNALNODE);
    var core = c.get(ConfigFile.CORE_SITE);
    core.put(
        "ha.zookeeper.quorum",
        ConfigValue.byDefault(
            zks.stream()
                .map(z -> z.address() + ":" + ZOOKEEPER_PORT)
                .collect(Collectors.joining(",")),
            "the ZKFCs hold the failover lock in ZooKeeper on " + names(zks)));
    core.put(
        "ha.zookeeper.session-timeout.ms",
        ConfigValue.byDefault(
            "10000",
            "Hadoop's default, kept explicit: a failed active NameNode's lock expires after 10 s,"
                + " then the standby takes over"));
    var hdfs = c.get(ConfigFile.HDFS_SITE);
    hdfs.put(
        "dfs.nameservices",
        ConfigValue.byDefault(ns, "HA: the cluster's name is its nameservice, hdfs://" + ns));
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < nns.size(); i++) {
      String id = "nn" + (i + 1);
      ids.add(id);
      PlannedHost h = nns.get(i);
      String why = id + " runs on " + h.hostname();
      hdfs.put(
          "dfs.namenode.rpc-address." + ns + "." + id,
          ConfigValue.byDefault(h.address() + ":" + NAMENODE_RPC_PORT, why));
      hdfs.put(
          "dfs.namenode.http-address." + ns + "." + id,
          ConfigValue.byDefault(h.address() + ":" + NAMENODE_HTTP_PORT, why));
    }
    hdfs.put(
        "dfs.ha.namenodes." + ns,
        ConfigValue.byDefault(
            String.join(",", ids), "NameNodes on " + names(nns) + ", numbered in host order"));
    hdfs.put(
        "dfs.namenode.shared.edits.dir",
        ConfigValue.byDefault(
            "qjournal://"
                + jns.stream()
                    .map(j -> j.address() + ":" + JOURNALNODE_RPC_PORT)
                    .collect(Collectors.joining(";"))
                + "/"
                + ns,
            "the JournalNodes on "
                + names(jns)
                + "; an edit is durable once a majority of them has it"));
    hdfs.put(
        "dfs.client.failover.proxy.provider." + ns,
        ConfigValue.byDefault(
            "org.apache.hadoop.hdfs.server.namenode.ha.ConfiguredFailoverProxyProvider",
            "clients try the NameNodes in turn and stay with the active one"));
    hdfs.put(
        "dfs.ha.automatic-failover.enabled",
        ConfigValue.byDefault(
            "true", "the ZKFC beside each NameNode promotes the standby when the active fails"));
    hdfs.put(
        "dfs.ha.fencing.methods",
        ConfigValue.byDefault(
            "shell(/bin/true)",
            "the JournalNodes fence: they take edits only from the writer with the newest epoch,"
                + " so a deposed active cannot write the shared edits (it may answer stale reads"
                + " until its next write fails); no SSH fencing or shared storage, which the"
                + " hosts do not have"));
    hdfs.put("dfs.ha.zkfc.port", ConfigValue.byDefault(Integer.toString(ZKFC_PORT)));
  }

  /**
   * {@code net.topology.script.file.name} with the hosts' racks in its rule; a scale-in that
   * removes hosts recomputes it so the rule names no removed host (the value does not change).
   */
  public static ConfigValue topologyScript(List<PlannedHost> hosts) {
    return ConfigValue.byDefault(
        TOPOLOGY_SCRIPT,
        racks(hosts) + "; read on each lookup, so a scale-out needs no NameNode restart");
  }

  private static List<PlannedHost> running(List<PlannedHost> hosts, Role role) {
    return hosts.stream().filter(h -> h.runs(role)).toList();
  }

  private static String names(List<PlannedHost> hosts) {
    return hosts.stream().map(PlannedHost::hostname).collect(Collectors.joining(", "));
  }

  /** "racks from the spec: /r1 (hb01, hb02), /r2 (hb03)", or that every host is on the default. */
  static String racks(List<PlannedHost> hosts) {
    Map<String, List<String>> byRack = new TreeMap<>();
    hosts.forEach(
        h -> byRack.computeIfAbsent(h.rack(), r -> new ArrayList<>()).add(h.hostname()));
    if (byRack.keySet().equals(Set.of(HostSpec.DEFAULT_RACK))) {
      return "no racks in the spec: every host on " + HostSpec.DEFAULT_RACK;
    }
    return "racks from the spec: "
        + byRack.entrySet().stream()
            .map(e -> e.getKey() + " (" + String.join(", ", e.getValue()) + ")")
            .collect(Collectors.joining(", "));
  }

  private static void hostOverlay(PlannedHost h, boolean advertise) {
    String disk0 = h.dataDisks().isEmpty() ? DEFAULT_DATA_DIR : h.dataDisks().get(0);
    String firstDisk =
        h.dataDisks().isEmpty()
            ? "no data disk listed: the default " + DEFAULT_DATA_DIR
            : "first data disk of " + h.hostname();
    TreeSet<String> dirs =
        new TreeSet<>(List.of(hadoopTmpDir(disk0), hbaseTmpDir(disk0), RUN_DIR));
    h.config()
        .get(ConfigFile.CORE_SITE)
        .put("hadoop.tmp.dir", ConfigValue.byDefault(hadoopTmpDir(disk0), firstDisk));
    if (h.runs(Role.NAMENODE)) {
      h.config()
          .get(ConfigFile.HDFS_SITE)
          .put(
              "dfs.namenode.name.dir",
              ConfigValue.byDefault(namenodeDir(disk0), firstDisk));
      dirs.add(namenodeDir(disk0));
    }
    if (h.runs(Role.JOURNALNODE)) {
      var hdfs = h.config().get(ConfigFile.HDFS_SITE);
      hdfs.put(
          "dfs.journalnode.edits.dir", ConfigValue.byDefault(journalnodeDir(disk0), firstDisk));
      String bind = "the address of " + h.hostname();
      hdfs.put(
          "dfs.journalnode.rpc-address",
          ConfigValue.byDefault(h.address() + ":" + JOURNALNODE_RPC_PORT, bind));
      hdfs.put(
          "dfs.journalnode.http-address",
          ConfigValue.byDefault(h.address() + ":" + JOURNALNODE_HTTP_PORT, bind));
      dirs.add(journalnodeDir(disk0));
    }
    if (h.runs(Role.DATANODE)) {
      List<String> dn =
          (h.dataDisks().isEmpty() ? List.of(DEFAULT_DATA_DIR) : h.dataDisks())
              .stream().map(Layout::datanodeDir).toList();
      h.config()
          .get(ConfigFile.HDFS_SITE)
          .put(
              "dfs.datanode.data.dir",
              ConfigValue.sized(
                  String.join(",", dn), "one directory per data disk of " + h.hostname()));
      dirs.addAll(dn);
    }
    if (h.runs(Role.ZOOKEEPER)) {
      h.config()
          .get(ConfigFile.ZOO_CFG)
          .put(
              "dataDir",
              ConfigValue.byDefault(zookeeperDir(disk0), firstDisk));
      dirs.add(zookeeperDir(disk0));
    }
    var hbase = h.config().get(ConfigFile.HBASE_SITE);
    if (h.runs(Role.HBASE_MASTER) || h.runs(Role.REGIONSERVER)) {
      hbase.put("hbase.tmp.dir", ConfigValue.byDefault(hbaseTmpDir(disk0), firstDisk));
    }
    if (h.runs(Role.REGIONSERVER)) {
      hbase.put("hbase.regionserver.handler.count", Sizing.regionServerHandlers(h.cores()));
    }
    if (advertise && h.runs(Role.REGIONSERVER)) {
      hbase.put(
          "hbase.unsafe.regionserver.hostname",
          ConfigValue.byDefault(
              h.address(), "advertise the address: clients need no DNS entry for " + h.hostname()));
    }
    if (advertise && h.runs(Role.HBASE_MASTER)) {
      hbase.put(
          "hbase.master.hostname",
          ConfigValue.byDefault(
              h.address(), "advertise the address: clients need no DNS entry for " + h.hostname()));
    }
    h.dirs().addAll(dirs);
  }

  private static void applyOverrides(
      ClusterSpec spec,
      Map<ConfigFile, SortedMap<String, ConfigValue>> c,
      List<PlannedHost> hosts) {
    for (var e : new TreeMap<>(spec.overrides()).entrySet()) {
      if (e.getValue() == null) {
        continue;
      }
      String file = e.getKey();
      for (var kv : new TreeMap<>(e.getValue()).entrySet()) {
        String value = Overrides.scalar(kv.getValue()).trim();
        String at = "overrides." + file;
        if (file.equals(Overrides.JVM_OPTS)) {
          Role role = Role.byId(kv.getKey()).orElseThrow();
          for (PlannedHost h : hosts) {
            ConfigValue old = h.jvmOpts().get(role);
            if (old != null) {
              h.jvmOpts()
                  .put(role, ConfigValue.override(value, at + "; replaces " + old.describe()));
            }
          }
        } else if (!file.equals(Overrides.JVM_HEAPS)) { // heaps are applied by the sizing
          ConfigFile cf = ConfigFile.byId(file).orElseThrow();
          String key = kv.getKey();
          value = Overrides.configValue(cf, key, kv.getValue());
          List<String> replaced = new ArrayList<>();
          ConfigValue old = c.get(cf).get(key);
          if (old != null) {
            replaced.add(old.describe());
          }
          Map<String, List<String>> perHost =
              new LinkedHashMap<>(); // same value on many hosts: once
          for (PlannedHost h : hosts) {
            ConfigValue hv = h.config().get(cf).remove(key);
            if (hv != null) {
              perHost.computeIfAbsent(hv.describe(), k -> new ArrayList<>()).add(h.hostname());
            }
          }
          perHost.forEach((v, names) -> replaced.add(String.join(", ", names) + ": " + v));
          c.get(cf).put(key, ConfigValue.override(value, rule(at, kv.getValue(), value, replaced)));
        }
      }
    }
  }

  /**
   * The spec's role-group overrides (role → file → key), each replacing, for that role only, the
   * value its hosts would read: the cluster-wide one or a host's own. Call after {@link #assemble}
   * on the same hosts; the result is mutable.
   */
  public static Map<Role, Map<ConfigFile, SortedMap<String, ConfigValue>>> roleConfig(
      ClusterSpec spec,
      Map<ConfigFile, SortedMap<String, ConfigValue>> config,
      List<PlannedHost> hosts) {
    Map<Role, Map<ConfigFile, SortedMap<String, ConfigValue>>> out = new EnumMap<>(Role.class);
    for (var byRole : new TreeMap<>(spec.roleOverrides()).entrySet()) {
      Role role = Role.byId(byRole.getKey()).orElseThrow();
      if (byRole.getValue() == null) {
        continue;
      }
      List<PlannedHost> running = running(hosts, role);
      for (var byFile : new TreeMap<>(byRole.getValue()).entrySet()) {
        ConfigFile cf = ConfigFile.byId(byFile.getKey()).orElseThrow();
        if (byFile.getValue() == null) {
          continue;
        }
        for (var kv : new TreeMap<>(byFile.getValue()).entrySet()) {
          String key = kv.getKey();
          String value = Overrides.configValue(cf, key, kv.getValue());
          List<String> replaced = new ArrayList<>();
          ConfigValue clusterWide = config.get(cf).get(key);
          // the cluster-wide value counts where a host running the role has none of its own
          if (clusterWide != null
              && (running.isEmpty()
                  || running.stream().anyMatch(h -> !h.config().get(cf).containsKey(key)))) {
            replaced.add(clusterWide.describe());
          }
          Map<String, List<String>> perHost = new LinkedHashMap<>();
          for (PlannedHost h : running) {
            ConfigValue hv = h.config().get(cf).get(key);
            if (hv != null) {
              perHost.computeIfAbsent(hv.describe(), k -> new ArrayList<>()).add(h.hostname());
            }
          }
          perHost.forEach((v, names) -> replaced.add(String.join(", ", names) + ": " + v));
          String at = Overrides.roleField(role.id(), cf.id());
          out.computeIfAbsent(role, r -> new EnumMap<>(ConfigFile.class))
              .computeIfAbsent(cf, f -> new TreeMap<>())
              .put(key, ConfigValue.override(value, rule(at, kv.getValue(), value, replaced)));
        }
      }
    }
    return out;
  }

  /** "overrides.hbase-site (128m); replaces 0.4 (…)": the value as given when it was normalized. */
  private static String rule(String at, Object given, String value, List<String> replaced) {
    String raw = Overrides.scalar(given).trim();
    return at
        + (raw.equals(value) ? "" : " (" + raw + ")")
        + (replaced.isEmpty()
            ? "; not set by the plan"
            : "; replaces " + String.join("; ", replaced));
  }
}
