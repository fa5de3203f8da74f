package io.granary.bench.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HdrLogSliceTest {
  @TempDir
  Path dir;

  /** A log as YCSB's OneMeasurementHdrHistogram writes it: start and base time, then one interval a second. */
  @Test
  void theFirstSecondsAreLeftOut() throws Exception {
    Path file = dir.resolve("READ.hdr");
    long base = 1_700_000_000_000L;
    try (PrintStream out = new PrintStream(Files.newOutputStream(file))) {
      HistogramLogWriter w = new HistogramLogWriter(out);
      w.outputComment("[Logging for: READ]");
      w.outputLogFormatVersion();
      w.outputStartTime(base);
      w.setBaseTime(base);
      w.outputLegend();
      for (int s = 0; s < 4; s++) {
        Histogram h = new Histogram(3);
        // second 0 is slow (a cold client), the rest 1 ms
        for (int i = 0; i < 1000; i++) {
          h.recordValue(s == 0 ? 50_000 : 1_000);
        }
        h.setStartTimeStamp(base + s * 1000L);
        h.setEndTimeStamp(base + (s + 1) * 1000L);
        w.outputIntervalHistogram(h);
      }
    }
    String all = HdrLogSlice.slice(file.toString(), 0, Double.MAX_VALUE);
    String warm = HdrLogSlice.slice(file.toString(), 1, Double.MAX_VALUE);
    assertEquals("{\"count\":4000,\"seconds\":4.000,\"opsPerSec\":1000.0,\"p50\":1.000,\"p95\":50.015,\"p99\":50.015,"
        + "\"p999\":50.015,\"max\":50.015}", all);
    assertEquals("{\"count\":3000,\"seconds\":3.000,\"opsPerSec\":1000.0,\"p50\":1.000,\"p95\":1.000,\"p99\":1.000,"
        + "\"p999\":1.000,\"max\":1.000}", warm);
  }
}
