package io.granary.node.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.node.NodeException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CompactionCpuCliTest {
  @Test
  void statFieldsAfterACommandNameWithSpaces() {
    String stat = "4242 (java main (x)) S 1 4242 4242 0 -1 4194304 500 0 0 0 1234 56 0 0 20 0 40 0 99 0";
    CompactionCpuCli.Cpu c = CompactionCpuCli.parseStat(stat, 100);
    assertEquals(12.34, c.user(), 1e-9);
    assertEquals(0.56, c.sys(), 1e-9);
  }

  @Test
  void theFlameTreeCountsChecksumSamplesOnceAndFoldsSmallFrames() {
    AsyncProfiler.Flame f = AsyncProfiler.Flame.of(List.of(
        "Thread.run;HStore.compact;ChecksumUtil.generateChecksums;DataChecksum.calculateChunkedSums 30",
        "Thread.run;HStore.compact;HFileWriter.append 69",
        "Thread.run;GC 1",
        "not a stack line"), AsyncProfiler.CHECKSUM);
    String json = f.json();
    assertTrue(json.startsWith("{\"samples\":100,\"checksumSamples\":30,\"checksumShare\":0.3000,"), json);
    assertTrue(json.contains("{\"n\":\"HFileWriter.append\",\"v\":69}"), json);
    assertTrue(json.contains("{\"n\":\"GC\",\"v\":1}"), json); // 1% is above the 0.5% fold
    assertEquals("a\\\"b\\\\c\\u0001", AsyncProfiler.Flame.escape("a\"b\\c\u0001"));
  }

  @Test
  void optionsAreBounded() {
    CompactionCpuCli.Options o = CompactionCpuCli.parse(new String[] {"--dir", "/s", "--rows", "5000", "--profile"},
        Map.of());
    assertEquals(5000, o.rows());
    assertTrue(o.profile());
    NodeException e = assertThrows(NodeException.class,
        () -> CompactionCpuCli.parse(new String[] {"--dir", "/s", "--flushes", "1"}, Map.of()));
    assertTrue(e.getMessage().contains("--flushes must be between 2 and 100"), e.getMessage());
  }
}
