package io.granary.provisioning.config;

/** Fixed paths and ports of an installed cluster (Hadoop's and HBase's usual defaults). */
public final class Layout {
  public static final String STATE_DIR = "/var/lib/granary";
  public static final String HADOOP_TMP_DIR = STATE_DIR + "/tmp/hadoop";
  public static final String HBASE_TMP_DIR = STATE_DIR + "/tmp/hbase";

  /** Parent of the short-circuit socket: must not be writable by others (the DataNode checks). */
  public static final String RUN_DIR = STATE_DIR + "/run";

  /** _PORT becomes each DataNode's data port. */
  public static final String DOMAIN_SOCKET = RUN_DIR + "/dn._PORT";

  public static final String TOPOLOGY_FILE = "/etc/granary/topology.table";

  public static final int ZOOKEEPER_PORT = 2181;
  public static final int ZOOKEEPER_PEER_PORT = 2888;
  public static final int ZOOKEEPER_ELECTION_PORT = 3888;
  public static final int NAMENODE_RPC_PORT = 8020;
  public static final int NAMENODE_HTTP_PORT = 9870;
  public static final int DATANODE_PORT = 9866;
  public static final int DATANODE_HTTP_PORT = 9864;
  public static final int DATANODE_IPC_PORT = 9867;
  public static final int MASTER_PORT = 16000;
  public static final int MASTER_HTTP_PORT = 16010;
  public static final int REGIONSERVER_PORT = 16020;
  public static final int REGIONSERVER_HTTP_PORT = 16030;

  private Layout() {}

  public static String namenodeDir(String disk) {
    return disk + "/hdfs/name";
  }

  public static String datanodeDir(String disk) {
    return disk + "/hdfs/data";
  }

  public static String zookeeperDir(String disk) {
    return disk + "/zookeeper";
  }
}
