package io.granary.bench.measure;

import java.util.List;

/**
 * One reporting interval (normally one second; the last one may be shorter).
 *
 * @param agentCpu the agent process's CPU use as a percentage of all cores of its host
 * @param systemCpu the whole host's CPU use in percent (servers included when they share it)
 * @param progress 0..1 of the run's duration or operation count, whichever is nearer its end
 */
public record IntervalReport(int index, double startSeconds, double seconds, boolean warmup,
    List<OpInterval> ops, double agentCpu, double systemCpu, double progress) {

  public long count() {
    return ops.stream().mapToLong(OpInterval::count).sum();
  }

  public long errors() {
    return ops.stream().mapToLong(OpInterval::errors).sum();
  }

  public long timeouts() {
    return ops.stream().mapToLong(OpInterval::timeouts).sum();
  }
}
