package io.granary.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a command line against what YCSB's {@code bin/ycsb} and its Client accept: the wrapper's
 * {@code load|run <binding>} with {@code -cp} and {@code -jvm-args}, Client's {@code -P -p -s -target
 * -threads}, and only properties that YCSB's core, CoreWorkload, its measurements or the hbase2
 * binding read. Shared by the unit test and the benchmark integration test.
 */
public final class YcsbCommandLine {
  /** Options with their argument count (YCSB 0.17 bin/ycsb and site.ycsb.Client.parseArguments). */
  static final Map<String, Integer> OPTIONS = Map.of("-cp", 1, "-jvm-args", 1, "-P", 1, "-p", 1, "-s", 0,
      "-target", 1, "-threads", 1);
  /** Properties the official client reads (Client, CoreWorkload, Measurements, OneMeasurementHdrHistogram, HBaseClient2). */
  static final Set<String> PROPERTIES = Set.of("table", "columnfamily", "recordcount", "operationcount", "fieldcount",
      "fieldlength", "clientbuffering", "requestdistribution", "maxscanlength", "maxexecutiontime", "measurementtype",
      "measurement.interval", "hdrhistogram.percentiles", "readallfields", "writeallfields", "insertorder");

  private YcsbCommandLine() {}

  /** The problems of every {@code bin/ycsb} line in {@code text} (comment lines and trailing comments skipped). */
  public static List<String> problems(String text) {
    List<String> out = new ArrayList<>();
    int commands = 0;
    for (String raw : text.split("\n")) {
      String line = raw.contains("  #") ? raw.substring(0, raw.indexOf("  #")) : raw;
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      commands++;
      List<String> t = tokens(line);
      if (t.size() < 3 || !t.get(0).equals("bin/ycsb") || !Set.of("load", "run").contains(t.get(1))
          || !t.get(2).equals("hbase2")) {
        out.add("not 'bin/ycsb load|run hbase2 …': " + line);
        continue;
      }
      for (int i = 3; i < t.size(); i++) {
        String o = t.get(i);
        Integer args = OPTIONS.get(o);
        if (args == null) {
          out.add("option bin/ycsb does not accept: " + o);
          break;
        }
        if (i + args >= t.size() + (args == 0 ? 1 : 0) && args > 0) {
          out.add(o + " without its argument");
          break;
        }
        if (o.equals("-p")) {
          String kv = t.get(i + 1);
          int eq = kv.indexOf('=');
          if (eq <= 0 || !PROPERTIES.contains(kv.substring(0, eq))) {
            out.add("property YCSB does not read: " + kv);
          } else if (kv.startsWith("operationcount=") && !positiveInt(kv.substring(eq + 1))) {
            // Client 0.17.0: threadcount = min(threads, operationcount), parsed with Integer.parseInt
            out.add("operationcount must be a positive int for YCSB 0.17.0 (0 starts no client thread): " + kv);
          }
        }
        if ((o.equals("-target") || o.equals("-threads")) && !t.get(i + 1).matches("[0-9]+")) {
          out.add(o + " takes a whole number (YCSB parses it with Integer.parseInt): " + t.get(i + 1));
        }
        i += args;
      }
    }
    if (commands == 0) {
      out.add("no bin/ycsb command");
    }
    return out;
  }

  private static boolean positiveInt(String v) {
    try {
      return Integer.parseInt(v) > 0;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static List<String> tokens(String line) {
    List<String> out = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    boolean quoted = false;
    boolean any = false;
    for (char c : line.toCharArray()) {
      if (c == '"') {
        quoted = !quoted;
        any = true;
      } else if (c == ' ' && !quoted) {
        if (any) {
          out.add(cur.toString());
        }
        cur.setLength(0);
        any = false;
      } else {
        cur.append(c);
        any = true;
      }
    }
    if (any) {
      out.add(cur.toString());
    }
    return out;
  }
}
