package io.granary.node.load;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.node.NodeException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DfsSumCliTest {
  @Test
  void aRelativePathOrNoClusterIsRefused() {
    NodeException relative = assertThrows(NodeException.class,
        () -> DfsSumCli.parse(new String[] {"--dir", "/tmp/x", "--path", "data"}, Map.of()));
    assertTrue(relative.getMessage().contains("--path /absolute/hdfs/dir is required"));
    NodeException where = assertThrows(NodeException.class,
        () -> DfsSumCli.parse(new String[] {"--path", "/data"}, Map.of()));
    assertTrue(where.getMessage().contains("give --dir"));
  }
}
