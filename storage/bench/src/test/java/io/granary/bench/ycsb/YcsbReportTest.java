package io.granary.bench.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.bench.measure.Meter;
import io.granary.bench.measure.RunSummary;
import io.granary.bench.measure.Status;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/** Our YCSB-format report against YCSB's own measurements fed the very same calls. */
public class YcsbReportTest {

  /** One DB call: its name, status, service and response time in µs. */
  public record Call(String op, Status status, int serviceUs, int responseUs) {}

  public static List<Call> calls() {
    Random r = new Random(42);
    List<Call> out = new java.util.ArrayList<>();
    for (int i = 0; i < 5_000; i++) {
      int service = 100 + (int) Math.abs(r.nextGaussian() * 400) + (i % 997 == 0 ? 50_000 : 0);
      int queued = i % 3 == 0 ? r.nextInt(2_000) : 0;
      String op = i % 4 == 0 ? "UPDATE" : i % 4 == 1 ? YcsbReport.RMW : "READ";
      Status s = "READ".equals(op) && i % 10 == 2 ? Status.NOT_FOUND
          : "UPDATE".equals(op) && i % 400 == 0 ? Status.ERROR : Status.OK;
      out.add(new Call(op, s, service, service + queued));
    }
    return out;
  }

  /** What YCSB 0.17 itself prints for these calls (DBWrapper's naming, measurement.interval=both). */
  static Set<String> ycsbOwnLines(List<Call> calls) throws Exception {
    Properties p = new Properties();
    p.setProperty("measurementtype", "hdrhistogram");
    p.setProperty("measurement.interval", "both");
    p.setProperty("hdrhistogram.percentiles", YcsbReport.PERCENTILES);
    Measurements m = new Measurements(p);
    for (Call c : calls) {
      if (YcsbReport.RMW.equals(c.op())) {
        // CoreWorkload measures read-modify-write itself, whatever its calls returned
        m.measure(c.op(), c.serviceUs());
        m.measureIntended(c.op(), c.responseUs());
        continue;
      }
      String name = c.status() == Status.OK ? c.op() : c.op() + "-FAILED";
      m.measure(name, c.serviceUs());
      m.measureIntended(name, c.responseUs());
      m.reportStatus(c.op(), c.status() == Status.OK ? site.ycsb.Status.OK
          : c.status() == Status.NOT_FOUND ? site.ycsb.Status.NOT_FOUND : site.ycsb.Status.ERROR);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    TextMeasurementsExporter e = new TextMeasurementsExporter(out);
    m.exportMeasurements(e);
    e.close();
    return new TreeSet<>(out.toString(StandardCharsets.UTF_8).lines().toList());
  }

  public static RunSummary ours(List<Call> calls) {
    Meter meter = new Meter();
    long t = 1_000_000_000L;
    for (Call c : calls) {
      long start = t;
      long end = start + c.serviceUs() * 1_000L;
      long intended = end - c.responseUs() * 1_000L;
      meter.record(c.op(), c.status(), intended, start, end, 1, 10, true, false);
      t = end + 7_000;
    }
    Meter.Snapshot s = meter.interval(false);
    return new RunSummary(10, s.ops(), s.all(), 0, 0,
        List.of(new RunSummary.Gc("G1 Young Generation", 3, 12)), RunSummary.Cost.NONE, true);
  }

  @Test
  void everyOperationSectionIsWhatYcsbItselfPrints() throws Exception {
    List<Call> calls = calls();
    Set<String> theirs = ycsbOwnLines(calls);
    Set<String> mine = new TreeSet<>(YcsbReport.of(ours(calls)).lines()
        .filter(l -> !l.startsWith("[OVERALL]") && !l.startsWith("[TOTAL_GC")).toList());
    assertEquals(theirs, mine);
    // the sections this test is about are really there
    assertTrue(mine.contains("[READ], Return=NOT_FOUND, " + calls.stream()
        .filter(c -> c.op().equals("READ") && c.status() == Status.NOT_FOUND).count()));
    assertTrue(mine.stream().anyMatch(l -> l.startsWith("[Intended-READ-MODIFY-WRITE], 95thPercentileLatency(us), ")));
    assertTrue(mine.stream().anyMatch(l -> l.startsWith("[UPDATE-FAILED], Operations, ")));
  }

  @Test
  void overallAndGcLinesFollowYcsbsClient() {
    String report = YcsbReport.of(ours(calls()));
    List<String> lines = report.lines().toList();
    assertEquals("[OVERALL], RunTime(ms), 10000", lines.get(0));
    assertEquals("[OVERALL], Throughput(ops/sec), 500.0", lines.get(1));
    assertTrue(lines.contains("[TOTAL_GCS_G1_Young_Generation], Count, 3"));
    assertTrue(lines.contains("[TOTAL_GC_TIME_G1_Young_Generation], Time(ms), 12"));
    assertTrue(lines.contains("[TOTAL_GC_TIME_%], Time(%), 0.12"));
    // every line is "[SECTION], Measurement, value" as YCSB's TextMeasurementsExporter writes it
    for (String l : lines) {
      assertTrue(l.matches("\\[[A-Za-z0-9_%.-]+\\], [A-Za-z0-9=()_%./]+, -?[0-9.E]+"), l);
    }
  }

  @Test
  void ordinalsAreYcsbs() {
    assertEquals("50th", YcsbReport.ordinal(50));
    assertEquals("95th", YcsbReport.ordinal(95));
    assertEquals("99th", YcsbReport.ordinal(99));
    assertEquals("99.9", YcsbReport.ordinal(99.9));
    assertEquals("1st", YcsbReport.ordinal(1));
    assertEquals("12th", YcsbReport.ordinal(12));
  }
}
