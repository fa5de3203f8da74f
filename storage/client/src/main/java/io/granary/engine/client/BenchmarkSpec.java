package io.granary.engine.client;

import java.io.IOException;
import java.io.StringReader;
import java.util.Properties;

/**
 * One benchmark with every default filled in: what the control plane validates and stores, and what
 * the bench agent runs (inside {@link AgentConfig}). One record for both, so a field added on one
 * side cannot be forgotten on the other.
 *
 * @param workload sequentialWrite | randomWrite | randomRead | sequentialRead | scan | ycsb | rmw | ceiling
 * @param targetRate total ops/s for an open-loop run, 0 for closed loop
 * @param operationCount measured operations (after warm-up), 0 for no limit
 * @param rows PE key space (keys 0..rows-1 in PE's 26-digit format); also what loadFirst writes
 * @param batchSize rows per write call or keys per multi-get (PE), keys per batch (rmw)
 * @param hotKeys rmw picks its keys from 0..hotKeys-1
 * @param ycsbProperties a YCSB workload file's text (bin/ycsb -P), instead of the core workload letter; or null
 */
public record BenchmarkSpec(
    String label,
    String workload,
    String table,
    String family,
    int threads,
    int durationSeconds,
    int warmupSeconds,
    double targetRate,
    long operationCount,
    long rows,
    int valueSize,
    int batchSize,
    boolean clientBuffering,
    int scanLength,
    boolean loadFirst,
    String ycsbWorkload,
    long recordCount,
    String requestDistribution,
    int fieldCount,
    int fieldLength,
    long hotKeys,
    String ycsbProperties) {

  public static final String CEILING = "ceiling";

  /**
   * YCSB's operationcount for a run ended by time: YCSB 0.17.0's client starts no thread for 0, and
   * parses the count as an int, so the largest int, ended by maxexecutiontime. CoreWorkload sizes the
   * zipfian key space of inserting workloads from it, so the agent and the official client use the same.
   */
  public static final long YCSB_NO_COUNT = Integer.MAX_VALUE;

  /** The operationcount YCSB gets for this run. */
  public long ycsbOperationCount() {
    return operationCount > 0 ? operationCount : YCSB_NO_COUNT;
  }

  public boolean openLoop() {
    return targetRate > 0;
  }

  public boolean isYcsb() {
    return "ycsb".equals(workload);
  }

  /** "ycsb A", "ycsb file", "randomRead", … */
  public String title() {
    return isYcsb() ? "ycsb " + (ycsbWorkload != null ? ycsbWorkload : "file") : workload;
  }

  /** Whether the workload scans: YCSB E, a workload file with scans, or PE's scan. */
  public boolean scans() {
    if (!isYcsb()) {
      return "scan".equals(workload);
    }
    if (ycsbProperties != null) {
      Properties p = new Properties();
      try {
        p.load(new StringReader(ycsbProperties));
      } catch (IOException | IllegalArgumentException e) {
        return false;
      }
      return scans(p);
    }
    return "E".equals(ycsbWorkload);
  }

  /** Whether YCSB workload properties scan at all (only then does a scan length apply, as -p maxscanlength). */
  public static boolean scans(Properties p) {
    try {
      double d = Double.parseDouble(p.getProperty("scanproportion", "0").trim());
      return Double.isFinite(d) && d > 0;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  public BenchmarkSpec withFamily(String f) {
    return new BenchmarkSpec(label, workload, table, f, threads, durationSeconds, warmupSeconds, targetRate,
        operationCount, rows, valueSize, batchSize, clientBuffering, scanLength, loadFirst, ycsbWorkload, recordCount,
        requestDistribution, fieldCount, fieldLength, hotKeys, ycsbProperties);
  }
}
