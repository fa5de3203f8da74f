package io.granary.benchmarks;

import io.granary.api.BenchmarkExportsApi;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import java.util.List;
import java.util.Locale;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Downloads of a run: JSON (detail + intervals) or CSV (one row per interval and operation type). */
@RestController
public class BenchmarkExportController implements BenchmarkExportsApi {
  private final BenchmarksService service;
  private final BenchmarksController api;
  private final JsonMapper json;

  public BenchmarkExportController(BenchmarksService service, BenchmarksController api, JsonMapper json) {
    this.service = service;
    this.api = api;
    this.json = json;
  }

  @Override
  public ResponseEntity<String> exportBenchmarkRun(Long clusterId, Long runId, String format) {
    Run run = service.get(clusterId, runId);
    List<Interval> intervals = service.intervals(clusterId, runId, -1);
    String base = "granary-benchmark-" + runId;
    return switch (format) {
      case "json" -> {
        ObjectNode doc = (ObjectNode) json.valueToTree(api.detail(run));
        var arr = doc.putArray("intervals");
        for (Interval i : intervals) {
          ObjectNode n = (ObjectNode) json.valueToTree(i);
          n.set("perOp", json.readTree(i.perOp()));
          arr.add(n);
        }
        yield file(base + ".json", MediaType.APPLICATION_JSON, doc.toPrettyString());
      }
      case "csv" -> file(base + ".csv", new MediaType("text", "csv"), csv(run, intervals));
      case "ycsb" -> file(base + "-ycsb.txt", MediaType.TEXT_PLAIN, ycsbReport(run));
      default -> throw ProblemException.of(ProblemType.INVALID_PARAMETER, "format must be json, csv or ycsb, got '"
          + format + "'");
    };
  }

  /** The YCSB-format report the agent wrote with the run's summary. */
  private String ycsbReport(Run run) {
    JsonNode report = run.summary() == null ? null : json.readTree(run.summary()).get("ycsbReport");
    if (report == null || !report.isString()) {
      throw ProblemException.of(ProblemType.BENCHMARK_REPORT_MISSING, "run #" + run.id() + " has no YCSB-format report"
          + (run.state().isFinal() ? " (it has no summary, or was measured before reports were written)"
              : " yet: it is " + run.state().name().toLowerCase(Locale.ROOT)));
    }
    return report.asString();
  }

  private ResponseEntity<String> file(String name, MediaType type, String body) {
    return ResponseEntity.ok().contentType(type)
        .header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"" + name + "\"").body(body);
  }

  String csv(Run run, List<Interval> intervals) {
    StringBuilder b = new StringBuilder(
        "run_id,label,workload,interval,start_s,seconds,warmup,op,count,ops_per_s,errors,p99_corrected_ms,"
            + "p99_service_ms,agent_cpu_pct,system_cpu_pct\n");
    for (Interval i : intervals) {
      row(b, run, i, "ALL", i.count(), i.errors() + i.timeouts(), i.p99CorrectedMs(), i.p99ServiceMs());
      for (JsonNode o : json.readTree(i.perOp())) {
        row(b, run, i, o.path("op").asString(), o.path("count").asLong(), o.path("errors").asLong(),
            o.path("p99CorrectedMs").asDouble(), o.path("p99ServiceMs").asDouble());
      }
    }
    return b.toString();
  }

  private static void row(StringBuilder b, Run run, Interval i, String op, long count, long errors, double p99c,
      double p99s) {
    b.append(String.format(Locale.ROOT, "%d,%s,%s,%d,%.3f,%.3f,%s,%s,%d,%.2f,%d,%.3f,%.3f,%.1f,%.1f%n", run.id(),
        quote(run.label()), quote(run.workload()), i.index(), i.startSeconds(), i.seconds(), i.warmup(), quote(op),
        count, i.seconds() > 0 ? count / i.seconds() : 0, errors, p99c, p99s, i.agentCpu(), i.systemCpu()));
  }

  private static String quote(String s) {
    return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
  }
}
