package io.granary.node.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.node.NodeException;
import io.granary.node.Role;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ContainerConfigTest {
  static final Path HOME = Path.of("src/main/distribution");
  static final Map<String, String> COMPOSE = Map.of("GRANARY_ZOOKEEPER", "zookeeper:2181", "GRANARY_NAMENODE",
      "namenode", "GRANARY_REGIONSERVERS", "2");

  @TempDir Path tmp;

  Path write(Role role, Map<String, String> env) {
    Path out = tmp.resolve(role.cliName());
    ContainerConfig.write(HOME, role, env, "host-1", out);
    return out;
  }

  @Test
  void aDataNodeFindsTheNameNodeByNameAndBindsEveryAddress() throws Exception {
    Path out = write(Role.DATANODE, COMPOSE);
    Map<String, String> hdfs = ConfigRendererTest.props(out.resolve("hdfs-site.xml"));
    assertEquals("namenode:8020", hdfs.get("dfs.namenode.rpc-address"));
    assertEquals("0.0.0.0:9866", hdfs.get("dfs.datanode.address"));
    assertEquals("file:///var/lib/granary/datanode", hdfs.get("dfs.datanode.data.dir"));
    assertEquals("false", hdfs.get("dfs.client.read.shortcircuit"));
    assertEquals("false", hdfs.get("dfs.namenode.datanode.registration.ip-hostname-check"));
    assertEquals("hdfs://namenode:8020", ConfigRendererTest.props(out.resolve("core-site.xml")).get("fs.defaultFS"));
    String log4j = Files.readString(out.resolve("log4j.properties"));
    assertTrue(log4j.contains("ConsoleAppender"), log4j);
    assertFalse(log4j.contains("RollingFileAppender"), log4j);
  }

  @Test
  void theMasterWaitsForTheRegionServersItIsTold() throws Exception {
    Map<String, String> hbase = ConfigRendererTest.props(write(Role.MASTER, COMPOSE).resolve("hbase-site.xml"));
    assertEquals("zookeeper:2181", hbase.get("hbase.zookeeper.quorum"));
    assertEquals("hdfs://namenode:8020/hbase", hbase.get("hbase.rootdir"));
    assertEquals("2", hbase.get("hbase.master.wait.on.regionservers.maxtostart"));
    assertEquals("0.0.0.0", hbase.get("hbase.master.info.bindAddress"));
    assertEquals("true", hbase.get("hbase.unsafe.regionserver.hostname.disable.master.reversedns"));
  }

  @Test
  void theNameNodeDefaultsToItsOwnHostname() throws Exception {
    Path out = write(Role.NAMENODE, Map.of("GRANARY_DATA_DIR", "/data", "GRANARY_REPLICATION", "2"));
    Map<String, String> hdfs = ConfigRendererTest.props(out.resolve("hdfs-site.xml"));
    assertEquals("host-1:8020", hdfs.get("dfs.namenode.rpc-address"));
    assertEquals("0.0.0.0", hdfs.get("dfs.namenode.rpc-bind-host"));
    assertEquals("file:///data/namenode", hdfs.get("dfs.namenode.name.dir"));
    assertEquals("2", hdfs.get("dfs.replication"));
  }

  @Test
  void anHdfsUriIsANameNodeAddressToo() {
    assertEquals("nn.example:9000", ContainerConfig.namenodeAddress("hdfs://nn.example:9000/"));
    assertEquals("nn:8020", ContainerConfig.namenodeAddress(" nn "));
  }

  @Test
  void aMissingRequiredVariableIsOneLineNamingIt() {
    NodeException e = assertThrows(NodeException.class,
        () -> ContainerConfig.variables(Role.REGIONSERVER, Map.of("GRANARY_ZOOKEEPER", "zookeeper:2181"), "h"));
    assertEquals(2, e.exitCode());
    assertTrue(e.getMessage().startsWith("GRANARY_NAMENODE is required for role regionserver"), e.getMessage());
    assertFalse(e.getMessage().contains("\n"));
    e = assertThrows(NodeException.class,
        () -> ContainerConfig.variables(Role.MASTER, Map.of("GRANARY_NAMENODE", "nn"), "h"));
    assertTrue(e.getMessage().startsWith("GRANARY_ZOOKEEPER is required for role master"), e.getMessage());
  }

  @Test
  void malformedValuesNameTheVariableAndWhatItTakes() {
    Map<String, String> env = new java.util.HashMap<>(COMPOSE);
    env.put("GRANARY_REPLICATION", "three");
    NodeException e = assertThrows(NodeException.class, () -> ContainerConfig.variables(Role.DATANODE, env, "h"));
    assertEquals("GRANARY_REPLICATION='three' is not valid: expected a whole number from 1 to 16", e.getMessage());
    env.put("GRANARY_REPLICATION", "3");
    env.put("GRANARY_ZOOKEEPER", "zk:2181;zk2");
    e = assertThrows(NodeException.class, () -> ContainerConfig.variables(Role.MASTER, env, "h"));
    assertTrue(e.getMessage().startsWith("GRANARY_ZOOKEEPER='zk:2181;zk2' is not valid"), e.getMessage());
    env.put("GRANARY_ZOOKEEPER", "zk:2181");
    env.put("GRANARY_DATA_DIR", "data");
    e = assertThrows(NodeException.class, () -> ContainerConfig.variables(Role.MASTER, env, "h"));
    assertTrue(e.getMessage().contains("absolute path"), e.getMessage());
    assertThrows(NodeException.class, () -> ContainerConfig.variables(Role.JOURNALNODE, COMPOSE, "h"));
  }
}
