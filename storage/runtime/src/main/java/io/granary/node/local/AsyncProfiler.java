package io.granary.node.local;

import io.granary.node.NodeException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * async-profiler loaded into a running JVM through the JDK's attach API; its native agent comes out
 * of the async-profiler jar on this classpath (Maven Central's tools.profiler:async-profiler). The
 * compaction experiment and {@code granary-node profile} (a benchmark run's RegionServers) share it.
 */
final class AsyncProfiler {
  /** Frames that compute or verify checksums: HBase's and HDFS's callers, libhadoop's and the JDK's CRC code. */
  static final Pattern CHECKSUM = Pattern.compile("(?i)checksum|crc32");
  /** A compaction lasts seconds: sample often enough to see its frames. */
  static final String COMPACTION_INTERVAL = "1ms";

  private final long pid;
  private final Path library;

  private AsyncProfiler(long pid, Path library) {
    this.pid = pid;
    this.library = library;
  }

  long pid() {
    return pid;
  }

  static AsyncProfiler attach(long pid) throws IOException {
    Path lib = Path.of(System.getProperty("java.io.tmpdir"), "granary-libasyncProfiler-4.1.so");
    if (!Files.exists(lib)) {
      try (InputStream in = AsyncProfiler.class.getClassLoader()
          .getResourceAsStream("linux-x64/libasyncProfiler.so")) {
        if (in == null) {
          throw new NodeException("async-profiler's linux-x64 library is not on the classpath");
        }
        Path tmp = Files.createTempFile(lib.getParent(), "granary-asprof", ".so");
        Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
        Files.move(tmp, lib, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      }
    }
    return new AsyncProfiler(pid, lib);
  }

  /**
   * CPU samples every {@code interval}; with {@code timeoutSeconds} > 0 the profiler stops itself then,
   * so a profiling tool that is killed cannot leave it sampling inside the RegionServer.
   */
  void start(String interval, int timeoutSeconds) throws Exception {
    command("start,event=cpu,interval=" + interval + (timeoutSeconds > 0 ? ",timeout=" + timeoutSeconds : ""));
  }

  void stopInto(Path collapsed) throws Exception {
    command("stop,file=" + collapsed + ",collapsed");
  }

  private void command(String args) throws Exception {
    com.sun.tools.attach.VirtualMachine vm = com.sun.tools.attach.VirtualMachine.attach(String.valueOf(pid));
    try {
      vm.loadAgentPath(library.toString(), args);
    } finally {
      vm.detach();
    }
  }

  /** Collapsed stacks as a tree for a flame graph (frames under 0.5% of the samples folded away). */
  static final class Flame {
    final String name;
    long value;
    final Map<String, Flame> children = new LinkedHashMap<>();
    long samples;
    long matching;

    Flame(String name) {
      this.name = name;
    }

    static Flame of(List<String> lines, Pattern match) {
      Flame root = new Flame("all");
      for (String line : lines) {
        int sp = line.lastIndexOf(' ');
        if (sp <= 0) {
          continue;
        }
        long n;
        try {
          n = Long.parseLong(line.substring(sp + 1).trim());
        } catch (NumberFormatException e) {
          continue;
        }
        String[] frames = line.substring(0, sp).split(";");
        root.value += n;
        root.samples += n;
        boolean hit = false;
        Flame node = root;
        for (String f : frames) {
          hit |= match.matcher(f).find();
          node = node.children.computeIfAbsent(f, Flame::new);
          node.value += n;
        }
        if (hit) {
          root.matching += n;
        }
      }
      return root;
    }

    String json() {
      return String.format(Locale.ROOT, "{\"samples\":%d,\"checksumSamples\":%d,\"checksumShare\":%.4f,\"flame\":%s}",
          samples, matching, samples == 0 ? 0 : matching / (double) samples, tree(Math.max(1, samples / 200), 0));
    }

    private String tree(long min, int depth) {
      StringBuilder b = new StringBuilder("{\"n\":\"").append(escape(name)).append("\",\"v\":").append(value);
      List<Flame> kept = children.values().stream().filter(c -> c.value >= min).toList();
      if (!kept.isEmpty() && depth < 64) {
        b.append(",\"c\":[");
        for (int i = 0; i < kept.size(); i++) {
          b.append(i > 0 ? "," : "").append(kept.get(i).tree(min, depth + 1));
        }
        b.append(']');
      }
      return b.append('}').toString();
    }

    static String escape(String s) {
      StringBuilder b = new StringBuilder();
      for (char ch : s.toCharArray()) {
        if (ch == '"' || ch == '\\') {
          b.append('\\').append(ch);
        } else if (ch < 0x20) {
          b.append(String.format("\\u%04x", (int) ch));
        } else {
          b.append(ch);
        }
      }
      return b.toString();
    }
  }
}
