package io.granary.node.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.node.NodeException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HFileBenchCliTest {
  @Test
  void valuesAreRunsOfEightOfOneLetterAsTheSeedWroteThem() {
    byte[] v = HFileBenchCli.value(ThreadLocalRandom.current());
    assertEquals(990, v.length);
    for (int i = 0; i < v.length; i++) {
      assertTrue(v[i] >= 'A' && v[i] <= 'Z');
      assertEquals(v[i - i % 8], v[i], "byte " + i);
    }
    assertEquals("0000000042", new String(HFileBenchCli.key(42), StandardCharsets.UTF_8));
  }

  @Test
  void optionsAreChecked() {
    HFileBenchCli.Options o = HFileBenchCli.parse(new String[] {"--namenode", "hdfs://nn", "--path", "/x", "--codec",
        "gz", "--entries", "1000"}, Map.of());
    assertEquals("GZ", o.codec());
    assertEquals(100, o.seeks());
    NodeException e = assertThrows(NodeException.class, () -> HFileBenchCli.parse(new String[] {"--namenode",
        "hdfs://nn", "--path", "/x", "--codec", "lzo"}, Map.of()));
    assertTrue(e.getMessage().contains("--codec must be one of NONE, GZ"), e.getMessage());
  }

  /** The real HFile writer and reader, on the local file system: every entry found, GZ compresses the letters. */
  @Test
  void writesScansAndSeeksARealHFile(@TempDir Path dir) throws Exception {
    for (String codec : new String[] {"NONE", "GZ"}) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      int code = HFileBenchCli.run(HFileBenchCli.parse(new String[] {"--namenode", "file:///", "--path",
          dir.resolve(codec).toString(), "--codec", codec, "--entries", "5000", "--block-size", "16384"}, Map.of()),
          new PrintStream(bytes, true, StandardCharsets.UTF_8));
      String out = bytes.toString(StandardCharsets.UTF_8);
      assertEquals(0, code, out);
      Matcher m = Pattern.compile("\"compressionRatio\":([0-9.]+),.*\"seekEntriesPerSec\":([0-9.]+),"
          + "\"shortScanEntriesPerSec\":([0-9.]+)").matcher(out);
      assertTrue(m.find(), out);
      double ratio = Double.parseDouble(m.group(1));
      if (codec.equals("NONE")) {
        assertTrue(ratio > 0.9 && ratio < 1.1, "uncompressed ratio " + ratio);
      } else {
        // 8-byte runs of 26 letters: gzip packs them several times over (the seed saw ~7:1)
        assertTrue(ratio > 3, "GZ ratio " + ratio);
      }
      assertTrue(Double.parseDouble(m.group(2)) > 0);
      assertTrue(out.contains("\"entries\":5000"), out);
      assertEquals(0, dir.resolve(codec).toFile().listFiles((d, n) -> n.endsWith(".hfile")).length, "file removed");
    }
  }
}
