package io.granary.node.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.node.NodeException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReadCliTest {
  @Test
  void percentilesAreNearestRankInMilliseconds() {
    long[] us = new long[100];
    for (int i = 0; i < 100; i++) {
      us[i] = (i + 1) * 1000L; // 1..100 ms
    }
    assertEquals(50.0, ReadCli.pct(us, 50));
    assertEquals(99.0, ReadCli.pct(us, 99));
    assertEquals(100.0, ReadCli.pct(us, 99.9));
    assertEquals(0.0, ReadCli.pct(new long[0], 50));
  }

  @Test
  void optionsHaveDefaultsAndBadOnesAreRefused() {
    ReadCli.Options o = ReadCli.parse(new String[] {"--zookeeper", "h:1", "--table", "t"}, Map.of());
    assertEquals(4, o.threads());
    assertEquals(20, o.seconds());
    assertEquals(100_000, o.rows());
    NodeException threads = assertThrows(NodeException.class,
        () -> ReadCli.parse(new String[] {"--zookeeper", "h:1", "--table", "t", "--threads", "0"}, Map.of()));
    assertTrue(threads.getMessage().contains("--threads must be between 1 and 256"));
    NodeException where = assertThrows(NodeException.class,
        () -> ReadCli.parse(new String[] {"--table", "t"}, Map.of()));
    assertTrue(where.getMessage().contains("give --dir"));
  }
}
