package io.granary.node.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.node.NodeException;
import java.io.ByteArrayOutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileCliTest {
  @Test
  void optionsNameEachPidAndAreBounded() {
    ProfileCli.Options o = ProfileCli.parse(new String[] {"--pid", "42=rs1,16020,1", "--pid", "43", "--interval",
        "500us", "--max-seconds", "30"});
    assertEquals(List.of(new ProfileCli.Target(42, "rs1,16020,1"), new ProfileCli.Target(43, "43")), o.targets());
    assertEquals("500us", o.interval());
    assertEquals(30, o.maxSeconds());
    assertTrue(assertThrows(NodeException.class, () -> ProfileCli.parse(new String[] {"--pid", "x"})).getMessage()
        .contains("--pid must be a process id"));
    assertTrue(assertThrows(NodeException.class, () -> ProfileCli.parse(new String[] {"--pid", "1", "--interval",
        "1s"})).getMessage().contains("--interval must be like 10ms"));
    assertTrue(assertThrows(NodeException.class, () -> ProfileCli.parse(new String[0])).getMessage()
        .contains("give at least one --pid"));
  }

  @Test
  void aMissingProcessIsReportedNotProfiled() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int code = ProfileCli.run(new ProfileCli.Options(List.of(new ProfileCli.Target(Integer.MAX_VALUE, "gone")), "10ms",
        5), new java.io.ByteArrayInputStream(new byte[0]), new PrintStream(bytes, true, StandardCharsets.UTF_8));
    assertEquals(1, code);
    assertTrue(bytes.toString(StandardCharsets.UTF_8).contains("\"event\":\"failed\",\"pid\":2147483647,\"name\":\"gone\","
        + "\"message\":\"no such process\""), bytes.toString(StandardCharsets.UTF_8));
  }

  /** A real JVM busy computing CRC32C, profiled until "stdin" closes: its samples land in checksum frames. */
  @Test
  void profilesARunningJvmUntilStdinCloses(@TempDir Path dir) throws Exception {
    Path src = dir.resolve("Busy.java");
    Files.writeString(src, """
        public class Busy {
          public static void main(String[] a) {
            byte[] b = new byte[1 << 16];
            java.util.zip.CRC32C c = new java.util.zip.CRC32C();
            long t = 0;
            while (true) { c.update(b); t += c.getValue(); if (t == 42) System.out.println(t); }
          }
        }""");
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process busy = new ProcessBuilder(java.toString(), "-Xmx64m", src.toString()).redirectErrorStream(true).start();
    try {
      Thread.sleep(1500); // compiled and running
      PipedOutputStream control = new PipedOutputStream();
      PipedInputStream stdin = new PipedInputStream(control);
      Thread closer = new Thread(() -> {
        try {
          Thread.sleep(2000);
          control.close();
        } catch (Exception ignored) {
          // test thread
        }
      });
      closer.start();
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      int code = ProfileCli.run(new ProfileCli.Options(List.of(new ProfileCli.Target(busy.pid(), "busy")), "1ms", 60),
          stdin, new PrintStream(bytes, true, StandardCharsets.UTF_8));
      String out = bytes.toString(StandardCharsets.UTF_8);
      assertEquals(0, code, out);
      assertTrue(out.contains("{\"event\":\"started\",\"pid\":" + busy.pid() + ",\"name\":\"busy\"}"), out);
      Matcher m = Pattern.compile("\"event\":\"profile\",\"pid\":\\d+,\"name\":\"busy\",\"seconds\":([0-9.]+),"
          + "\"samples\":(\\d+),\"checksumSamples\":(\\d+),\"checksumShare\":([0-9.]+),\"flame\":\\{").matcher(out);
      assertTrue(m.find(), out.length() > 2000 ? out.substring(0, 2000) : out);
      double seconds = Double.parseDouble(m.group(1));
      assertTrue(seconds >= 1.5 && seconds < 30, "profiled for " + seconds + " s");
      assertTrue(Long.parseLong(m.group(2)) > 100, "samples " + m.group(2));
      assertTrue(Double.parseDouble(m.group(4)) > 0.5, "checksum share " + m.group(4));
    } finally {
      busy.destroyForcibly();
      busy.waitFor(10, TimeUnit.SECONDS);
    }
  }
}
