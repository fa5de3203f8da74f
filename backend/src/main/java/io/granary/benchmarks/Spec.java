package io.granary.benchmarks;

/**
 * One benchmark with every default filled in: what the agent is told and what the run stores.
 *
 * @param targetRate total ops/s for an open-loop run, 0 for closed loop
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
    long hotKeys) {

  public static final String CEILING = "ceiling";

  public boolean openLoop() {
    return targetRate > 0;
  }

  public boolean isYcsb() {
    return "ycsb".equals(workload);
  }

  /** "ycsb A", "randomRead", … */
  public String title() {
    return isYcsb() ? "ycsb " + ycsbWorkload : workload;
  }

  public Spec withFamily(String f) {
    return new Spec(label, workload, table, f, threads, durationSeconds, warmupSeconds, targetRate, operationCount,
        rows, valueSize, batchSize, clientBuffering, scanLength, loadFirst, ycsbWorkload, recordCount,
        requestDistribution, fieldCount, fieldLength, hotKeys);
  }

}
