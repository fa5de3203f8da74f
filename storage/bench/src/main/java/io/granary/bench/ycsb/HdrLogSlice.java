package io.granary.bench.ycsb;

import java.io.FileNotFoundException;
import java.io.PrintStream;
import java.util.Locale;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * The official YCSB client's per-interval latency log ({@code -p hdrhistogram.fileoutput=true}, one
 * {@code <OP>.hdr} file per operation, one interval per {@code status.interval}) summed from a start
 * second on: what its report would have said without its first seconds, the warm-up our agent leaves
 * out. One JSON line: count, measured seconds, ops/s and the percentiles in ms.
 *
 * <pre>java -cp 'lib/*' io.granary.bench.ycsb.HdrLogSlice FILE FROM_SECONDS [TO_SECONDS]</pre>
 */
public final class HdrLogSlice {
  private HdrLogSlice() {}

  public static void main(String[] args) throws FileNotFoundException {
    if (args.length < 2 || args.length > 3) {
      System.err.println("usage: HdrLogSlice FILE FROM_SECONDS [TO_SECONDS]");
      System.exit(2);
    }
    double from = Double.parseDouble(args[1]);
    double to = args.length == 3 ? Double.parseDouble(args[2]) : Double.MAX_VALUE;
    System.out.println(slice(args[0], from, to));
  }

  /** Intervals that start at or after {@code from} and end by {@code to} (seconds since the log's start). */
  static String slice(String file, double from, double to) throws FileNotFoundException {
    HistogramLogReader reader = new HistogramLogReader(file);
    Histogram sum = new Histogram(3);
    double first = Double.NaN;
    double last = Double.NaN;
    EncodableHistogram h;
    while ((h = reader.nextIntervalHistogram(from, to)) != null) {
      Histogram interval = (Histogram) h;
      sum.add(interval);
      double start = (interval.getStartTimeStamp() - reader.getStartTimeSec() * 1000) / 1000.0;
      double end = (interval.getEndTimeStamp() - reader.getStartTimeSec() * 1000) / 1000.0;
      first = Double.isNaN(first) ? start : Math.min(first, start);
      last = Double.isNaN(last) ? end : Math.max(last, end);
    }
    double seconds = Double.isNaN(first) ? 0 : last - first;
    long count = sum.getTotalCount();
    return String.format(Locale.ROOT, "{\"count\":%d,\"seconds\":%.3f,\"opsPerSec\":%.1f,\"p50\":%.3f,\"p95\":%.3f,"
        + "\"p99\":%.3f,\"p999\":%.3f,\"max\":%.3f}", count, seconds, seconds > 0 ? count / seconds : 0,
        ms(sum, 50), ms(sum, 95), ms(sum, 99), ms(sum, 99.9), sum.getMaxValue() / 1000.0);
  }

  private static double ms(Histogram h, double p) {
    return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(p) / 1000.0;
  }
}
