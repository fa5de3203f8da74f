package io.granary.node.config;

import io.granary.node.NodeException;
import io.granary.node.Role;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the local cluster keeps everything and which loopback ports it uses. All ports derive
 * from one base so that two clusters (e.g. the developer's and a test's) never collide.
 *
 * <p>With {@code ha}, the cluster has the production shape on loopback: 3 ZooKeepers, 3 JournalNodes,
 * 2 NameNodes of one nameservice each with its ZKFC, and 2 HMasters (one active, one backup).
 */
public record LocalLayout(Path dataDir, int portBase, int dataNodes, int regionServers, boolean ha) {
  public static final String HOST = "127.0.0.1";
  public static final int DEFAULT_PORT_BASE = 19000;
  public static final int MAX_INSTANCES = 9;
  /**
   * Local profile only: ZooKeeper, NameNode, DataNodes and the HMaster do little work here, and C2
   * compiles cost about half their start-up CPU on two cores (warm up 45 s -> 31 s measured). The
   * RegionServers, which serve the data path, keep the full tiered compiler.
   */
  static final String LIGHT_JVM = "-XX:TieredStopAtLevel=1";
  static final String HBASE_JVM = "";

  /** The HA shape's counts: a quorum of 3 tolerates one loss. */
  public static final int HA_QUORUM = 3;
  public static final int HA_PAIR = 2;
  /** The HDFS nameservice of an HA local cluster. */
  public static final String NAMESERVICE = "granary-local";

  public LocalLayout(Path dataDir, int portBase, int dataNodes, int regionServers) {
    this(dataDir, portBase, dataNodes, regionServers, false);
  }

  public LocalLayout {
    dataDir = dataDir.toAbsolutePath().normalize();
    if (portBase < 1024 || portBase > 64000) {
      throw NodeException.usage("--port-base must be between 1024 and 64000, got " + portBase);
    }
    if (dataNodes < 1 || dataNodes > MAX_INSTANCES) {
      throw NodeException.usage("--datanodes must be between 1 and " + MAX_INSTANCES + ", got " + dataNodes);
    }
    if (regionServers < 1 || regionServers > MAX_INSTANCES) {
      throw NodeException.usage(
          "--regionservers must be between 1 and " + MAX_INSTANCES + ", got " + regionServers);
    }
  }

  public int zookeeperPort() {
    return zookeeperPort(1);
  }

  /** Client port of ZooKeeper {@code i} (1-based); quorum ports follow below. */
  public int zookeeperPort(int i) {
    return portBase + 180 + i;
  }

  public int zookeeperPeerPort(int i) {
    return portBase + 400 + 10 * i;
  }

  public int zookeeperElectionPort(int i) {
    return zookeeperPeerPort(i) + 1;
  }

  public int journalnodeRpcPort(int i) {
    return portBase + 450 + 10 * i;
  }

  public int journalnodeHttpPort(int i) {
    return journalnodeRpcPort(i) + 1;
  }

  public int namenodeRpcPort() {
    return namenodeRpcPort(1);
  }

  public int namenodeRpcPort(int i) {
    return portBase + 19 + i;
  }

  public int namenodeHttpPort() {
    return namenodeHttpPort(1);
  }

  public int namenodeHttpPort(int i) {
    return portBase + 69 + i;
  }

  public int zkfcPort(int i) {
    return portBase + 40 + i;
  }

  /** How many NameNodes, ZooKeepers and HMasters this shape runs. */
  public int namenodes() {
    return ha ? HA_PAIR : 1;
  }

  public int zookeepers() {
    return ha ? HA_QUORUM : 1;
  }

  public int journalnodes() {
    return ha ? HA_QUORUM : 0;
  }

  public int masters() {
    return ha ? HA_PAIR : 1;
  }

  /** The NameNode id inside the nameservice (dfs.ha.namenodes), as HDFS names them. */
  public static String namenodeId(int i) {
    return "nn" + i;
  }

  public int datanodePort(int i) {
    return portBase + 300 + 10 * i;
  }

  public int datanodeHttpPort(int i) {
    return datanodePort(i) + 1;
  }

  public int datanodeIpcPort(int i) {
    return datanodePort(i) + 2;
  }

  public int masterPort() {
    return masterPort(1);
  }

  public int masterPort(int i) {
    return portBase + 598 + 2 * i;
  }

  public int masterHttpPort() {
    return masterHttpPort(1);
  }

  public int masterHttpPort(int i) {
    return portBase + 608 + 2 * i;
  }

  public int regionserverPort(int i) {
    return portBase + 620 + 10 * i;
  }

  public int regionserverHttpPort(int i) {
    return regionserverPort(i) + 1;
  }

  /** Prometheus of the local cluster (docs/adr/0017-observability.md). */
  public int prometheusPort() {
    return portBase + 90;
  }

  public int alertmanagerPort() {
    return portBase + 93;
  }

