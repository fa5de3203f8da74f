package io.granary.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.granary.bench.measure.IntervalReport;
import io.granary.bench.measure.Latency;
import io.granary.bench.measure.OpInterval;
import io.granary.bench.measure.RunSummary;
import io.granary.bench.ycsb.YcsbReport;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/** The agent's stdout: one JSON object per line, flushed at once so the control plane sees it live. */
final class Events {
  static final ObjectMapper JSON = new ObjectMapper();
  private final PrintStream out;

  Events(PrintStream out) {
    this.out = out;
  }

  synchronized void emit(ObjectNode event) {
    out.println(event.toString());
    out.flush();
  }

  ObjectNode event(String type) {
    return JSON.createObjectNode().put("event", type);
  }

  void agent(Map<String, Object> provenance) {
    ObjectNode e = event("agent");
    e.setAll((ObjectNode) JSON.valueToTree(provenance));
    emit(e);
  }

  void phase(String phase, long total) {
    emit(event("phase").put("phase", phase).put("total", total));
  }

  void load(long done, long total, double seconds) {
    emit(event("load").put("done", done).put("total", total).put("seconds", round(seconds)));
  }

  void failed(String message) {
    emit(event("failed").put("message", message));
  }

  void interval(IntervalReport r) {
    ObjectNode e = event("interval").put("index", r.index()).put("start", round(r.startSeconds()))
        .put("seconds", round(r.seconds())).put("warmup", r.warmup()).put("agentCpu", r.agentCpu())
        .put("systemCpu", r.systemCpu()).put("progress", r.progress())
        .put("startedInWarmup", r.startedInWarmup());
    ops(e.putArray("ops"), r.ops());
    e.set("all", op(r.all()));
    emit(e);
  }

  void summary(RunSummary s) {
    ObjectNode e = event("summary").put("complete", s.complete()).put("measuredSeconds", round(s.measuredSeconds()))
        .put("opsPerSecond", round(s.opsPerSecond())).put("okPerSecond", round(s.okPerSecond()))
        .put("agentCpuMean", s.agentCpuMean()).put("agentCpuMax", s.agentCpuMax());
    ops(e.putArray("ops"), s.ops());
    e.set("all", op(s.all()));
    e.set("gc", JSON.valueToTree(s.gc()));
    e.set("agentCost", JSON.valueToTree(s.cost()));
    e.put("ycsbReport", YcsbReport.of(s));
    emit(e);
  }

  private static void ops(ArrayNode array, List<OpInterval> ops) {
    for (OpInterval o : ops) {
      array.add(op(o));
    }
  }

  /**
   * One operation type: {@code count} is every completed operation; {@code ok}, {@code notFound},
   * {@code errors} and {@code timeouts} split it; the latencies are of the OK ones, {@code failed} those of the rest.
   */
  static ObjectNode op(OpInterval o) {
    ObjectNode n = JSON.createObjectNode().put("op", o.op()).put("count", o.count()).put("ok", o.ok())
        .put("notFound", o.notFound()).put("errors", o.errors()).put("timeouts", o.timeouts()).put("rows", o.rows())
        .put("bytes", o.bytes());
    n.set("corrected", JSON.valueToTree(Latency.of(o.corrected())));
    n.set("service", JSON.valueToTree(Latency.of(o.service())));
    if (o.failedService().getTotalCount() > 0) {
      ObjectNode f = n.putObject("failed");
      f.set("corrected", JSON.valueToTree(Latency.of(o.failedCorrected())));
      f.set("service", JSON.valueToTree(Latency.of(o.failedService())));
    }
    return n;
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
