package io.granary.benchmarks;

/** One stored one-second interval; {@code perOp} is JSON text [{op, count, errors, p99CorrectedMs, p99ServiceMs}]. */
public record Interval(int index, double startSeconds, double seconds, boolean warmup, long count, long errors,
    long timeouts, long bytes, double p50CorrectedMs, double p99CorrectedMs, double p99ServiceMs,
    double maxCorrectedMs, double agentCpu, double systemCpu, String perOp) {

  public double opsPerSec() {
    return seconds > 0 ? count / seconds : 0;
  }

  public double mbPerSec() {
    return seconds > 0 ? bytes / seconds / (1 << 20) : 0;
  }
}
