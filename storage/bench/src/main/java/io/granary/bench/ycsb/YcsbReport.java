package io.granary.bench.ycsb;

import io.granary.bench.measure.OpInterval;
import io.granary.bench.measure.RunSummary;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.HdrHistogram.Histogram;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/**
 * A run's summary as YCSB's own text report prints it ({@code bin/ycsb run … -p measurementtype=hdrhistogram
 * -p measurement.interval=both -p hdrhistogram.percentiles=50,95,99,99.9}), written through YCSB's own
 * {@link TextMeasurementsExporter}: [OVERALL], the TOTAL_GC lines, then per operation its OK latencies with
 * its Return= counts, "-FAILED" for the ones that returned another status, and the same again from the
 * intended start as "Intended-…". Latencies in microseconds, as YCSB reports them.
 */
public final class YcsbReport {
  /** The percentiles the report prints; the equivalent command passes the same list to YCSB. */
  public static final String PERCENTILES = "50,95,99,99.9";
  private static final double[] PERCENTILE_VALUES = {50, 95, 99, 99.9};
  /** YCSB measures read-modify-write itself, whatever its parts returned, and reports no Return= lines for it. */
  static final String RMW = "READ-MODIFY-WRITE";

  private YcsbReport() {}

  public static String of(RunSummary s) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    TextMeasurementsExporter e = new TextMeasurementsExporter(bytes);
    try {
      long runtime = Math.round(s.measuredSeconds() * 1000);
      e.write("OVERALL", "RunTime(ms)", runtime);
      e.write("OVERALL", "Throughput(ops/sec)", runtime > 0 ? 1000.0 * s.count() / runtime : 0.0);
      long gcCount = 0;
      long gcTime = 0;
      for (RunSummary.Gc g : s.gc()) {
        String name = g.name().replace(" ", "_");
        e.write("TOTAL_GCS_" + name, "Count", g.count());
        e.write("TOTAL_GC_TIME_" + name, "Time(ms)", g.timeMs());
        e.write("TOTAL_GC_TIME_%_" + name, "Time(%)", percentOf(g.timeMs(), runtime));
        gcCount += g.count();
        gcTime += g.timeMs();
      }
      e.write("TOTAL_GCs", "Count", gcCount);
      e.write("TOTAL_GC_TIME", "Time(ms)", gcTime);
      e.write("TOTAL_GC_TIME_%", "Time(%)", percentOf(gcTime, runtime));
      sections(e, s.ops(), "", false);
      sections(e, s.ops(), "Intended-", true);
      e.close();
    } catch (IOException ex) {
      throw new UncheckedIOException(ex);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static double percentOf(long part, long whole) {
    return ((double) part / whole) * (double) 100;
  }

  private static void sections(MeasurementsExporter e, List<OpInterval> ops, String prefix, boolean intended)
      throws IOException {
    for (OpInterval o : ops) {
      Histogram ok = intended ? o.corrected() : o.service();
      Histogram failed = intended ? o.failedCorrected() : o.failedService();
      if (RMW.equals(o.op())) {
        Histogram both = ok.copy();
        both.add(failed);
        latencies(e, prefix + o.op(), both);
        continue;
      }
      if (ok.getTotalCount() > 0 || !intended && o.count() > 0) {
        latencies(e, prefix + o.op(), ok);
      }
      if (!intended) {
        returns(e, o);
      }
      if (failed.getTotalCount() > 0) {
        latencies(e, prefix + o.op() + "-FAILED", failed);
      }
    }
  }

  private static void latencies(MeasurementsExporter e, String name, Histogram h) throws IOException {
    e.write(name, "Operations", h.getTotalCount());
    e.write(name, "AverageLatency(us)", h.getMean());
    e.write(name, "MinLatency(us)", h.getMinValue());
    e.write(name, "MaxLatency(us)", h.getMaxValue());
    for (double p : PERCENTILE_VALUES) {
      e.write(name, ordinal(p) + "PercentileLatency(us)", h.getValueAtPercentile(p));
    }
  }

  private static void returns(MeasurementsExporter e, OpInterval o) throws IOException {
    if (o.ok() > 0) {
      e.write(o.op(), "Return=OK", o.ok());
    }
    if (o.notFound() > 0) {
      e.write(o.op(), "Return=NOT_FOUND", o.notFound());
    }
    if (o.ycsbErrors() > 0) {
      e.write(o.op(), "Return=ERROR", o.ycsbErrors());
    }
  }

  /** YCSB's label of a percentile: 50th, 95th, 99th, 99.9 (fractions print as numbers). */
  static String ordinal(double p) {
    if (p % 1 != 0) {
      return Double.toString(p);
    }
    int j = (int) p;
    String[] suffixes = {"th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th"};
    return switch (j % 100) {
      case 11, 12, 13 -> j + "th";
      default -> j + suffixes[j % 10];
    };
  }
}
