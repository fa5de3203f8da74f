package io.granary.bench.measure;

import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * One operation type's figures in one interval (a {@link Bucket}); the {@link Meter} double-buffers
 * them. Latencies are microseconds:
 * "corrected" from the intended start (the schedule of an open-loop run), "service" from the call.
 * Completed operations that did not return OK keep their latency apart, as YCSB's "-FAILED"
 * measurements do, so the OK figures match YCSB's and nothing is thrown away.
 */
final class OpStats {
  private OpStats() {}

  /** Up to one hour, three significant digits. */
  static final long HIGHEST_MICROS = 3_600_000_000L;

  static final class Bucket {
    final Histogram corrected = new ConcurrentHistogram(1, HIGHEST_MICROS, 3);
    final Histogram service = new ConcurrentHistogram(1, HIGHEST_MICROS, 3);
    final Histogram failedCorrected = new ConcurrentHistogram(1, HIGHEST_MICROS, 3);
    final Histogram failedService = new ConcurrentHistogram(1, HIGHEST_MICROS, 3);
    final AtomicLong notFound = new AtomicLong();
    final AtomicLong errors = new AtomicLong();
    final AtomicLong timeouts = new AtomicLong();
    final AtomicLong rows = new AtomicLong();
    final AtomicLong bytes = new AtomicLong();

    void reset() {
      corrected.reset();
      service.reset();
      failedCorrected.reset();
      failedService.reset();
      notFound.set(0);
      errors.set(0);
      timeouts.set(0);
      rows.set(0);
      bytes.set(0);
    }

    /** Every completed operation, whatever it returned. */
    long count() {
      return corrected.getTotalCount() + notFound.get() + errors.get() + timeouts.get();
    }

    OpInterval snapshot(String op) {
      return new OpInterval(op, corrected.copy(), service.copy(), failedCorrected.copy(), failedService.copy(),
          corrected.getTotalCount(), notFound.get(), errors.get(), timeouts.get(), rows.get(), bytes.get());
    }
  }

  /** Called inside the meter's writer critical section. */
  static void record(Bucket b, Status status, long intendedNs, long startNs, long endNs, long rowCount,
      long byteCount) {
    long corrected = micros(endNs - intendedNs);
    long service = micros(endNs - startNs);
    switch (status) {
      case OK -> {
        b.corrected.recordValue(corrected);
        b.service.recordValue(service);
      }
      case NOT_FOUND -> {
        b.notFound.incrementAndGet();
        failed(b, corrected, service);
      }
      case ERROR -> {
        b.errors.incrementAndGet();
        failed(b, corrected, service);
      }
      case TIMEOUT -> {
        b.timeouts.incrementAndGet();
        failed(b, corrected, service);
      }
    }
    b.rows.addAndGet(rowCount);
    b.bytes.addAndGet(byteCount);
  }

  private static void failed(Bucket b, long corrected, long service) {
    b.failedCorrected.recordValue(corrected);
    b.failedService.recordValue(service);
  }

  /** Whole microseconds, truncated as YCSB's DBWrapper does. */
  static long micros(long nanos) {
    return Math.min(HIGHEST_MICROS, Math.max(0, nanos / 1000));
  }

  /** Adds a bucket no writer uses any more to another (the meter's reader thread only). */
  static void add(Bucket total, Bucket b) {
    total.corrected.add(b.corrected);
    total.service.add(b.service);
    total.failedCorrected.add(b.failedCorrected);
    total.failedService.add(b.failedService);
    total.notFound.addAndGet(b.notFound.get());
    total.errors.addAndGet(b.errors.get());
    total.timeouts.addAndGet(b.timeouts.get());
    total.rows.addAndGet(b.rows.get());
    total.bytes.addAndGet(b.bytes.get());
  }

  /** Adds a finished interval to run totals (the meter's reader thread only). */
  static void add(Bucket total, OpInterval i) {
    total.corrected.add(i.corrected());
    total.service.add(i.service());
    total.failedCorrected.add(i.failedCorrected());
    total.failedService.add(i.failedService());
    total.notFound.addAndGet(i.notFound());
    total.errors.addAndGet(i.errors());
    total.timeouts.addAndGet(i.timeouts());
    total.rows.addAndGet(i.rows());
    total.bytes.addAndGet(i.bytes());
  }
}
