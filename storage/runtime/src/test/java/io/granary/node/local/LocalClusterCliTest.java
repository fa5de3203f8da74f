package io.granary.node.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.node.NodeException;
import io.granary.node.config.LocalLayout;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalClusterCliTest {
  @TempDir Path tmp;
  final ByteArrayOutputStream buf = new ByteArrayOutputStream();
  final PrintStream out = new PrintStream(buf, true);

  NodeException fails(String... args) {
    return assertThrows(NodeException.class, () -> LocalClusterCli.run(args, Map.of(), out));
  }

  @Test
  void unknownActionAndOptionAreUsageErrors() {
    assertEquals(2, fails("start").exitCode());
    assertEquals(2, fails("up", "--bogus").exitCode());
    assertEquals(2, fails("up", "--port-base").exitCode());
    NodeException e = fails("up", "--port-base", "abc", "--dir", tmp.toString());
    assertTrue(e.getMessage().contains("must be a number"), e.getMessage());
    // a setting that would break the XML it is written into, or no key at all
    for (String bad : new String[] {"dfs.x=<y>", "=1", "Dfs.X=1", "novalue"}) {
      NodeException h = fails("up", "--hdfs-set", bad, "--dir", tmp.toString());
      assertTrue(h.getMessage().contains("--hdfs-set takes KEY=VALUE"), h.getMessage());
      NodeException b = fails("up", "--hbase-set", bad, "--dir", tmp.toString());
      assertTrue(b.getMessage().contains("--hbase-set takes KEY=VALUE"), b.getMessage());
    }
  }

  @Test
  void aForeignNonEmptyDirectoryIsNeverUsed() throws IOException {
    Files.writeString(tmp.resolve("precious.txt"), "keep me");
    NodeException e = fails("up", "--dir", tmp.toString());
    assertTrue(e.getMessage().contains("holds no Granary local cluster"), e.getMessage());
    assertTrue(Files.exists(tmp.resolve("precious.txt")));
  }

  @Test
  void dataFromAnotherEngineVersionIsRefusedWithWhatToDo() throws IOException {
    Files.writeString(tmp.resolve("cluster.properties"),
        "layout.version=1\nhbase.version=2.5.0-hadoop3\nhadoop.version=3.3.6\nport.base=19000\ndatanodes=5\nregionservers=2\n");
    NodeException e = fails("up", "--dir", tmp.toString());
    assertTrue(e.getMessage().contains("HBase 2.5.0-hadoop3 / Hadoop 3.3.6"), e.getMessage());
    assertTrue(e.getMessage().contains("wipe"), e.getMessage());
  }

  @Test
  void anExistingClusterKeepsItsPortPlanUnlessMovedWhileDown() {
    Path dir = tmp.resolve("c");
    LocalLayout created = LocalClusterCli.layout(dir, 25000, null, null, false, true);
    assertEquals(25000, created.portBase());
    assertEquals(25000, LocalClusterCli.layout(dir, null, null, null, false, true).portBase());
    assertEquals(26000, LocalClusterCli.layout(dir, 26000, null, null, false, true).portBase());
    assertEquals(26000, ClusterFile.read(dir).portBase());
  }

  @Test
  void theNumberOfDataNodesIsFixedAtCreation() {
    Path dir = tmp.resolve("c");
    LocalClusterCli.layout(dir, 25000, 5, 2, false, true);
    assertThrows(NodeException.class, () -> LocalClusterCli.layout(dir, null, 3, null, false, true));
  }

  @Test
  void theHaShapeIsFixedAtCreationAndKeptWithoutTheFlag() {
    Path ha = tmp.resolve("ha");
    assertTrue(LocalClusterCli.layout(ha, 25000, 3, 2, true, true).ha());
    assertTrue(ClusterFile.read(ha).ha());
    // later commands need not repeat --ha
    assertTrue(LocalClusterCli.layout(ha, null, null, null, false, true).ha());
    NodeException moved = assertThrows(NodeException.class, () -> LocalClusterCli.layout(ha, 26000, null, null, false, true));
    assertTrue(moved.getMessage().contains("cannot move"), moved.getMessage());
    Path plain = tmp.resolve("plain");
    LocalClusterCli.layout(plain, 25000, null, null, false, true);
    NodeException e = assertThrows(NodeException.class, () -> LocalClusterCli.layout(plain, null, null, null, true, true));
    assertTrue(e.getMessage().contains("without --ha"), e.getMessage());
  }

  @Test
  void aDrillNeedsATargetAndAnHaCluster() {
    NodeException e = fails("drill", "--dir", tmp.resolve("none").toString());
    assertTrue(e.getMessage().contains("--target"), e.getMessage());
    e = fails("drill", "--dir", tmp.resolve("none").toString(), "--target", "disk");
    assertTrue(e.getMessage().contains("namenode, master or zookeeper"), e.getMessage());
  }

  @Test
  void wipeWithoutYesDeletesNothing() throws IOException {
    Path dir = tmp.resolve("c");
    LocalClusterCli.layout(dir, 25000, null, null, false, true);
    NodeException e = fails("wipe", "--dir", dir.toString());
    assertTrue(e.getMessage().contains("--yes"), e.getMessage());
    assertTrue(Files.exists(dir.resolve("cluster.properties")));
  }

  @Test
  void statusOfAMissingClusterReportsEverythingDown() {
    int code = LocalClusterCli.run(new String[] {"status", "--dir", tmp.resolve("none").toString()}, Map.of(), out);
    assertEquals(3, code);
    assertTrue(buf.toString().contains("down"));
  }

  @Test
  void defaultDirComesFromTheEnvironmentFirst() {
    assertEquals(Path.of("/srv/granary"), LocalClusterCli.defaultDir(Map.of("GRANARY_LOCAL_DIR", "/srv/granary")));
  }

  @Test
  void aMetricsRetentionIsCheckedBeforeAnythingStarts() {
    assertEquals("15d", LocalClusterCli.retention("15d"));
    assertEquals("1w2d", LocalClusterCli.retention("1w2d"));
    for (String bad : new String[] {"15", "d", "15 days", "-1d", ""}) {
      NodeException e = assertThrows(NodeException.class, () -> LocalClusterCli.retention(bad));
      assertEquals(2, e.exitCode());
      assertTrue(e.getMessage().contains("--metrics-retention"), e.getMessage());
    }
  }
}
