package io.granary.bench.measure;

/**
 * The intended start times of one thread's operations at a fixed rate. Falling behind does not
 * move the schedule: the delay shows up in the corrected latency instead of disappearing
 * (coordinated omission).
 */
public final class Pacer {
  private final long start;
  private final double periodNs;
  private long issued;

  /** {@code offsetNs} staggers threads so a run's threads do not fire together. */
  public Pacer(long startNs, double opsPerSecond, long offsetNs) {
    if (!(opsPerSecond > 0)) {
      throw new IllegalArgumentException("rate must be positive");
    }
    this.start = startNs + offsetNs;
    this.periodNs = 1e9 / opsPerSecond;
  }

  public long next() {
    return start + (long) (issued++ * periodNs);
  }
}
