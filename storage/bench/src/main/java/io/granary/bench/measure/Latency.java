package io.granary.bench.measure;

import org.HdrHistogram.Histogram;

/** Figures of a latency histogram (microseconds) in milliseconds; all zero when it is empty. */
public record Latency(double min, double mean, double p50, double p90, double p95, double p99, double p999,
    double max) {

  public static Latency of(Histogram h) {
    if (h.getTotalCount() == 0) {
      return new Latency(0, 0, 0, 0, 0, 0, 0, 0);
    }
    return new Latency(ms(h.getMinValue()), Math.round(h.getMean()) / 1000.0, ms(h.getValueAtPercentile(50)),
        ms(h.getValueAtPercentile(90)), ms(h.getValueAtPercentile(95)), ms(h.getValueAtPercentile(99)),
        ms(h.getValueAtPercentile(99.9)), ms(h.getMaxValue()));
  }

  private static double ms(long micros) {
    return micros / 1000.0;
  }
}
