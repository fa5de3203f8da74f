package io.granary.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The HA local cluster under failure, as issue acceptance states it: kill -9 the active NameNode while
 * writers put 50,000 acknowledged rows, kill -9 the active HMaster, stop the ZooKeeper leader. Each
 * drill (granary-node local drill) reads every acknowledged row back and restarts what it killed.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HaFailoverIT {
  static final String PORT_BASE = "32000";
  static Path dir;

  @BeforeAll
  static void up() throws Exception {
    dir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "it-ha-");
    Files.delete(dir);
    Dist.Result r = Dist.run(Map.of(), 420, "local", "up", "--ha", "--datanodes", "3", "--dir", dir.toString(),
        "--port-base", PORT_BASE);
    assertEquals(0, r.exitCode(), "local up --ha failed:\n" + r.all());
    assertTrue(r.stdout().contains("NameNode URI:      hdfs://granary-local"), r.stdout());
  }

  @AfterAll
  static void down() throws Exception {
    Dist.downAndWipe(dir);
  }

  static JsonNode drill(String target, int rows) throws Exception {
    Path json = dir.resolveSibling(dir.getFileName() + "-" + target + ".jsonl");
    Files.deleteIfExists(json);
    Dist.Result r = Dist.run(Map.of(), 600, "local", "drill", "--dir", dir.toString(), "--target", target,
        "--rows", Integer.toString(rows), "--json", json.toString());
    assertEquals(0, r.exitCode(), "drill " + target + " failed:\n" + r.all());
    List<String> lines = Files.readAllLines(json);
    assertEquals(1, lines.size(), String.join("\n", lines));
    JsonNode o = new ObjectMapper().readTree(lines.get(0));
    assertEquals(rows, o.get("acknowledged").asLong(), o.toString());
    assertEquals(0, o.get("missing").asLong(), "acknowledged rows lost: " + o);
    assertNotEquals(o.get("killed").asText(), o.get("tookOver").asText(), o.toString());
    return o;
  }

  /** What the ZKFCs wait before giving up on a silent peer: the bound a failover must stay within. */
  static long zkfcSessionTimeoutMs() {
    Configuration c = new Configuration(false);
    c.addResource(new org.apache.hadoop.fs.Path(dir.resolve("conf/zkfc1/core-site.xml").toUri()));
    return c.getLong("ha.zookeeper.session-timeout.ms", 10_000);
  }

  @Test
  @Order(1)
  void statusShowsTheActiveStandbyPairsAndTheQuorum() throws Exception {
    Dist.Result s = Dist.run("local", "status", "--dir", dir.toString());
    assertEquals(0, s.exitCode(), s.all());
    for (String state : List.of("active", "standby", "backup", "leader", "follower")) {
      assertTrue(s.stdout().contains(state), state + " missing:\n" + s.stdout());
    }
  }

  @Test
  @Order(2)
  void theStandbyNameNodeTakesOverWithinTheTimeoutAndEveryAcknowledgedRowReadsBack() throws Exception {
    JsonNode o = drill("namenode", 50_000);
    assertTrue(o.get("takeoverMs").asLong() <= zkfcSessionTimeoutMs(), o.toString());
  }

  @Test
  @Order(3)
  void theBackupMasterTakesOverAndATableCanBeCreatedAfterwards() throws Exception {
    JsonNode o = drill("master", 20_000);
    assertTrue(o.get("createTableMs").asLong() >= o.get("takeoverMs").asLong(), o.toString());
  }

  @Test
  @Order(4)
  void theClusterKeepsServingWithTheZooKeeperLeaderStopped() throws Exception {
    drill("zookeeper", 20_000);
  }

  @Test
  @Order(5)
  void afterTheDrillsBothPairsAreWholeAgain() throws Exception {
    statusShowsTheActiveStandbyPairsAndTheQuorum();
  }
}
