package io.granary.provisioning.config;

/**
 * Paths and ports of an installed cluster: the defaults of the Ansible roles
 * (ansible/roles/granary/defaults/main.yml), so the plan shows what the roles install.
 */
public final class Layout {
  /** The roles' data disk when a host lists none. */
  public static final String DEFAULT_DATA_DIR = "/var/lib/granary/data1";

  /** Parent of the short-circuit socket: must not be writable by others (the DataNode checks). */
  public static final String RUN_DIR = "/run/granary";

  /** _PORT becomes each DataNode's data port. */
  public static final String DOMAIN_SOCKET = RUN_DIR + "/dn._PORT";

  /** Prints the rack of each address it is given, from the table next to it. */
  public static final String TOPOLOGY_SCRIPT = "/etc/granary/topology.sh";

  /**
   * {@code dfs.hosts}: the DataNodes the NameNode admits, one address a line (every host of group
   * datanode); the roles write it.
   */
  public static final String DFS_INCLUDE = "/etc/granary/dfs.include";

  /**
   * {@code dfs.hosts.exclude}: the DataNodes being decommissioned, one address a line (the hosts of
   * a scale-in; empty otherwise); the roles write it.
   */
  public static final String DFS_EXCLUDE = "/etc/granary/dfs.exclude";

  public static final int ZOOKEEPER_PORT = 2181;
  public static final int ZOOKEEPER_PEER_PORT = 2888;
  public static final int ZOOKEEPER_ELECTION_PORT = 3888;
  public static final int NAMENODE_RPC_PORT = 8020;
  public static final int NAMENODE_HTTP_PORT = 9870;
  public static final int JOURNALNODE_RPC_PORT = 8485;
  public static final int JOURNALNODE_HTTP_PORT = 8480;
  public static final int ZKFC_PORT = 8019;
  public static final int DATANODE_PORT = 9866;
  public static final int DATANODE_HTTP_PORT = 9864;
  public static final int DATANODE_IPC_PORT = 9867;
  public static final int MASTER_PORT = 16000;
  public static final int MASTER_HTTP_PORT = 16010;
  public static final int REGIONSERVER_PORT = 16020;
  public static final int REGIONSERVER_HTTP_PORT = 16030;
  /** ZooKeeper's Prometheus metrics provider, and the monitoring role's servers (ADR 0017). */
  public static final int ZOOKEEPER_METRICS_PORT = 7000;
  public static final int PROMETHEUS_PORT = 9090;
  public static final int ALERTMANAGER_PORT = 9093;
  public static final int KDC_PORT = 88;
  public static final int NAMENODE_HTTPS_PORT = 9871;
  public static final int DATANODE_HTTPS_PORT = 9865;
  public static final int JOURNALNODE_HTTPS_PORT = 8481;

  private Layout() {}

  public static String namenodeDir(String disk) {
    return disk + "/dfs/nn";
  }

  public static String journalnodeDir(String disk) {
    return disk + "/dfs/jn";
  }

  public static String datanodeDir(String disk) {
    return disk + "/dfs/dn";
  }

  public static String hadoopTmpDir(String disk) {
    return disk + "/tmp/hadoop";
  }

  public static String hbaseTmpDir(String disk) {
    return disk + "/tmp/hbase";
  }

  public static String zookeeperDir(String disk) {
    return disk + "/zookeeper";
  }
}
