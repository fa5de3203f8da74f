package io.granary.node.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.node.NodeException;
import io.granary.node.Role;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigRendererTest {
  static final Path TEMPLATES = Path.of("src/main/distribution/conf-templates");
  static final ShortCircuit SCR_ON = new ShortCircuit(true, "/d/run/dn._PORT", "on");

  @TempDir Path tmp;

  LocalLayout layout() {
    return new LocalLayout(tmp.resolve("cluster"), 19000, 5, 2);
  }

  Instance instance(String name) {
    return layout().instances().stream().filter(i -> i.name().equals(name)).findFirst().orElseThrow();
  }

  Path render(String instanceName, ShortCircuit sc) {
    Path out = tmp.resolve("conf-" + instanceName);
    Instance i = instanceName == null ? null : instance(instanceName);
    new ConfigRenderer(TEMPLATES).renderAll(out, ConfigRenderer.variables(layout(), i, sc));
    return out;
  }

  /** Reads a Hadoop-style XML config into name -> value (the templates keep one property per line). */
  static Map<String, String> props(Path file) throws IOException {
    Map<String, String> m = new HashMap<>();
    Matcher x = Pattern.compile("<name>([^<]+)</name><value>([^<]*)</value>").matcher(Files.readString(file));
    while (x.find()) {
      m.put(x.group(1), x.group(2));
    }
    return m;
  }

  @Test
  void datanodeThreeGetsItsOwnPortsAndDataDir() throws IOException {
    Map<String, String> hdfs = props(render("datanode3", SCR_ON).resolve("hdfs-site.xml"));
    assertEquals("127.0.0.1:19330", hdfs.get("dfs.datanode.address"));
    assertEquals("127.0.0.1:19331", hdfs.get("dfs.datanode.http.address"));
    assertEquals("127.0.0.1:19332", hdfs.get("dfs.datanode.ipc.address"));
    assertEquals("file://" + tmp.resolve("cluster/data/datanode3"), hdfs.get("dfs.datanode.data.dir"));
  }

  @Test
  void regionserverTwoGetsItsOwnPorts() throws IOException {
    Map<String, String> hbase = props(render("regionserver2", SCR_ON).resolve("hbase-site.xml"));
    assertEquals("19640", hbase.get("hbase.regionserver.port"));
    assertEquals("19641", hbase.get("hbase.regionserver.info.port"));
    assertEquals("19600", hbase.get("hbase.master.port"));
    assertEquals("2", hbase.get("hbase.master.wait.on.regionservers.maxtostart"));
  }

  @Test
  void hbaseAuthorizationIsOnForEveryLocalRole() throws IOException {
    for (Instance i : layout().instances()) {
      Map<String, String> hbase = props(render(i.name(), SCR_ON).resolve("hbase-site.xml"));
      assertEquals("true", hbase.get("hbase.security.authorization"), i.name());
      for (String kind : new String[] {"master", "region", "regionserver"}) {
        assertEquals("org.apache.hadoop.hbase.security.access.AccessController",
            hbase.get("hbase.coprocessor." + kind + ".classes"), i.name() + " " + kind);
      }
    }
  }

  @Test
  void everyInstancePointsAtTheSameNameNodeAndZooKeeper() throws IOException {
    for (Instance i : layout().instances()) {
      Path conf = render(i.name(), SCR_ON);
      assertEquals("hdfs://127.0.0.1:19020", props(conf.resolve("core-site.xml")).get("fs.defaultFS"), i.name());
      Map<String, String> hbase = props(conf.resolve("hbase-site.xml"));
      assertEquals("hdfs://127.0.0.1:19020/hbase", hbase.get("hbase.rootdir"), i.name());
      assertEquals("19181", hbase.get("hbase.zookeeper.property.clientPort"), i.name());
    }
  }

  @Test
  void checksumsAreCrc32cAndXorUsesTheJavaCoder() throws IOException {
    Path conf = render("datanode1", SCR_ON);
    Map<String, String> core = props(conf.resolve("core-site.xml"));
    assertEquals("xor_java", core.get("io.erasurecode.codec.xor.rawcoders"));
    assertEquals("rs_native,rs_java", core.get("io.erasurecode.codec.rs.rawcoders"));
    assertEquals("CRC32C", props(conf.resolve("hdfs-site.xml")).get("dfs.checksum.type"));
    assertEquals("CRC32C", props(conf.resolve("hbase-site.xml")).get("hbase.hstore.checksum.algorithm"));
  }

  @Test
  void localProfileHasNoSafeModeExtensionAndReplicationThree() throws IOException {
    Map<String, String> hdfs = props(render("namenode", SCR_ON).resolve("hdfs-site.xml"));
    assertEquals("0", hdfs.get("dfs.namenode.safemode.extension"));
    assertEquals("3", hdfs.get("dfs.replication"));
    assertEquals("file://" + tmp.resolve("cluster/data/namenode"), hdfs.get("dfs.namenode.name.dir"));
  }

  @Test
  void aStoppedDataNodeIsDeclaredDeadWithinTwentySeconds() throws IOException {
    Map<String, String> hdfs = props(render("namenode", SCR_ON).resolve("hdfs-site.xml"));
    long deadAfterMs = 2 * Long.parseLong(hdfs.get("dfs.namenode.heartbeat.recheck-interval"))
        + 10 * 1000 * Long.parseLong(hdfs.get("dfs.heartbeat.interval"));
    assertEquals(20_000, deadAfterMs);
  }

  @Test
  void replicationNeverExceedsTheDataNodeCount() {
    LocalLayout one = new LocalLayout(tmp, 19000, 1, 1);
    assertEquals("1", ConfigRenderer.variables(one, null, SCR_ON).get("replication"));
  }

  @Test
  void shortCircuitOnAndOffAreRendered() throws IOException {
    Map<String, String> on = props(render("datanode1", SCR_ON).resolve("hdfs-site.xml"));
    assertEquals("true", on.get("dfs.client.read.shortcircuit"));
    assertEquals("/d/run/dn._PORT", on.get("dfs.domain.socket.path"));
    Map<String, String> off = props(render("datanode2", ShortCircuit.off("test")).resolve("hdfs-site.xml"));
    assertEquals("false", off.get("dfs.client.read.shortcircuit"));
    assertEquals("", off.get("dfs.domain.socket.path"));
  }

  @Test
  void zookeeperConfigUsesLoopbackPortAndDataDir() throws IOException {
    Properties zoo = new Properties();
    zoo.load(new StringReader(Files.readString(render("zookeeper", SCR_ON).resolve("zoo.cfg"))));
    assertEquals("19181", zoo.getProperty("clientPort"));
    assertEquals("127.0.0.1", zoo.getProperty("clientPortAddress"));
    assertEquals(tmp.resolve("cluster/data/zookeeper").toString(), zoo.getProperty("dataDir"));
    assertEquals("false", zoo.getProperty("admin.enableServer"));
  }

  @Test
  void noPlaceholderSurvivesRenderingForAnyInstanceOrTheClient() throws IOException {
    for (Instance i : layout().instances()) {
      assertNoPlaceholders(render(i.name(), SCR_ON));
    }
    assertNoPlaceholders(render(null, ShortCircuit.off("client")));
  }

  private static void assertNoPlaceholders(Path dir) throws IOException {
    for (String f : ConfigRenderer.FILES) {
      assertFalse(Files.readString(dir.resolve(f)).contains("{{"), dir + "/" + f);
    }
  }

  @Test
  void aMissingValueIsAnErrorNamingIt() {
    NodeException e =
        assertThrows(NodeException.class, () -> ConfigRenderer.render("a={{ x }} b={{y}}", Map.of("x", "1")));
    assertTrue(e.getMessage().contains("y"), e.getMessage());
  }

  @Test
  void valuesWithRegexSpecialCharactersAreInsertedVerbatim() {
    assertEquals("p=$1\\x", ConfigRenderer.render("p={{ v }}", Map.of("v", "$1\\x")));
  }

  @Test
  void roleOfEveryLocalInstanceIsKnown() {
    assertEquals(Role.ZOOKEEPER, instance("zookeeper").role());
    assertEquals(Role.REGIONSERVER, instance("regionserver2").role());
  }
}
