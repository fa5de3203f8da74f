package io.granary.benchmarks;

/**
 * One benchmark with every default filled in: what the agent is told and what the run stores.
 *
 * @param targetRate total ops/s for an open-loop run, 0 for closed loop
 * @param operationCount measured operations (after warm-up), 0 for no limit
 * @param ycsbProperties a YCSB workload file's text (instead of a core workload letter), or null
 */
public record Spec(
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
      java.util.Properties p = new java.util.Properties();
      try {
        p.load(new java.io.StringReader(ycsbProperties));
      } catch (java.io.IOException | IllegalArgumentException e) {
        return false;
      }
      return YcsbFile.scans(p);
    }
    return "E".equals(ycsbWorkload);
  }

  public Spec withFamily(String f) {
    return new Spec(label, workload, table, f, threads, durationSeconds, warmupSeconds, targetRate, operationCount,
        rows, valueSize, batchSize, clientBuffering, scanLength, loadFirst, ycsbWorkload, recordCount,
        requestDistribution, fieldCount, fieldLength, hotKeys, ycsbProperties);
  }

}
