package io.granary.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.granary.bench.measure.IntervalReport;
import io.granary.bench.measure.Latency;
import io.granary.bench.measure.OpInterval;
import io.granary.bench.measure.RunSummary;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

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
        .put("systemCpu", r.systemCpu()).put("progress", r.progress());
    ops(e.putArray("ops"), r.ops());
    all(e, r.ops());
    emit(e);
  }

  void summary(RunSummary s) {
    ObjectNode e = event("summary").put("complete", s.complete()).put("measuredSeconds", round(s.measuredSeconds()))
        .put("agentCpuMean", s.agentCpuMean()).put("agentCpuMax", s.agentCpuMax());
    ops(e.putArray("ops"), s.ops());
    all(e, s.ops());
    emit(e);
  }

  /** All operation types together ("all"), so a run has one overall latency too. */
  private static void all(ObjectNode e, List<OpInterval> ops) {
    Histogram c = new Histogram(3);
    Histogram sv = new Histogram(3);
    long errors = 0, timeouts = 0, rows = 0, bytes = 0;
    for (OpInterval o : ops) {
      c.add(o.corrected());
      sv.add(o.service());
      errors += o.errors();
      timeouts += o.timeouts();
      rows += o.rows();
      bytes += o.bytes();
    }
    ArrayNode one = JSON.createArrayNode();
    ops(one, List.of(new OpInterval("ALL", c, sv, errors, timeouts, rows, bytes)));
    e.set("all", one.get(0));
  }

  private static void ops(ArrayNode array, List<OpInterval> ops) {
    for (OpInterval o : ops) {
      ObjectNode n = array.addObject().put("op", o.op()).put("count", o.count()).put("errors", o.errors())
          .put("timeouts", o.timeouts()).put("rows", o.rows()).put("bytes", o.bytes());
      n.set("corrected", JSON.valueToTree(Latency.of(o.corrected())));
      n.set("service", JSON.valueToTree(Latency.of(o.service())));
    }
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
