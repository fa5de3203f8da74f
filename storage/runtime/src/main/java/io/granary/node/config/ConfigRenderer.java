package io.granary.node.config;

import io.granary.node.NodeException;
import io.granary.node.Role;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Renders conf-templates/ into one conf directory per role instance. Placeholders are
 * {{ name }} (the Jinja syntax, so Ansible can render the same templates); a missing value is an
 * error rather than an empty string, so a typo never silently produces a broken config.
 */
public final class ConfigRenderer {
  public static final List<String> FILES =
      List.of("core-site.xml", "hdfs-site.xml", "hbase-site.xml", "zoo.cfg", "log4j.properties");
  private static final Pattern VAR = Pattern.compile("\\{\\{\\s*([a-z_][a-z0-9_]*)\\s*}}");

  private final Path templatesDir;

  public ConfigRenderer(Path templatesDir) {
    this.templatesDir = templatesDir;
  }

  public static String render(String template, Map<String, String> vars) {
    Matcher m = VAR.matcher(template);
    StringBuilder out = new StringBuilder();
    TreeSet<String> missing = new TreeSet<>();
    while (m.find()) {
      String value = vars.get(m.group(1));
      if (value == null) {
        missing.add(m.group(1));
        value = "";
      }
      m.appendReplacement(out, Matcher.quoteReplacement(value));
    }
    m.appendTail(out);
    if (!missing.isEmpty()) {
      throw new NodeException("config template needs values for: " + String.join(", ", missing));
    }
    return out.toString();
  }

  /** The values for one instance of the local cluster; instance == null renders a client config. */
  public static Map<String, String> variables(LocalLayout l, Instance instance, ShortCircuit sc) {
    // Per-instance values; other instances get the first one's, which they never read.
    int zk = index(instance, Role.ZOOKEEPER);
    // a ZKFC watches the NameNode of its own number
    int nn = instance != null && instance.role() == Role.ZKFC ? instance.index() : index(instance, Role.NAMENODE);
    int jn = index(instance, Role.JOURNALNODE);
    int master = index(instance, Role.MASTER);
    Map<String, String> v = new LinkedHashMap<>();
    v.put("bind_host", LocalLayout.HOST);
    v.put("default_fs", l.namenodeUri());
    v.put("namenode_properties", namenodeProperties(l, instance, nn, jn));
    v.put("ha_core_properties", l.ha()
        ? property("ha.zookeeper.quorum", l.zookeeperQuorum()).stripTrailing() : "");
    v.put("safemode_extension_ms", "0");
    v.put("replication", str(l.replication()));
    // local profile: a stopped DataNode is dead after 2 x 5 s + 10 x 1 s = 20 s (default 10.5 min)
    v.put("heartbeat_interval_s", "1");
    v.put("heartbeat_recheck_ms", "5000");
    v.put("hadoop_tmp_dir", l.hadoopTmpDir().toString());
    v.put("hbase_tmp_dir", l.hbaseTmpDir().toString());
    // one ZooKeeper: its host and the clientPort key; a quorum on one address needs host:port entries
    v.put("zookeeper_quorum", l.ha() ? l.zookeeperQuorum() : LocalLayout.HOST);
    v.put("zookeeper_port", str(l.zookeeperPort(zk)));
    v.put("zookeeper_dir", l.zookeeperDir(zk).toString());
    v.put("zookeeper_metrics_port", str(l.zookeeperMetricsPort(zk)));
    v.put("zookeeper_servers", zookeeperServers(l));
    // HA: a killed master or RegionServer is noticed after 10 s, not the 40 s ZooKeeper caps 90 s at
    v.put("hbase_ha_properties", l.ha() ? property("zookeeper.session.timeout", "10000").stripTrailing() : "");
    v.put("hbase_security_properties", accessControl());
    v.put("master_port", str(l.masterPort(master)));
    v.put("master_http_port", str(l.masterHttpPort(master)));
    v.put("regionserver_count", str(l.regionServers()));
    v.put("short_circuit_enabled", Boolean.toString(sc.enabled()));
    v.put("domain_socket_path", sc.socketPath());

    int dn = index(instance, Role.DATANODE);
    int rs = index(instance, Role.REGIONSERVER);
    v.put("datanode_dir", l.datanodeDir(dn).toString());
    v.put("datanode_port", str(l.datanodePort(dn)));
    v.put("datanode_http_port", str(l.datanodeHttpPort(dn)));
    v.put("datanode_ipc_port", str(l.datanodeIpcPort(dn)));
    v.put("regionserver_port", str(l.regionserverPort(rs)));
    v.put("regionserver_http_port", str(l.regionserverHttpPort(rs)));
    return v;
  }

  /**
   * HBase authorization (grants per user and group, hbase:acl) with simple authentication: the OS user
   * that runs the cluster, the control plane's too, is HBase's superuser; anyone else gets what was granted.
   */
  static String accessControl() {
    String ac = "org.apache.hadoop.hbase.security.access.AccessController";
    return (property("hbase.security.authorization", "true") + property("hbase.coprocessor.master.classes", ac)
        + property("hbase.coprocessor.region.classes", ac) + property("hbase.coprocessor.regionserver.classes", ac))
        .stripTrailing();
  }

