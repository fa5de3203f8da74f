package io.granary.node.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.node.NodeException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DfsFillCliTest {
  @Test
  void sizesStayWithinTheBoundsAndSpreadOverThem() {
    Random r = new Random(7);
    long min = Long.MAX_VALUE;
    long max = 0;
    for (int i = 0; i < 2000; i++) {
      long s = DfsFillCli.size(r, 1, 20480);
      min = Math.min(min, s);
      max = Math.max(max, s);
    }
    assertTrue(min >= 1024 && min < 4096, "smallest " + min);
    assertTrue(max <= 20480L * 1024 && max > 10L * 1024 * 1024, "largest " + max);
  }

  @Test
  void readsTheNameNodeFromTheClusterAndRefusesBadOptions(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("endpoints.properties"), "namenode.uri=hdfs\\://127.0.0.1\\:9820\n");
    DfsFillCli.Options o = DfsFillCli.parse(new String[] {"--dir", dir.toString(), "--path", "/x", "--files", "3"},
        Map.of());
    assertEquals("hdfs://127.0.0.1:9820", o.namenode());
    assertEquals(3, o.files());
    NodeException relative = assertThrows(NodeException.class,
        () -> DfsFillCli.parse(new String[] {"--dir", dir.toString(), "--path", "x"}, Map.of()));
    assertTrue(relative.getMessage().contains("--path /absolute"));
    NodeException bounds = assertThrows(NodeException.class, () -> DfsFillCli.parse(new String[] {"--dir",
        dir.toString(), "--path", "/x", "--min-kb", "10", "--max-kb", "5"}, Map.of()));
    assertTrue(bounds.getMessage().contains("larger than --max-kb"));
  }
}
