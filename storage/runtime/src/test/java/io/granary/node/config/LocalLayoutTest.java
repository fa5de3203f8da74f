package io.granary.node.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.node.NodeException;
import io.granary.node.Role;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LocalLayoutTest {
  @Test
  void defaultLocalClusterHasTheDocumentedShape() {
    List<Instance> all = new LocalLayout(Path.of("/x"), 19000, 5, 2).instances();
    assertEquals(10, all.size());
    assertEquals(5, all.stream().filter(i -> i.role() == Role.DATANODE).count());
    assertEquals(2, all.stream().filter(i -> i.role() == Role.REGIONSERVER).count());
    assertEquals(Role.ZOOKEEPER, all.get(0).role());
    assertEquals(Role.REGIONSERVER, all.get(all.size() - 1).role());
  }

  @Test
  void portsAreUniqueAndInsideTheBaseBlockForTheLargestCluster() {
    int base = 30000;
    Set<Integer> seen = new HashSet<>();
    for (Instance i : new LocalLayout(Path.of("/x"), base, 9, 9).instances()) {
      for (int p : i.ports().values()) {
        assertTrue(seen.add(p), "duplicate port " + p);
        assertTrue(p > base && p < base + 1000, "port " + p + " outside the block");
      }
    }
  }

  @Test
  void nonDefaultPortsAvoidTheEngineDefaults() {
    LocalLayout l = new LocalLayout(Path.of("/x"), LocalLayout.DEFAULT_PORT_BASE, 5, 2);
    Set<Integer> engineDefaults = Set.of(2181, 8020, 9000, 9870, 9866, 9864, 9867, 16000, 16010, 16020, 16030);
    l.instances().forEach(i -> i.ports().values().forEach(p -> assertTrue(!engineDefaults.contains(p), "" + p)));
  }

  @Test
  void invalidShapesAreRefusedWithUsageErrors() {
    assertEquals(2, assertThrows(NodeException.class, () -> new LocalLayout(Path.of("/x"), 80, 5, 2)).exitCode());
    assertThrows(NodeException.class, () -> new LocalLayout(Path.of("/x"), 19000, 0, 2));
    assertThrows(NodeException.class, () -> new LocalLayout(Path.of("/x"), 19000, 5, 10));
  }

  @Test
  void directoriesLiveUnderTheDataDir() {
    LocalLayout l = new LocalLayout(Path.of("/data/c"), 19000, 5, 2);
    assertEquals(Path.of("/data/c/data/datanode4"), l.datanodeDir(4));
    assertEquals(Path.of("/data/c/conf/regionserver1"), l.confDir("regionserver1"));
    assertEquals(Path.of("/data/c/logs"), l.logDir());
  }
}
