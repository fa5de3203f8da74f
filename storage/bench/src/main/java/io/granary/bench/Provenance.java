package io.granary.bench;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/** What the agent knows about where it runs: host, CPU, JVM and versions. */
final class Provenance {
  private Provenance() {}

  static Map<String, Object> collect() {
    Map<String, Object> p = new LinkedHashMap<>();
    Properties v = versions();
    p.put("granaryVersion", v.getProperty("granary.version", "unknown"));
    p.put("hbaseClientVersion", v.getProperty("hbase.version", "unknown"));
    p.put("ycsbVersion", v.getProperty("ycsb.version", "unknown"));
    p.put("host", hostName());
    p.put("cores", Runtime.getRuntime().availableProcessors());
    p.put("pid", ProcessHandle.current().pid());
    p.put("javaVersion", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
    p.put("jvmFlags", ManagementFactory.getRuntimeMXBean().getInputArguments());
    Map<String, String> cpu = cpu();
    p.put("cpuModel", cpu.getOrDefault("model name", System.getProperty("os.arch")));
    p.put("cpuFlags", cpu.getOrDefault("flags", ""));
    return p;
  }

  private static Properties versions() {
    Properties p = new Properties();
    try (InputStream in = Provenance.class.getResourceAsStream("/granary-bench.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      // versions stay "unknown"
    }
    return p;
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "unknown";
    }
  }

  /** The first processor's fields from /proc/cpuinfo (Linux). */
  static Map<String, String> cpu() {
    Map<String, String> out = new LinkedHashMap<>();
    try {
      List<String> lines = Files.readAllLines(Path.of("/proc/cpuinfo"));
      for (String line : lines) {
        if (line.isBlank() && !out.isEmpty()) {
          break;
        }
        int colon = line.indexOf(':');
        if (colon > 0) {
          out.putIfAbsent(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
        }
      }
    } catch (IOException e) {
      // not Linux: the model falls back to the architecture
    }
    return out;
  }
}
