package io.granary.bench.measure;

import java.util.List;

/**
 * One reporting interval (normally one second; the last one may be shorter).
 *
 * @param all every transaction of the interval (see {@link Meter#ALL})
 * @param agentCpu the agent process's CPU use as a percentage of all cores of its host
 * @param systemCpu the whole host's CPU use in percent (servers included when they share it)
 * @param progress 0..1 of the run's duration or operation count, whichever is nearer its end
 * @param startedInWarmup transactions started during warm-up that completed in this measured
 *     interval: not in {@code ops} or {@code all}, nor in the summary (see {@link Meter})
 */
public record IntervalReport(int index, double startSeconds, double seconds, boolean warmup,
    List<OpInterval> ops, OpInterval all, double agentCpu, double systemCpu, double progress,
    long startedInWarmup) {

  /** Transactions completed in the interval, whatever they returned. */
  public long count() {
    return all.count();
  }
}
