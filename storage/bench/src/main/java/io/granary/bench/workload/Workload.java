package io.granary.bench.workload;

import io.granary.bench.measure.LoadLoop;
import java.util.function.BooleanSupplier;

/** A benchmark workload: an optional load phase, then one operation per call on each load thread. */
public interface Workload extends AutoCloseable {
  /** Reports load-phase progress. */
  interface Progress {
    void loaded(long done, long total);
  }

  /** Rows the load phase writes; 0 when it has none. */
  default long loadTotal() {
    return 0;
  }

  /** Writes what the measured phase reads; returns early when {@code stopped} turns true. */
  default void load(int threads, Progress progress, BooleanSupplier stopped) throws Exception {}

  /** The operation thread {@code index} runs; called on that thread. */
  LoadLoop.Operation worker(int index) throws Exception;

  @Override
  default void close() throws Exception {}
}
