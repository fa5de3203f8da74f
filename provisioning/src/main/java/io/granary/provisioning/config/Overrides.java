package io.granary.provisioning.config;

import io.granary.provisioning.model.ConfigFile;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the spec's overrides and roleOverrides sections may contain, and how their scalar values
 * become strings.
 */
public final class Overrides {
  public static final String JVM_HEAPS = "jvm-heaps";
  public static final String JVM_OPTS = "jvm-opts";

  /** Namespaces a key of each file normally lives in; anything else is probably a typo. */
  static final Map<ConfigFile, List<String>> PREFIXES =
      Map.of(
          ConfigFile.HBASE_SITE,
          List.of(
              "hbase.", "hfile.", "zookeeper.", "dfs.", "fs.", "io.", "ipc.", "hadoop.", "net."),
          ConfigFile.HDFS_SITE,
          List.of("dfs.", "hadoop.", "fs.", "io.", "ipc.", "net.", "nfs."),
          ConfigFile.CORE_SITE,
          List.of(
              "fs.", "hadoop.", "io.", "ipc.", "net.", "ha.", "file.", "ftp.", "rpc.", "seq.",
              "tfile."),
          ConfigFile.ZOO_CFG,
          List.of(
              "server.",
              "group.",
              "weight.",
              "autopurge.",
              "admin.",
              "4lw.",
              "ssl.",
              "quorum.",
              "zookeeper.",
              "jute.",
              "metricsProvider."));

  /** zoo.cfg keys without a dotted namespace. */
  static final Set<String> ZOO_KEYS =
      Set.of(
          "tickTime",
          "initLimit",
          "syncLimit",
          "dataDir",
          "dataLogDir",
          "clientPort",
          "clientPortAddress",
          "secureClientPort",
          "maxClientCnxns",
          "minSessionTimeout",
          "maxSessionTimeout",
          "snapCount",
          "preAllocSize",
          "globalOutstandingLimit",
          "leaderServes",
          "cnxTimeout",
          "standaloneEnabled",
          "reconfigEnabled",
          "electionAlg",
          "syncEnabled",
          "forceSync",
          "skipACL",
          "quorumListenOnAllIPs",
          "fsync.warningthresholdms",
          "snapshot.trust.empty");

  /** Keys whose value is a port (the inventory derives its *_port variables from them). */
  static final Set<String> PORT_KEYS =
      Set.of(
          "hbase.master.port",
          "hbase.master.info.port",
          "hbase.regionserver.port",
          "hbase.regionserver.info.port",
          "hbase.zookeeper.property.clientPort",
          "clientPort",
          "dfs.ha.zkfc.port");

  /** Keys whose value is host:port. */
  static final Set<String> ADDRESS_KEYS =
      Set.of(
          "dfs.namenode.rpc-address",
          "dfs.namenode.http-address",
          "dfs.datanode.address",
          "dfs.datanode.http.address",
          "dfs.datanode.ipc.address",
          "dfs.journalnode.rpc-address",
          "dfs.journalnode.http-address");

  /** HA's per-NameNode addresses: {@code dfs.namenode.rpc-address.<nameservice>.<nn id>}. */
  static final Pattern HA_ADDRESS_KEY =
      Pattern.compile("dfs\\.namenode\\.(rpc|http)-address\\.[^.]+\\.[^.]+");

  private Overrides() {}

  public static Set<String> files() {
    return Set.of("hbase-site", "hdfs-site", "core-site", "zoo.cfg", JVM_HEAPS, JVM_OPTS);
  }

  /** A YAML scalar as the string the config file gets; null for maps, lists and nulls. */
  public static String scalar(Object value) {
    if (value instanceof String s) {
      return s;
    }
    if (value instanceof BigDecimal d) {
      return d.toPlainString();
    }
    if (value instanceof Number || value instanceof Boolean) {
      return value.toString();
    }
    return null;
  }

  public static boolean knownKey(ConfigFile file, String key) {
    if (file == ConfigFile.ZOO_CFG && ZOO_KEYS.contains(key)) {
      return true;
    }
    return PREFIXES.get(file).stream().anyMatch(key::startsWith);
  }

  public static boolean isPortKey(String key) {
    return PORT_KEYS.contains(key);
  }

  public static boolean isAddressKey(String key) {
    return ADDRESS_KEYS.contains(key) || HA_ADDRESS_KEY.matcher(key).matches();
  }

  public static boolean isPort(String value) {
    try {
      int p = Integer.parseInt(value.trim());
      return p > 0 && p < 65536;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** "host:port" → port, or -1. */
  public static int portOf(String address) {
    int colon = address.lastIndexOf(':');
    String p = colon < 0 ? "" : address.substring(colon + 1);
    return isPort(p) ? Integer.parseInt(p.trim()) : -1;
  }

  /**
   * The value a config file gets: the scalar, trimmed, in the form the daemons read when the key
   * is {@linkplain KnownKeys known} (a size as plain bytes). For a spec without errors.
   */
  public static String configValue(ConfigFile file, String key, Object raw) {
    String v = scalar(raw).trim();
    return KnownKeys.get(file, key).map(k -> k.normalize(v)).orElse(v);
  }

  public static String field(String file, String key) {
    return "overrides." + file + "[\"" + key + "\"]";
  }

  /** {@code roleOverrides.regionserver.hbase-site}. */
  public static String roleField(String role, String file) {
    return "roleOverrides." + role + "." + file;
  }

  /** {@code roleOverrides.regionserver.hbase-site["hbase.regionserver.handler.count"]}. */
  public static String roleField(String role, String file, String key) {
    return roleField(role, file) + "[\"" + key + "\"]";
  }
}
