package io.granary.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.granary.bench.measure.RunSummary;
import io.granary.bench.ycsb.YcsbReportTest;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The summary event's JSON and the YCSB-format report it carries say the same. */
class SummaryAgreementTest {

  @Test
  void jsonAndYcsbReportAgree() throws Exception {
    RunSummary s = YcsbReportTest.ours(YcsbReportTest.calls());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new Events(new PrintStream(out, true, StandardCharsets.UTF_8)).summary(s);
    JsonNode e = Events.JSON.readTree(out.toString(StandardCharsets.UTF_8));
    Map<String, Double> report = new HashMap<>();
    for (String line : e.path("ycsbReport").asText().lines().toList()) {
      String[] f = line.split(", ");
      report.put(f[0] + " " + f[1], Double.parseDouble(f[2]));
    }
    assertEquals(report.get("[OVERALL] Throughput(ops/sec)"), e.path("opsPerSecond").asDouble(), 1e-6);
    for (JsonNode op : e.path("ops")) {
      String name = op.path("op").asText();
      if (name.equals("READ-MODIFY-WRITE")) {
        continue; // YCSB merges its OK and failed latencies: checked against YCSB itself in YcsbReportTest
      }
      String sec = "[" + name + "] ";
      assertEquals(report.get(sec + "Operations"), op.path("ok").asDouble(), name);
      assertEquals(report.getOrDefault(sec + "Return=OK", 0.0), op.path("ok").asDouble(), name);
      assertEquals(report.getOrDefault(sec + "Return=NOT_FOUND", 0.0), op.path("notFound").asDouble(), name);
      assertEquals(report.getOrDefault(sec + "Return=ERROR", 0.0),
          op.path("errors").asDouble() + op.path("timeouts").asDouble(), name);
      for (String[] k : new String[][] {{"service", ""}, {"corrected", "Intended-"}}) {
        JsonNode l = op.path(k[0]);
        String p = "[" + k[1] + name + "] ";
        assertEquals(report.get(p + "MinLatency(us)"), l.path("min").asDouble() * 1000, 1e-6, p);
        assertEquals(report.get(p + "50thPercentileLatency(us)"), l.path("p50").asDouble() * 1000, 1e-6, p);
        assertEquals(report.get(p + "95thPercentileLatency(us)"), l.path("p95").asDouble() * 1000, 1e-6, p);
        assertEquals(report.get(p + "99thPercentileLatency(us)"), l.path("p99").asDouble() * 1000, 1e-6, p);
        assertEquals(report.get(p + "99.9PercentileLatency(us)"), l.path("p999").asDouble() * 1000, 1e-6, p);
        assertEquals(report.get(p + "MaxLatency(us)"), l.path("max").asDouble() * 1000, 1e-6, p);
        assertEquals(report.get(p + "AverageLatency(us)"), l.path("mean").asDouble() * 1000, 0.5, p);
      }
    }
    JsonNode read = find(e, "READ");
    assertTrue(read.path("notFound").asLong() > 0);
    // NOT_FOUND is a normal outcome: counted, with its own latency, and not an error
    assertEquals(0, read.path("errors").asLong());
    assertEquals(read.path("count").asLong(), read.path("ok").asLong() + read.path("notFound").asLong());
    assertTrue(read.path("failed").path("service").path("p95").asDouble() > 0);
    assertTrue(read.path("service").path("p95").asDouble() > read.path("service").path("p50").asDouble());
    assertTrue(find(e, "UPDATE").path("errors").asLong() > 0);
    assertEquals(e.path("all").path("count").asLong(), e.path("opsPerSecond").asDouble() * 10, 1e-6);
  }

  private static JsonNode find(JsonNode e, String op) {
    for (JsonNode o : e.path("ops")) {
      if (o.path("op").asText().equals(op)) {
        return o;
      }
    }
    throw new AssertionError("no " + op);
  }
}
