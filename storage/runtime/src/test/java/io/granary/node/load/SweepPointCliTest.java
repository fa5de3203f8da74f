package io.granary.node.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.node.NodeException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SweepPointCliTest {
  @Test
  void optionsTakeThePointsSettings() {
    SweepPointCli.Options o = SweepPointCli.parse(new String[] {"--zookeeper", "zk:2181", "--table", "t", "--op",
        "getput", "--keys", "10", "--block-cache", "off", "--block-size", "16384", "--regions", "5", "--compression",
        "gz", "--encoding", "fast_diff", "--bloom", "ROWCOL", "--ops", "200"}, Map.of());
    assertEquals(SweepPointCli.Op.GETPUT, o.op());
    assertEquals(10, o.keys());
    assertEquals(false, o.blockCache());
    assertEquals("GZ", o.compression());
    assertEquals("FAST_DIFF", o.encoding());
    assertEquals(20, o.warmupOps());
    NodeException e = assertThrows(NodeException.class, () -> SweepPointCli.parse(new String[] {"--zookeeper", "z",
        "--table", "t", "--op", "put", "--compression", "LZO"}, Map.of()));
    assertTrue(e.getMessage().contains("--compression must be one of NONE, GZ, SNAPPY, LZ4, ZSTD"), e.getMessage());
    e = assertThrows(NodeException.class, () -> SweepPointCli.parse(new String[] {"--zookeeper", "z", "--table", "t",
        "--op", "scan"}, Map.of()));
    assertTrue(e.getMessage().contains("--op must be put, get or getput"), e.getMessage());
    e = assertThrows(NodeException.class, () -> SweepPointCli.parse(new String[] {"--zookeeper", "z", "--table", "t",
        "--op", "get", "--rows", "3", "--regions", "5"}, Map.of()));
    assertTrue(e.getMessage().contains("exceeds the key space"), e.getMessage());
  }

  @Test
  void splitsDivideTheKeySpaceEvenly() {
    byte[][] s = SweepPointCli.splits(50_000, 5);
    assertEquals(4, s.length);
    assertArrayEquals("0000010000".getBytes(StandardCharsets.UTF_8), s[0]);
    assertArrayEquals("0000040000".getBytes(StandardCharsets.UTF_8), s[3]);
    assertEquals(0, SweepPointCli.splits(10, 1).length);
  }
}