  /** ZooKeeper {@code i}'s Prometheus metrics provider (its own web server). */
  public int zookeeperMetricsPort(int i) {
    return portBase + 190 + i;
  }

  public Path monitoringDir() {
    return dataDir.resolve("conf/monitoring");
  }

  public int replication() {
    return Math.min(3, dataNodes);
  }

  public Path confDir(String instance) {
    return dataDir.resolve("conf").resolve(instance);
  }

  public Path clientConfDir() {
    return confDir("client");
  }

  public Path logDir() {
    return dataDir.resolve("logs");
  }

  public Path runDir() {
    return dataDir.resolve("run");
  }

  public Path zookeeperDir() {
    return zookeeperDir(1);
  }

  public Path zookeeperDir(int i) {
    return dataDir.resolve(ha ? "data/zookeeper" + i : "data/zookeeper");
  }

  public Path namenodeDir() {
    return namenodeDir(1);
  }

  public Path namenodeDir(int i) {
    return dataDir.resolve(ha ? "data/namenode" + i : "data/namenode");
  }

  public Path journalnodeDir(int i) {
    return dataDir.resolve("data/journalnode" + i);
  }

  public Path datanodeDir(int i) {
    return dataDir.resolve("data/datanode" + i);
  }

  public Path hadoopTmpDir() {
    return dataDir.resolve("tmp/hadoop");
  }

  public Path hbaseTmpDir() {
    return dataDir.resolve("tmp/hbase");
  }

  /** host:port of every ZooKeeper: HBase and the ZKFCs accept ports inside the quorum string. */
  public String zookeeperQuorum() {
    List<String> q = new ArrayList<>();
    for (int i = 1; i <= zookeepers(); i++) {
      q.add(HOST + ":" + zookeeperPort(i));
    }
    return String.join(",", q);
  }

  /** The nameservice under HA, so clients follow a failover; the one NameNode's address otherwise. */
  public String namenodeUri() {
    return ha ? "hdfs://" + NAMESERVICE : "hdfs://" + HOST + ":" + namenodeRpcPort();
  }

  /** The numbered name under HA (zookeeper1, master2), the plain role name otherwise. */
  private String name(String role, int i) {
    return ha ? role + i : role;
  }

  /**
   * In start order: ZooKeeper(s), JournalNodes, NameNode(s), ZKFCs, DataNodes, HMaster(s),
   * RegionServers.
   */
  public List<Instance> instances() {
    List<Instance> list = new ArrayList<>();
    for (int i = 1; i <= zookeepers(); i++) {
      list.add(new Instance(name("zookeeper", i), Role.ZOOKEEPER, ha ? i : 0, "128m", LIGHT_JVM,
          ha ? ports("client", zookeeperPort(i), "peer", zookeeperPeerPort(i), "election", zookeeperElectionPort(i))
              : ports("client", zookeeperPort(i))));
    }
    for (int i = 1; i <= journalnodes(); i++) {
      list.add(new Instance("journalnode" + i, Role.JOURNALNODE, i, "128m", LIGHT_JVM,
          ports("rpc", journalnodeRpcPort(i), "http", journalnodeHttpPort(i))));
    }
    for (int i = 1; i <= namenodes(); i++) {
      list.add(new Instance(name("namenode", i), Role.NAMENODE, ha ? i : 0, "384m", LIGHT_JVM,
          ports("rpc", namenodeRpcPort(i), "http", namenodeHttpPort(i))));
    }
    for (int i = 1; ha && i <= namenodes(); i++) {
      list.add(new Instance("zkfc" + i, Role.ZKFC, i, "96m", LIGHT_JVM, ports("rpc", zkfcPort(i))));
    }
    for (int i = 1; i <= dataNodes; i++) {
      list.add(
          new Instance(
              "datanode" + i,
              Role.DATANODE,
              i,
              "160m",
              LIGHT_JVM,
              ports("data", datanodePort(i), "http", datanodeHttpPort(i), "ipc", datanodeIpcPort(i))));
    }
    for (int i = 1; i <= masters(); i++) {
      list.add(new Instance(name("master", i), Role.MASTER, ha ? i : 0, "384m", LIGHT_JVM,
          ports("rpc", masterPort(i), "http", masterHttpPort(i))));
    }
    for (int i = 1; i <= regionServers; i++) {
      list.add(
          new Instance(
              "regionserver" + i,
              Role.REGIONSERVER,
              i,
              "640m",
              HBASE_JVM,
              ports("rpc", regionserverPort(i), "http", regionserverHttpPort(i))));
    }
    return list;
  }

  private static Map<String, Integer> ports(Object... labelPort) {
    Map<String, Integer> m = new LinkedHashMap<>();
    for (int i = 0; i < labelPort.length; i += 2) {
      m.put((String) labelPort[i], (Integer) labelPort[i + 1]);
    }
    return m;
  }
}
