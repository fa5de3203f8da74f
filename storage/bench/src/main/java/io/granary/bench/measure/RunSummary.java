package io.granary.bench.measure;

import java.util.List;

/**
 * The measured part of a run (warm-up excluded): exactly the sum of its non-warm-up intervals.
 *
 * @param all every transaction (see {@link Meter#ALL})
 * @param gc the agent JVM's collections during the measured part, per collector
 * @param complete false when the run was stopped before its duration or operation count
 */
public record RunSummary(double measuredSeconds, List<OpInterval> ops, OpInterval all, double agentCpuMean,
    double agentCpuMax, List<Gc> gc, Cost cost, boolean complete) {

  /** One garbage collector's collections and their total time. */
  public record Gc(String name, long count, long timeMs) {}

  /**
   * The agent's own cost over the measured time: its stop-the-world GC pauses (count, total, longest)
   * and what it allocated. A pause stalls every load thread at once, so its length lands in the
   * latencies the agent reports; an allocation rate that drives pauses is the agent's, not the cluster's.
   */
  public record Cost(long gcPauses, long gcPauseTotalMs, long gcPauseMaxMs, long allocatedMiB,
      double allocatedMiBPerSecond) {
    public static final Cost NONE = new Cost(0, 0, 0, 0, 0);
  }

  /** Transactions completed, whatever they returned (YCSB's operation count). */
  public long count() {
    return all.count();
  }

  /** Transactions per second, all completed ones (YCSB's Throughput(ops/sec)). */
  public double opsPerSecond() {
    return measuredSeconds > 0 ? count() / measuredSeconds : 0;
  }

  /** Transactions per second that returned OK. */
  public double okPerSecond() {
    return measuredSeconds > 0 ? all.ok() / measuredSeconds : 0;
  }

  public static RunSummary empty() {
    Meter.Snapshot none = new Meter().totals();
    return new RunSummary(0, none.ops(), none.all(), 0, 0, List.of(), Cost.NONE, false);
  }
}
