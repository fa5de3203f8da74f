package io.granary.bench.measure;

import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.WriterReaderPhaser;

/**
 * One operation type's figures. Latencies are microseconds; "corrected" runs from the intended
 * start (the schedule of an open-loop run), "service" from the moment the call was made.
 *
 * <p>Everything one operation records (both latencies, rows, bytes, or its failure) lands in the
 * same interval: writers record into the active bucket inside a phaser critical section, and an
 * interval snapshot swaps buckets and flips the phase, as HdrHistogram's Recorder does for one
 * histogram. Without that, an operation could count in a warm-up interval and its rows in the next.
 */
final class OpStats {
  /** Up to one hour, three significant digits. */
  static final long HIGHEST_MICROS = 3_600_000_000L;

  private static final class Bucket {
    final Histogram corrected = new ConcurrentHistogram(1, HIGHEST_MICROS, 3);
    final Histogram service = new ConcurrentHistogram(1, HIGHEST_MICROS, 3);
    final AtomicLong errors = new AtomicLong();
    final AtomicLong timeouts = new AtomicLong();
    final AtomicLong rows = new AtomicLong();
    final AtomicLong bytes = new AtomicLong();

    void reset() {
      corrected.reset();
      service.reset();
      errors.set(0);
      timeouts.set(0);
      rows.set(0);
      bytes.set(0);
    }
  }

  final String op;
  private final WriterReaderPhaser phaser = new WriterReaderPhaser();
  private volatile Bucket active = new Bucket();
  private Bucket inactive = new Bucket();
  private final Histogram totalCorrected = new Histogram(1, HIGHEST_MICROS, 3);
  private final Histogram totalService = new Histogram(1, HIGHEST_MICROS, 3);
  private long totalErrors;
  private long totalTimeouts;
  private long totalRows;
  private long totalBytes;

  OpStats(String op) {
    this.op = op;
  }

  void ok(long intendedNs, long startNs, long endNs, long rowCount, long byteCount) {
    long phase = phaser.writerCriticalSectionEnter();
    try {
      Bucket b = active;
      b.corrected.recordValue(micros(endNs - intendedNs));
      b.service.recordValue(micros(endNs - startNs));
      b.rows.addAndGet(rowCount);
      b.bytes.addAndGet(byteCount);
    } finally {
      phaser.writerCriticalSectionExit(phase);
    }
  }

  void failed(boolean timeout) {
    long phase = phaser.writerCriticalSectionEnter();
    try {
      (timeout ? active.timeouts : active.errors).incrementAndGet();
    } finally {
      phaser.writerCriticalSectionExit(phase);
    }
  }

  private static long micros(long nanos) {
    return Math.min(HIGHEST_MICROS, Math.max(1, (nanos + 500) / 1000));
  }

  /** This interval's figures since the last call; adds them to the totals unless it is warm-up. */
  synchronized OpInterval interval(boolean warmup) {
    Bucket done;
    phaser.readerLock();
    try {
      inactive.reset();
      done = active;
      active = inactive;
      phaser.flipPhase();
      inactive = done;
    } finally {
      phaser.readerUnlock();
    }
    OpInterval i = new OpInterval(op, done.corrected.copy(), done.service.copy(), done.errors.get(),
        done.timeouts.get(), done.rows.get(), done.bytes.get());
    if (!warmup) {
      totalCorrected.add(i.corrected());
      totalService.add(i.service());
      totalErrors += i.errors();
      totalTimeouts += i.timeouts();
      totalRows += i.rows();
      totalBytes += i.bytes();
    }
    return i;
  }

  synchronized OpInterval total() {
    return new OpInterval(op, totalCorrected.copy(), totalService.copy(), totalErrors, totalTimeouts,
        totalRows, totalBytes);
  }
}
