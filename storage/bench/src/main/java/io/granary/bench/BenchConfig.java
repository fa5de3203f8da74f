package io.granary.bench;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * What the control plane asks the agent to run; every value is resolved (no defaults here).
 *
 * @param workload sequentialWrite | randomWrite | randomRead | sequentialRead | scan | ycsb | rmw | ceiling
 * @param targetRate total operations per second for an open-loop run; 0 runs closed loop
 * @param rows PE key space (keys 0..rows-1 in PE's 26-digit format); also what loadFirst writes
 * @param batchSize rows per write call or keys per multi-get (PE), keys per batch (rmw)
 * @param hotKeys rmw picks its keys from 0..hotKeys-1
 * @param ycsbProperties a YCSB workload file's text (bin/ycsb -P); null runs the core workload ycsbWorkload
 * @param operationCount measured operations (after warm-up); 0 for no limit
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record BenchConfig(
    long runId,
    String zookeeper,
    String znodeParent,
    String table,
    String family,
    String workload,
    int threads,
    int warmupSeconds,
    int durationSeconds,
    double targetRate,
    long operationCount,
    long rows,
    int valueSize,
    int batchSize,
    boolean clientBuffering,
    int scanLength,
    String ycsbWorkload,
    long recordCount,
    String requestDistribution,
    int fieldCount,
    int fieldLength,
    boolean loadFirst,
    long hotKeys,
    int clientTimeoutMs,
    String ycsbProperties) {

  /** Checks what would make the run meaningless; the control plane validates first, this is the backstop. */
  void validate() {
    require(table != null && !table.isBlank(), "table is required");
    require(zookeeper != null && !zookeeper.isBlank(), "zookeeper is required");
    require(threads >= 1 && threads <= 1024, "threads must be 1..1024");
    require(durationSeconds >= 1, "durationSeconds must be at least 1");
    require(warmupSeconds >= 0, "warmupSeconds must not be negative");
    require(targetRate >= 0, "targetRate must not be negative");
    require(operationCount >= 0, "operationCount must not be negative");
    require(rows >= 1, "rows must be at least 1");
    require(valueSize >= 1, "valueSize must be at least 1");
    require(batchSize >= 1, "batchSize must be at least 1");
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }
}
