package io.granary.bench.measure;

import org.HdrHistogram.Histogram;

/**
 * One operation type over an interval or the whole measured run. {@code corrected}/{@code service}
 * hold the operations that returned OK; {@code failedCorrected}/{@code failedService} the ones that
 * completed with another status (NOT_FOUND, ERROR, TIMEOUT). Timeouts are not counted in
 * {@code errors}.
 */
public record OpInterval(String op, Histogram corrected, Histogram service, Histogram failedCorrected,
    Histogram failedService, long ok, long notFound, long errors, long timeouts, long rows, long bytes) {

  /** Every completed operation, whatever it returned (YCSB's throughput counts these). */
  public long count() {
    return ok + notFound + errors + timeouts;
  }

  /** YCSB's Return=ERROR: errors and timeouts together. */
  public long ycsbErrors() {
    return errors + timeouts;
  }
}
