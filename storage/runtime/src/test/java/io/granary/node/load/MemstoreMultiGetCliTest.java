package io.granary.node.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.node.NodeException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MemstoreMultiGetCliTest {
  @Test
  void listsAreBoundedAndNamedInTheMessage() {
    MemstoreMultiGetCli.Options o = MemstoreMultiGetCli.parse(new String[] {"--zookeeper", "zk:2181", "--table", "t",
        "--rows", "500", "--value-sizes", "100, 1000", "--batches", "1,10"}, Map.of());
    assertEquals(List.of(100, 1000), o.valueSizes());
    assertEquals(List.of(1, 10), o.batches());
    NodeException e = assertThrows(NodeException.class, () -> MemstoreMultiGetCli.parse(new String[] {"--zookeeper",
        "z", "--table", "t", "--batches", "1,0"}, Map.of()));
    assertTrue(e.getMessage().contains("--batches takes whole numbers from 1 to 100000, got '0'"), e.getMessage());
    assertThrows(NodeException.class, () -> MemstoreMultiGetCli.parse(new String[] {"--zookeeper", "z"}, Map.of()));
  }
}