  /** The instance's 1-based number when it has this role, else 1. */
  private static int index(Instance instance, Role role) {
    return instance != null && instance.role() == role ? Math.max(1, instance.index()) : 1;
  }

  /**
   * Where the NameNode(s) are. HA: one nameservice of two NameNodes sharing their edits through the
   * JournalNodes, failed over by the ZKFCs. Fencing is {@code shell(/bin/true)}: with the quorum
   * journal, a deposed NameNode can no longer write edits (the JournalNodes refuse its old epoch), so
   * no SSH fencing or shared storage is needed.
   */
  static String namenodeProperties(LocalLayout l, Instance instance, int nn, int jn) {
    StringBuilder b = new StringBuilder();
    b.append(property("dfs.namenode.name.dir", "file://" + l.namenodeDir(nn)));
    if (!l.ha()) {
      String host = LocalLayout.HOST;
      b.append(property("dfs.namenode.rpc-address", host + ":" + l.namenodeRpcPort()));
      b.append(property("dfs.namenode.http-address", host + ":" + l.namenodeHttpPort()));
      b.append(property("dfs.namenode.secondary.http-address", host + ":0"));
      return b.toString().stripTrailing();
    }
    String ns = LocalLayout.NAMESERVICE;
    List<String> ids = new java.util.ArrayList<>();
    for (int i = 1; i <= l.namenodes(); i++) {
      ids.add(LocalLayout.namenodeId(i));
    }
    b.append(property("dfs.nameservices", ns));
    b.append(property("dfs.ha.namenodes." + ns, String.join(",", ids)));
    for (int i = 1; i <= l.namenodes(); i++) {
      String id = LocalLayout.namenodeId(i);
      b.append(property("dfs.namenode.rpc-address." + ns + "." + id, LocalLayout.HOST + ":" + l.namenodeRpcPort(i)));
      b.append(property("dfs.namenode.http-address." + ns + "." + id, LocalLayout.HOST + ":" + l.namenodeHttpPort(i)));
      // per NameNode, so a client (haadmin, the control plane) reaches each ZKFC for a graceful failover
      b.append(property("dfs.ha.zkfc.port." + ns + "." + id, str(l.zkfcPort(i))));
    }
    if (instance != null && (instance.role() == Role.NAMENODE || instance.role() == Role.ZKFC)) {
      // both NameNodes share one address here, so each is told which it is
      b.append(property("dfs.ha.namenode.id", LocalLayout.namenodeId(nn)));
      b.append(property("dfs.ha.zkfc.port", str(l.zkfcPort(nn))));
    }
    List<String> journals = new java.util.ArrayList<>();
    for (int i = 1; i <= l.journalnodes(); i++) {
      journals.add(LocalLayout.HOST + ":" + l.journalnodeRpcPort(i));
    }
    b.append(property("dfs.namenode.shared.edits.dir", "qjournal://" + String.join(";", journals) + "/" + ns));
    b.append(property("dfs.journalnode.edits.dir", l.journalnodeDir(jn).toString()));
    b.append(property("dfs.journalnode.rpc-address", LocalLayout.HOST + ":" + l.journalnodeRpcPort(jn)));
    b.append(property("dfs.journalnode.http-address", LocalLayout.HOST + ":" + l.journalnodeHttpPort(jn)));
    b.append(property("dfs.client.failover.proxy.provider." + ns,
        "org.apache.hadoop.hdfs.server.namenode.ha.ConfiguredFailoverProxyProvider"));
    b.append(property("dfs.ha.automatic-failover.enabled", "true"));
    b.append(property("dfs.ha.fencing.methods", "shell(/bin/true)"));
    return b.toString().stripTrailing();
  }

  /** zoo.cfg's server.N lines of a quorum; none for a standalone ZooKeeper. */
  static String zookeeperServers(LocalLayout l) {
    if (l.zookeepers() < 2) {
      return "";
    }
    StringBuilder b = new StringBuilder();
    for (int i = 1; i <= l.zookeepers(); i++) {
      b.append("server.").append(i).append('=').append(LocalLayout.HOST).append(':')
          .append(l.zookeeperPeerPort(i)).append(':').append(l.zookeeperElectionPort(i)).append('\n');
    }
    return b.toString().stripTrailing();
  }

  private static String property(String name, String value) {
    return "  <property><name>" + name + "</name><value>" + value + "</value></property>\n";
  }

  /** Writes every template into {@code outDir}; files are replaced atomically. */
  public void renderAll(Path outDir, Map<String, String> vars) {
    try {
      Files.createDirectories(outDir);
      for (String file : FILES) {
        Path template = templatesDir.resolve(file);
        if (!Files.isRegularFile(template)) {
          throw new NodeException("config template missing: " + template);
        }
        String text = render(Files.readString(template), vars);
        Path tmp = outDir.resolve(file + ".tmp");
        Files.writeString(tmp, text);
        Files.move(tmp, outDir.resolve(file), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String str(int i) {
    return Integer.toString(i);
  }
}
