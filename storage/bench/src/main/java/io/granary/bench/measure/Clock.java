package io.granary.bench.measure;

import java.util.concurrent.locks.LockSupport;

/** Time for the load loop; a virtual clock in tests makes stalls deterministic. */
public interface Clock {
  long nanoTime();

  /** Returns at or after {@code deadline}; returns at once if it has passed. */
  void sleepUntil(long deadline);

  Clock SYSTEM = new Clock() {
    @Override
    public long nanoTime() {
      return System.nanoTime();
    }

    @Override
    public void sleepUntil(long deadline) {
      long left;
      while ((left = deadline - System.nanoTime()) > 0) {
        LockSupport.parkNanos(left);
      }
    }
  };
}
