package io.granary.node.config;

import io.granary.node.NodeException;
import io.granary.node.Role;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A role's configuration in a container, from environment variables (docker/node): the same
 * conf-templates as the local cluster and Ansible, with the engine's standard ports, every
 * service bound to all addresses, data under one directory (the image's volume) and logs on
 * standard output. A missing or malformed variable is one line naming it, exit code 2.
 */
public final class ContainerConfig {
  public static final String ZOOKEEPER = "GRANARY_ZOOKEEPER";
  public static final String NAMENODE = "GRANARY_NAMENODE";
  public static final String REPLICATION = "GRANARY_REPLICATION";
  public static final String REGIONSERVERS = "GRANARY_REGIONSERVERS";
  public static final String DATA_DIR = "GRANARY_DATA_DIR";
  public static final String SAFEMODE_EXTENSION = "GRANARY_SAFEMODE_EXTENSION_MS";

  static final int NAMENODE_RPC = 8020;
  private static final Pattern HOST = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?");
  private static final Pattern HOST_PORT = Pattern.compile(HOST.pattern() + "(:\\d{1,5})?");

  private ContainerConfig() {}

  /** The template values of {@code role} from {@code env}; {@code hostname} is the container's. */
  public static Map<String, String> variables(Role role, Map<String, String> env, String hostname) {
    if (role == Role.JOURNALNODE || role == Role.ZKFC) {
      throw NodeException.usage("role " + role.cliName() + " is for HA clusters; the container image runs"
          + " zookeeper, namenode, datanode, master and regionserver");
    }
    boolean hbase = role == Role.MASTER || role == Role.REGIONSERVER;
    String zk = hbase ? required(env, ZOOKEEPER, role, "the ZooKeeper quorum, host:port[,host:port...]",
        "zookeeper:2181") : env.getOrDefault(ZOOKEEPER, "localhost:2181");
    for (String member : zk.split(",")) {
      if (!HOST_PORT.matcher(member.trim()).matches()) {
        throw bad(ZOOKEEPER, zk, "host:port[,host:port...], e.g. zookeeper:2181");
      }
    }
    String nn = role == Role.NAMENODE || role == Role.ZOOKEEPER ? env.getOrDefault(NAMENODE, hostname)
        : required(env, NAMENODE, role, "the NameNode's host[:port]", "namenode:8020");
    String nnAddress = namenodeAddress(nn);
    String data = env.getOrDefault(DATA_DIR, "/var/lib/granary");
    if (!data.startsWith("/")) {
      throw bad(DATA_DIR, data, "an absolute path");
    }
    int replication = number(env, REPLICATION, 3, 1, 16);
    int regionServers = number(env, REGIONSERVERS, 1, 1, 10_000);
    int safemode = number(env, SAFEMODE_EXTENSION, 0, 0, 3_600_000);

    Map<String, String> v = new LinkedHashMap<>();
    String any = "0.0.0.0";
    v.put("bind_host", any);
    v.put("default_fs", "hdfs://" + nnAddress);
    String nnHost = nnAddress.substring(0, nnAddress.lastIndexOf(':'));
    v.put("namenode_properties", String.join("",
        property("dfs.namenode.name.dir", "file://" + data + "/namenode"),
        property("dfs.namenode.rpc-address", nnAddress),
        property("dfs.namenode.rpc-bind-host", any),
        property("dfs.namenode.http-address", nnHost + ":9870"),
        property("dfs.namenode.http-bind-host", any),
        property("dfs.namenode.secondary.http-address", any + ":0"),
        // container networks resolve names but not addresses: the NameNode cannot look a DataNode
        // up by its address, so it must not require that (a DataNode is known by its address then)
        property("dfs.namenode.datanode.registration.ip-hostname-check", "false")).stripTrailing());
    v.put("ha_core_properties", "");
    v.put("safemode_extension_ms", Integer.toString(safemode));
    v.put("replication", Integer.toString(replication));
    // HDFS's own defaults: a DataNode is dead after 10.5 minutes without a heartbeat
    v.put("heartbeat_interval_s", "3");
    v.put("heartbeat_recheck_ms", "300000");
    v.put("hadoop_tmp_dir", data + "/tmp");
    v.put("hbase_tmp_dir", data + "/hbase-tmp");
    v.put("zookeeper_quorum", zk);
    v.put("zookeeper_port", "2181");
    v.put("zookeeper_dir", data + "/zookeeper");
    v.put("zookeeper_metrics_port", "7000");
    v.put("zookeeper_servers", "");
    // the template's free hbase-site slot: a RegionServer is known by its container's name; the
    // HMaster's reverse lookup of its address finds none (and a different name aborts it)
    v.put("hbase_ha_properties",
        property("hbase.unsafe.regionserver.hostname.disable.master.reversedns", "true").stripTrailing());
    // authorization needs the control plane's user as HBase superuser, which a container cannot know yet
    v.put("hbase_security_properties", "");
    v.put("master_port", "16000");
    v.put("master_http_port", "16010");
    v.put("regionserver_count", Integer.toString(regionServers));
    // no shared domain socket between containers
    v.put("short_circuit_enabled", "false");
    v.put("domain_socket_path", "");
    v.put("datanode_dir", data + "/datanode");
    v.put("datanode_port", "9866");
    v.put("datanode_http_port", "9864");
    v.put("datanode_ipc_port", "9867");
    v.put("regionserver_port", "16020");
    v.put("regionserver_http_port", "16030");
    return v;
  }

  /** host, host:port or hdfs://host:port as host:port. */
  static String namenodeAddress(String value) {
    String v = value.trim();
    if (v.startsWith("hdfs://")) {
      v = v.substring("hdfs://".length());
    }
    if (v.endsWith("/")) {
      v = v.substring(0, v.length() - 1);
    }
    if (!HOST_PORT.matcher(v).matches()) {
      throw bad(NAMENODE, value, "host[:port] or hdfs://host:port, e.g. namenode:8020");
    }
    return v.contains(":") ? v : v + ":" + NAMENODE_RPC;
  }

  private static String required(Map<String, String> env, String name, Role role, String what, String example) {
    String v = env.get(name);
    if (v == null || v.isBlank()) {
      throw NodeException.usage(name + " is required for role " + role.cliName() + ": " + what + ", e.g. "
          + name + "=" + example);
    }
    return v.trim();
  }

  private static int number(Map<String, String> env, String name, int dflt, int min, int max) {
    String v = env.get(name);
    if (v == null || v.isBlank()) {
      return dflt;
    }
    try {
      int n = Integer.parseInt(v.trim());
      if (n >= min && n <= max) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw bad(name, v, "a whole number from " + min + " to " + max);
  }

  private static NodeException bad(String name, String value, String expected) {
    return NodeException.usage(name + "='" + value + "' is not valid: expected " + expected);
  }

  private static String property(String name, String value) {
    return "  <property><name>" + name + "</name><value>" + value + "</value></property>\n";
  }

  /** Renders the role's files into {@code out}; log4j writes to standard output. */
  public static void write(Path home, Role role, Map<String, String> env, String hostname, Path out) {
    Map<String, String> vars = variables(role, env, hostname);
    Path templates = home.resolve("conf-templates");
    new ConfigRenderer(templates).renderAll(out, vars);
    try {
      Files.copy(templates.resolve("container-log4j.properties"), out.resolve("log4j.properties"),
          StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code container-conf <role> --out DIR}: renders from this process's environment. */
  public static void main(String[] args) {
    try {
      if (args.length != 3 || !"--out".equals(args[1])) {
        throw NodeException.usage("usage: granary-node container-conf <role> --out DIR");
      }
      Role role = Role.parse(args[0]);
      Path home = Path.of(System.getProperty("granary.home", "."));
      write(home, role, System.getenv(), hostname(), Path.of(args[2]));
    } catch (NodeException e) {
      System.err.println("granary-node: " + e.getMessage());
      System.exit(e.exitCode());
    }
  }

  private static String hostname() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "localhost";
    }
  }
}
