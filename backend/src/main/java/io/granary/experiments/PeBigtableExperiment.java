package io.granary.experiments;

import io.granary.engine.client.BenchmarkSpec;
import io.granary.shared.problem.FieldError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Seed 001 / the Bigtable paper's figure 6: the bench agent's PE-style workloads run as one preset,
 * each on a fresh table, with 1000-byte values; their ops/s per RegionServer beside the paper's per
 * tablet server numbers (one tablet server).
 */
final class PeBigtableExperiment extends ExperimentType {
  static final String KEY = "pe-bigtable";
  /** The bench agent, not a granary-node tool: the runner writes its config and starts it. */
  static final String AGENT = "granary-bench";
  static final List<String> WORKLOADS = List.of("randomRead", "randomWrite", "sequentialRead", "sequentialWrite",
      "scan");
  /** Bigtable (OSDI 2006), figure 6: 1000-byte values read or written per second per tablet server, 1 server. */
  static final Map<String, Double> PAPER = Map.of("randomRead", 1212.0, "randomWrite", 8850.0, "sequentialRead",
      4425.0, "sequentialWrite", 8547.0, "scan", 15385.0);
  static final int VALUE_SIZE = 1000;

  private final List<Params> params = List.of(
      Params.choices("workloads", "Workloads", WORKLOADS, "PerformanceEvaluation's, as the bench agent runs them"),
      Params.integer("threads", "Threads", 1, 256, null, "concurrent clients"),
      Params.integer("rows", "Rows", 100, 100_000_000, null, "the key space; reads and scans load it first"),
      Params.integer("durationSeconds", "Duration", 1, 3600, "s", "measured seconds per workload"),
      Params.integer("warmupSeconds", "Warm-up", 0, 600, "s", "seconds run before measuring"));

  PeBigtableExperiment() {
    super(new Meta(KEY, "PE workloads vs the Bigtable paper",
        "Runs the bench agent's PerformanceEvaluation-style workloads (random and sequential reads and writes, scans)"
            + " with 1000-byte values, each on a fresh table of its own, and sets each workload's ops/s per"
            + " RegionServer beside the Bigtable paper's per tablet server figure.",
        "seed 001", "HBase 0.20 evaluation against the Bigtable paper, figure 6",
        "Bigtable (OSDI 2006) figure 6: 1786 machines, 2 × dual-core Opteron 2 GHz, 2 × 400 GB IDE disks per machine,"
            + " GFS; 1000-byte values, 1 tablet server column. Seed 001: HBase 0.20 RC1 on 5 slaves of 4 cores",
        List.of("Bigtable, 1 tablet server: random reads 1212/s, random writes 8850/s, sequential reads 4425/s,"
                + " sequential writes 8547/s, scans 15385/s",
            "HBase 0.20: write and random read still below the paper; sequential read and scan above it"),
        "granary-bench --config run.json   # the same as: hbase pe --nomapred --rows=200000 --valueSize=1000"
            + " randomRead 8"));
  }

  @Override
  List<Params> params() {
    return params;
  }

  @Override
  Map<String, Object> defaults(int cores) {
    return Map.of("workloads", WORKLOADS, "threads", 8, "rows", 200_000, "durationSeconds", 60, "warmupSeconds", 10);
  }

  @Override
  Map<String, Object> reduced() {
    return Map.of("workloads", List.of("randomWrite", "randomRead"), "threads", 2, "rows", 5000, "durationSeconds",
        5, "warmupSeconds", 1);
  }

  @Override
  boolean touchesCluster() {
    return true;
  }

  @Override
  boolean hbaseTool() {
    return true;
  }

  @Override
  List<Variant> plan(JsonNode given, Facts facts, List<FieldError> errors) {
    Map<String, Object> d = defaults(facts.cores());
    List<String> workloads = param("workloads").choicesOf(given, d, errors);
    Long threads = param("threads").integerOf(given, d, errors);
    Long rows = param("rows").integerOf(given, d, errors);
    Long duration = param("durationSeconds").integerOf(given, d, errors);
    Long warmup = param("warmupSeconds").integerOf(given, d, errors);
    if (!errors.isEmpty()) {
      return List.of();
    }
    List<Variant> out = new ArrayList<>();
    for (String w : workloads) {
      Map<String, Object> v = new LinkedHashMap<>();
      v.put("workload", w);
      v.put("threads", threads);
      v.put("rows", rows);
      v.put("durationSeconds", duration);
      v.put("warmupSeconds", warmup);
      out.add(new Variant(w, AGENT, List.of(), v, rows * VALUE_SIZE * 3 * 2));
    }
    return out;
  }

  /** The agent's spec of a variant, on the run's own table (the runner creates and drops it). */
  static BenchmarkSpec spec(Map<String, Object> p, String table) {
    String w = (String) p.get("workload");
    boolean reads = w.equals("randomRead") || w.equals("sequentialRead") || w.equals("scan");
    long rows = ((Number) p.get("rows")).longValue();
    return new BenchmarkSpec(w, w, table, "f", ((Number) p.get("threads")).intValue(),
        ((Number) p.get("durationSeconds")).intValue(), ((Number) p.get("warmupSeconds")).intValue(), 0, 0, rows,
        VALUE_SIZE, 1, false, 100, reads, null, rows, null, 1, VALUE_SIZE, rows, null);
  }

  @Override
  Figure figure(List<Point> points) {
    List<String> workloads = new ArrayList<>();
    Map<String, List<Double>> perServer = new LinkedHashMap<>();
    for (Point p : points) {
      String w = String.valueOf(p.params().get("workload"));
      if (!workloads.contains(w)) {
        workloads.add(w);
      }
      if (p.result() == null || !p.result().has("opsPerSec")) {
        continue;
      }
      int servers = Math.max(1, p.result().path("regionServers").asInt(1));
      double rate = p.result().path("rowsPerSec").asDouble(p.result().path("opsPerSec").asDouble());
      perServer.computeIfAbsent(w, k -> new ArrayList<>()).add(rate / servers);
    }
    List<Double> ours = new ArrayList<>();
    List<Double> paper = new ArrayList<>();
    List<Finding> findings = new ArrayList<>();
    for (String w : workloads) {
      Double m = Figures.median(perServer.get(w));
      ours.add(m);
      paper.add(PAPER.get(w));
      if (m != null) {
        findings.add(new Finding(w + ", ops/s per server", String.format(Locale.ROOT, "%,.0f (%s the paper's)", m,
            Figures.times(m / PAPER.get(w))), String.format(Locale.ROOT, "%,.0f (Bigtable, 1 tablet server)",
            PAPER.get(w))));
      }
    }
    Panel panel = new Panel("Ops/s per server: this cluster and Bigtable figure 6", "workload", "values read or written per second, per server",
        workloads, List.of(new Series("this cluster, per RegionServer", "bar", ours),
            new Series("Bigtable, 1 tablet server", "bar", paper)), List.of());
    List<String> notes = List.of("Each workload runs on a fresh table of one region at first (reads and scans load"
        + " their rows before measuring); ops/s are divided by the cluster's live RegionServers when the run started."
        + " The paper's numbers are from 2006 hardware with GFS; the comparison is of shape, not of hardware.");
    return new Figure(List.of(panel), findings, notes);
  }
}
