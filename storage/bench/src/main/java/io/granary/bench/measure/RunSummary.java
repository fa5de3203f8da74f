package io.granary.bench.measure;

import java.util.List;

/**
 * The measured part of a run (warm-up excluded): exactly the sum of its non-warm-up intervals.
 *
 * @param complete false when the run was stopped before its duration or operation count
 */
public record RunSummary(double measuredSeconds, List<OpInterval> ops, double agentCpuMean, double agentCpuMax,
    boolean complete) {

  public long count() {
    return ops.stream().mapToLong(OpInterval::count).sum();
  }

  public double opsPerSecond() {
    return measuredSeconds > 0 ? count() / measuredSeconds : 0;
  }
}
