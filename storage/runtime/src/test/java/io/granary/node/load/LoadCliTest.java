package io.granary.node.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.node.NodeException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoadCliTest {
  @Test
  void readsTheQuorumFromTheClusterDirectory(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("endpoints.properties"), "zookeeper.quorum=127.0.0.1\\:19181\n");
    LoadCli.Options o = LoadCli.parse(new String[] {"--dir", dir.toString(), "--table", "t", "--rows", "10",
        "--salt-buckets", "16"}, Map.of());
    assertEquals("127.0.0.1:19181", o.zookeeper());
    assertEquals(10, o.rows());
    assertEquals(16, o.saltBuckets());
  }

  @Test
  void refusesBadOptionsWithUsage() {
    NodeException noTable = assertThrows(NodeException.class,
        () -> LoadCli.parse(new String[] {"--zookeeper", "h:1"}, Map.of()));
    assertTrue(noTable.getMessage().contains("--table is required"));
    NodeException buckets = assertThrows(NodeException.class,
        () -> LoadCli.parse(new String[] {"--zookeeper", "h:1", "--table", "t", "--salt-buckets", "1"}, Map.of()));
    assertTrue(buckets.getMessage().contains("between 2 and 256"));
    assertEquals(2, buckets.exitCode());
    NodeException noDir = assertThrows(NodeException.class,
        () -> LoadCli.parse(new String[] {"--table", "t"}, Map.of()));
    assertTrue(noDir.getMessage().contains("--dir"));
    NodeException flushes = assertThrows(NodeException.class,
        () -> LoadCli.parse(new String[] {"--zookeeper", "h:1", "--table", "t", "--rows", "3", "--flushes", "4"},
            Map.of()));
    assertTrue(flushes.getMessage().contains("--flushes 4 needs at least as many --rows"));
  }

  @Test
  void flushesSplitTheRowsIntoRounds() {
    LoadCli.Options o = LoadCli.parse(new String[] {"--zookeeper", "h:1", "--table", "t", "--rows", "100",
        "--flushes", "6"}, Map.of());
    assertEquals(6, o.flushes());
  }
}
