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
 */
public record LocalLayout(Path dataDir, int portBase, int dataNodes, int regionServers) {
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
    return portBase + 181;
  }

  public int namenodeRpcPort() {
    return portBase + 20;
  }

  public int namenodeHttpPort() {
    return portBase + 70;
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
    return portBase + 600;
  }

  public int masterHttpPort() {
    return portBase + 610;
  }

  public int regionserverPort(int i) {
    return portBase + 620 + 10 * i;
  }

  public int regionserverHttpPort(int i) {
    return regionserverPort(i) + 1;
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
    return dataDir.resolve("data/zookeeper");
  }

  public Path namenodeDir() {
    return dataDir.resolve("data/namenode");
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

  public String zookeeperQuorum() {
    return HOST + ":" + zookeeperPort();
  }

  public String namenodeUri() {
    return "hdfs://" + HOST + ":" + namenodeRpcPort();
  }

  /** In start order: ZooKeeper, NameNode, DataNodes, HMaster, RegionServers. */
  public List<Instance> instances() {
    List<Instance> list = new ArrayList<>();
    list.add(new Instance("zookeeper", Role.ZOOKEEPER, 0, "128m", LIGHT_JVM, ports("client", zookeeperPort())));
    list.add(
        new Instance(
            "namenode",
            Role.NAMENODE,
            0,
            "384m",
            LIGHT_JVM,
            ports("rpc", namenodeRpcPort(), "http", namenodeHttpPort())));
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
    list.add(
        new Instance(
            "master", Role.MASTER, 0, "384m", LIGHT_JVM, ports("rpc", masterPort(), "http", masterHttpPort())));
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
