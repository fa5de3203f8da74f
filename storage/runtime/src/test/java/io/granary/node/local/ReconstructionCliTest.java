package io.granary.node.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.node.NodeException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReconstructionCliTest {
  @Test
  void optionsAndTheirBounds() {
    ReconstructionCli.Options o = ReconstructionCli.parse(new String[] {"--files", "4", "--mb", "16"},
        Map.of("GRANARY_LOCAL_DIR", "/tmp/scratch"));
    assertEquals(Path.of("/tmp/scratch"), o.dir());
    assertEquals("RS-3-2-1024k", o.layout());
    assertEquals(4, o.files());
    NodeException none = assertThrows(NodeException.class, () -> ReconstructionCli.parse(new String[0], Map.of()));
    assertTrue(none.getMessage().contains("give --dir"));
    NodeException zero = assertThrows(NodeException.class,
        () -> ReconstructionCli.parse(new String[] {"--dir", "/x", "--files", "0"}, Map.of()));
    assertTrue(zero.getMessage().contains("--files must be between 1 and 10000"), zero.getMessage());
  }
}
