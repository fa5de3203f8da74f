package io.granary.bench.measure;

import org.HdrHistogram.Histogram;

/** One operation type over an interval or the whole measured run. */
public record OpInterval(String op, Histogram corrected, Histogram service, long errors, long timeouts,
    long rows, long bytes) {

  /** Successful operations (the ones with a latency). */
  public long count() {
    return corrected.getTotalCount();
  }
}
