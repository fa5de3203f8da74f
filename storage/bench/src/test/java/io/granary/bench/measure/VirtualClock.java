package io.granary.bench.measure;

/** A clock that only moves when told to: sleeping jumps to the deadline, operations advance it. */
final class VirtualClock implements Clock {
  long now;

  @Override
  public long nanoTime() {
    return now;
  }

  @Override
  public void sleepUntil(long deadline) {
    now = Math.max(now, deadline);
  }

  void advance(long nanos) {
    now += nanos;
  }
}
