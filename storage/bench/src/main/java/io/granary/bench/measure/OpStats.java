package io.granary.bench.measure;

import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * One operation type's recorders. Latencies are microseconds; "corrected" runs from the intended
 * start (the schedule of an open-loop run), "service" from the moment the call was made.
 */
final class OpStats {
  /** Up to one hour, three significant digits. */
  static final long HIGHEST_MICROS = 3_600_000_000L;

  final String op;
  private final Recorder corrected = new Recorder(HIGHEST_MICROS, 3);
  private final Recorder service = new Recorder(HIGHEST_MICROS, 3);
  private final AtomicLong errors = new AtomicLong();
  private final AtomicLong timeouts = new AtomicLong();
  private final AtomicLong rows = new AtomicLong();
  private final AtomicLong bytes = new AtomicLong();
  private final Histogram totalCorrected = new Histogram(HIGHEST_MICROS, 3);
  private final Histogram totalService = new Histogram(HIGHEST_MICROS, 3);
  private long totalErrors;
  private long totalTimeouts;
  private long totalRows;
  private long totalBytes;

  OpStats(String op) {
    this.op = op;
  }

  void ok(long intendedNs, long startNs, long endNs, long rowCount, long byteCount) {
    corrected.recordValue(micros(endNs - intendedNs));
    service.recordValue(micros(endNs - startNs));
    rows.addAndGet(rowCount);
    bytes.addAndGet(byteCount);
  }

  void failed(boolean timeout) {
    (timeout ? timeouts : errors).incrementAndGet();
  }

  private static long micros(long nanos) {
    return Math.min(HIGHEST_MICROS, Math.max(1, (nanos + 500) / 1000));
  }

  /** This interval's figures since the last call; adds them to the totals unless it is warm-up. */
  synchronized OpInterval interval(boolean warmup) {
    Histogram c = corrected.getIntervalHistogram();
    Histogram s = service.getIntervalHistogram();
    OpInterval i = new OpInterval(op, c, s, errors.getAndSet(0), timeouts.getAndSet(0),
        rows.getAndSet(0), bytes.getAndSet(0));
    if (!warmup) {
      totalCorrected.add(c);
      totalService.add(s);
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
