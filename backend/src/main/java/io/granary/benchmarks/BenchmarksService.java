package io.granary.benchmarks;

import io.granary.clusters.Cluster;
import io.granary.clusters.ClusterState;
import io.granary.clusters.ClustersService;
import io.granary.engine.EngineBenchmarks;
import io.granary.engine.client.BenchmarkSpec;
import io.granary.operations.Operation;
import io.granary.operations.OperationsService;
import io.granary.shared.problem.FieldError;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import io.granary.tables.EngineCall;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Launching, following, cancelling and comparing benchmark runs. */
@Service
public class BenchmarksService {
  public static final String OPERATION_TYPE = "BENCHMARK";
  /** One series at a time per cluster: runs measure the cluster, so they must not overlap. */
  static final String TARGET = "benchmarks";
  static final int CEILING_SECONDS = 10;
  // a fresh cluster serves Gets ~8x slower for its first ~15 s of load (JIT, caches): measured, not guessed
  static final int CEILING_WARMUP = 20;

  private final BenchmarkRepository repo;
  private final BenchmarkRunner runner;
  private final ClustersService clusters;
  private final EngineBenchmarks engine;
  private final OperationsService operations;
  private final JsonMapper json;
  private final RegionServerProfiler profiler;

  public BenchmarksService(BenchmarkRepository repo, BenchmarkRunner runner, ClustersService clusters,
      EngineBenchmarks engine, OperationsService operations, JsonMapper json, RegionServerProfiler profiler) {
    this.profiler = profiler;
    this.repo = repo;
    this.runner = runner;
    this.clusters = clusters;
    this.engine = engine;
    this.operations = operations;
    this.json = json;
  }

  public record Launch(String name, List<SpecValidation.Input> variants, Integer repetitions,
      boolean acceptAboveCapacity, boolean profile) {
    public Launch(String name, List<SpecValidation.Input> variants, Integer repetitions, boolean acceptAboveCapacity) {
      this(name, variants, repetitions, acceptAboveCapacity, false);
    }
  }

  public record Launched(long seriesId, List<Long> runIds, UUID operationId, List<String> warnings) {}

  public Launched launch(long clusterId, Launch in, String user) {
    Cluster c = clusters.get(clusterId);
    List<FieldError> errors = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    List<SpecValidation.Input> variants = in.variants() == null ? List.of() : in.variants();
    if (variants.isEmpty() || variants.size() > 4) {
      errors.add(new FieldError("variants", "give 1 to 4 variants"));
    }
    int reps = in.repetitions() == null ? 1 : in.repetitions();
    if (reps < 1 || reps > 10) {
      errors.add(new FieldError("repetitions", "must be between 1 and 10, got " + reps));
    }
    if (in.name() != null && in.name().length() > 100) {
      errors.add(new FieldError("name", "at most 100 characters"));
    }
    Optional<Run> ceiling = repo.latestCeiling(clusterId);
    List<BenchmarkSpec> specs = new ArrayList<>();
    for (int i = 0; i < Math.min(variants.size(), 4); i++) {
      String prefix = "variants[" + i + "].";
      SpecValidation.Input v = variants.get(i);
      if (v == null) {
        errors.add(new FieldError("variants[" + i + "]", "a spec is required"));
        continue;
      }
      BenchmarkSpec s = SpecValidation.resolve(v, prefix, String.valueOf((char) ('A' + i)), errors);
      if (s == null) {
        continue;
      }
      s = checkTarget(c, s, prefix, errors);
      if (s == null) {
        continue;
      }
      if (s.openLoop()) {
        if (ceiling.isEmpty()) {
          warnings.add(s.label() + ": no ceiling measured yet, so the target rate of "
              + Math.round(s.targetRate()) + " ops/s was not checked against the cluster's capacity");
        } else if (s.targetRate() > ceiling.get().opsPerSec() && !in.acceptAboveCapacity()) {
          errors.add(new FieldError(prefix + "targetRate", String.format(Locale.ROOT,
              "%,.0f ops/s is above the measured capacity of this cluster (ceiling %,.0f ops/s): the run would only"
                  + " measure a growing queue. Lower it, or launch anyway with acceptAboveCapacity",
              s.targetRate(), ceiling.get().opsPerSec())));
        }
      }
      specs.add(s);
    }
    if (!errors.isEmpty()) {
      throw ProblemException.invalid(errors);
    }
    if (in.profile()) {
      ClusterState state = clusters.state(clusterId);
      RegionServerProfiler.Resolution r = profiler.resolve(state == null ? null : state.snapshot());
      if (r.targets().isEmpty()) {
        throw ProblemException.of(ProblemType.PROFILE_UNAVAILABLE, r.refusal());
      }
      if (!r.elsewhere().isEmpty()) {
        warnings.add("only the RegionServers on the control plane's host are profiled; not "
            + String.join(", ", r.elsewhere()));
      }
      warnings.add("profiled runs carry async-profiler's cost (about 1% of a RegionServer's CPU at "
          + RegionServerProfiler.INTERVAL + "): compare them with profiled runs");
    }
    // the default name says each workload once; variants of the same workload are told apart by label
    List<String> titles = specs.stream().map(BenchmarkSpec::title).toList();
    boolean distinct = titles.stream().distinct().count() == titles.size();
    String name = in.name() == null || in.name().isBlank()
        ? String.join(" vs ", distinct ? titles : specs.stream().map(s -> s.label() + ": " + s.title()).toList())
            + (reps > 1 ? " × " + reps : "")
        : in.name().trim();
    return start(c, name, specs, reps, Run.Kind.WORKLOAD, user, warnings, in.profile());
  }

  /** The spec with its family resolved, or null with an error on the table or family field. */
  private BenchmarkSpec checkTarget(Cluster c, BenchmarkSpec s, String prefix, List<FieldError> errors) {
    Optional<EngineBenchmarks.Target> t = EngineCall.answer(() -> engine.target(c.endpoints(), s.table()));
    if (t.isEmpty()) {
      errors.add(new FieldError(prefix + "table", "no table '" + s.table() + "' on this cluster; create it first "
          + "(pre-split for a realistic run)"));
      return null;
    }
    if (!t.get().enabled()) {
      errors.add(new FieldError(prefix + "table", "table '" + s.table() + "' is disabled"));
      return null;
    }
    if (s.family() != null && !t.get().families().contains(s.family())) {
      errors.add(new FieldError(prefix + "family", "table '" + s.table() + "' has no column family '" + s.family()
          + "' (it has " + String.join(", ", t.get().families()) + ")"));
      return null;
    }
    return s.family() != null ? s : s.withFamily(t.get().families().get(0));
  }

  private Launched start(Cluster c, String name, List<BenchmarkSpec> specs, int reps, Run.Kind kind, String user,
      List<String> warnings, boolean profiled) {
    long seriesId = repo.insertSeries(c.id(), name, reps, user);
    List<Long> ids = new ArrayList<>();
    int seq = 0;
    for (int r = 1; r <= reps; r++) {
      for (int v = 0; v < specs.size(); v++) {
        ids.add(repo.insertRun(c.id(), seriesId, seq++, v, r, kind, specs.get(v), profiled));
      }
    }
    Operation op;
    try {
      op = operations.start(OPERATION_TYPE, c.id(), TARGET, ShellEquivalent.of(specs.get(0)), user,
          ctx -> runner.runSeries(ctx, c.id(), seriesId));
    } catch (RuntimeException e) {
      repo.deleteSeries(seriesId);
      throw e;
    }
    repo.setSeriesOperation(seriesId, op.id());
    return new Launched(seriesId, ids, op.id(), warnings);
  }

  /** Ceiling probe: Gets of one cached row per region of the ceiling table, 4 × cores threads, closed loop. */
  public Launched probeCeiling(long clusterId, String user) {
    Cluster c = clusters.get(clusterId);
    EngineCall.answer(() -> {
      engine.ensureCeilingTable(c.endpoints());
      return null;
    });
    // Gets are latency-bound: a client needs several threads per core to keep the servers busy
    int threads = Math.max(8, 4 * Runtime.getRuntime().availableProcessors());
    int rows = EngineBenchmarks.CEILING_REGIONS;
    BenchmarkSpec s = new BenchmarkSpec("ceiling", BenchmarkSpec.CEILING, EngineBenchmarks.CEILING_TABLE, EngineBenchmarks.CEILING_FAMILY, threads,
        CEILING_SECONDS, CEILING_WARMUP, 0, 0, rows, 100, 1, false, 1, true, null, 1, null, 1, 1, rows, null);
    return start(c, "ceiling probe", List.of(s), 1, Run.Kind.CEILING, user, List.of(), false);
  }

  public List<Run> list(long clusterId, Long seriesId, int limit) {
    clusters.get(clusterId);
    return repo.list(clusterId, seriesId, limit);
  }

  public Run get(long clusterId, long runId) {
    clusters.get(clusterId);
    return repo.find(clusterId, runId).orElseThrow(() -> ProblemException.of(ProblemType.BENCHMARK_RUN_NOT_FOUND,
        "no benchmark run " + runId + " on cluster " + clusterId));
  }

  /** A profiled run and its stored profile (JSON; null until the run ends). */
  public record Profile(Run run, String document) {}

  public Profile profile(long clusterId, long runId) {
    Run r = get(clusterId, runId);
    if (!r.profiled()) {
      throw ProblemException.of(ProblemType.BENCHMARK_PROFILE_NOT_FOUND, "run " + runId + " was launched without"
          + " \"profile\": true; launch it again with profiling to see where the RegionServers spend their CPU");
    }
    return new Profile(r, repo.profile(r.id()).orElse(null));
  }

  public List<Interval> intervals(long clusterId, long runId, int after) {
    return repo.intervals(get(clusterId, runId).id(), after);
  }

  public Run cancel(long clusterId, long runId) {
    Run r = get(clusterId, runId);
    if (r.state().isFinal() || r.operationId() == null) {
      throw ProblemException.of(ProblemType.OPERATION_FINISHED, "run " + runId + " is already " + r.state());
    }
    operations.cancel(r.operationId());
    return get(clusterId, runId);
  }

  public Optional<Run> ceiling(long clusterId) {
    clusters.get(clusterId);
    return repo.latestCeiling(clusterId).or(() -> repo.latestCeilingAttempt(clusterId));
  }

  // ---- comparison

  public record Metric(String key, String label, String unit, boolean higherIsBetter, List<Double> values,
      List<Double> ratios) {}

  public record Comparison(List<Run> runs, List<Metric> metrics, List<String> differences) {}

  public Comparison compare(long clusterId, String ids) {
    List<Long> list = new ArrayList<>();
    for (String part : (ids == null ? "" : ids).split(",")) {
      if (part.isBlank()) {
        continue;
      }
      try {
        list.add(Long.parseLong(part.trim()));
      } catch (NumberFormatException e) {
        throw ProblemException.of(ProblemType.INVALID_PARAMETER, "runs: '" + part.trim() + "' is not a run id");
      }
    }
    if (list.size() < 2 || list.size() > 4 || new LinkedHashSet<>(list).size() != list.size()) {
      throw ProblemException.of(ProblemType.INVALID_PARAMETER, "runs: give 2 to 4 different run ids, e.g. runs=12,15");
    }
    List<Run> runs = list.stream().map(id -> get(clusterId, id)).toList();
    List<JsonNode> summaries = runs.stream().map(r -> r.summary() == null ? null : json.readTree(r.summary())).toList();
    List<Metric> metrics = new ArrayList<>();
    metrics.add(metric("opsPerSec", "Throughput", "ops/s", true, runs.stream().map(Run::opsPerSec).toList()));
    metrics.add(metric("mbPerSec", "Data rate", "MiB/s", true, runs.stream().map(Run::mbPerSec).toList()));
    for (String[] p : new String[][] {{"p50", "p50"}, {"p99", "p99"}, {"p999", "p99.9"}, {"max", "max"}}) {
      metrics.add(metric("corrected." + p[0], "Latency " + p[1] + " (corrected)", "ms", false,
          latency(summaries, "corrected", p[0])));
    }
    metrics.add(metric("service.p50", "Latency p50 (service)", "ms", false, latency(summaries, "service", "p50")));
    metrics.add(metric("service.p99", "Latency p99 (service)", "ms", false, latency(summaries, "service", "p99")));
    metrics.add(metric("errors", "Errors + timeouts", "", false, runs.stream()
        .map(r -> r.errors() == null ? null : (double) (r.errors() + (r.timeouts() == null ? 0 : r.timeouts())))
        .toList()));
    metrics.add(metric("agentCpu", "Agent CPU", "%", false, runs.stream().map(Run::agentCpu).toList()));
    metrics.add(metric("ceilingRatio", "Fraction of ceiling", "", true, runs.stream().map(Run::ceilingRatio).toList()));
    return new Comparison(runs, metrics, differences(runs));
  }

  private static List<Double> latency(List<JsonNode> summaries, String measure, String p) {
    return summaries.stream().map(s -> s == null ? null : s.path("all").path(measure).path(p).asDouble()).toList();
  }

  static Metric metric(String key, String label, String unit, boolean higher, List<Double> values) {
    Double first = values.get(0);
    List<Double> ratios = values.stream().map(v -> v == null || first == null || first == 0 ? null
        : Math.round(v / first * 1000) / 1000.0).toList();
    return new Metric(key, label, unit, higher, values, ratios);
  }

  /** BenchmarkSpec and provenance fields whose values differ between the runs, as "field: a | b". */
  List<String> differences(List<Run> runs) {
    List<Map<String, String>> flat = new ArrayList<>();
    for (Run r : runs) {
      Map<String, String> m = new TreeMap<>();
      json.valueToTree(r.spec()).properties().forEach(e -> m.put("spec." + e.getKey(), text(e.getValue())));
      if (r.provenance() != null) {
        json.readTree(r.provenance()).properties().forEach(e -> m.put("provenance." + e.getKey(), text(e.getValue())));
      }
      flat.add(m);
    }
    Set<String> keys = new java.util.TreeSet<>();
    flat.forEach(m -> keys.addAll(m.keySet()));
    List<String> out = new ArrayList<>();
    for (String k : keys) {
      if (k.equals("spec.label") || k.equals("provenance.cpuFlags")) {
        continue;
      }
      List<String> vals = flat.stream().map(m -> m.getOrDefault(k, "—")).toList();
      if (vals.stream().distinct().count() > 1) {
        String shown = String.join(" | ", vals.stream().map(v -> v.length() > 80 ? v.substring(0, 77) + "…" : v)
            .toList());
        out.add(k + ": " + shown);
      }
    }
    return out;
  }

  private static String text(JsonNode n) {
    return n == null || n.isNull() ? "—" : n.isValueNode() ? n.asString() : n.toString();
  }

  // ---- series

  public record VariantView(String label, List<Long> runIds, Estimates.Estimate opsPerSec,
      Estimates.Estimate p99CorrectedMs, Double ratioToFirst) {}

  public record SeriesView(BenchmarkRepository.SeriesRow series, Run.State state, List<VariantView> variants) {}

  public SeriesView series(long clusterId, long seriesId) {
    clusters.get(clusterId);
    BenchmarkRepository.SeriesRow s = repo.series(clusterId, seriesId).orElseThrow(() ->
        ProblemException.of(ProblemType.BENCHMARK_SERIES_NOT_FOUND, "no benchmark series " + seriesId));
    List<Run> runs = repo.ofSeries(seriesId);
    Map<Integer, List<Run>> byVariant = new TreeMap<>();
    runs.forEach(r -> byVariant.computeIfAbsent(r.variant(), k -> new ArrayList<>()).add(r));
    List<VariantView> out = new ArrayList<>();
    Double firstMedian = null;
    for (List<Run> vr : byVariant.values()) {
      List<Run> ok = vr.stream().filter(r -> r.state() == Run.State.SUCCEEDED && r.opsPerSec() != null).toList();
      Estimates.Estimate ops = Estimates.of(ok.stream().mapToDouble(Run::opsPerSec).toArray());
      Estimates.Estimate p99 = Estimates.of(ok.stream().filter(r -> r.p99CorrectedMs() != null)
          .mapToDouble(Run::p99CorrectedMs).toArray());
      if (firstMedian == null) {
        firstMedian = ops.n() > 0 ? ops.median() : null;
      }
      Double ratio = firstMedian == null || firstMedian == 0 || ops.n() == 0 ? null
          : Math.round(ops.median() / firstMedian * 1000) / 1000.0;
      out.add(new VariantView(vr.get(0).label(), vr.stream().map(Run::id).toList(), ops, p99, ratio));
    }
    Run.State state = runs.stream().anyMatch(r -> r.state() == Run.State.RUNNING) ? Run.State.RUNNING
        : runs.stream().anyMatch(r -> r.state() == Run.State.QUEUED) ? Run.State.QUEUED
        : runs.stream().anyMatch(r -> r.state() == Run.State.FAILED) ? Run.State.FAILED
        : runs.stream().anyMatch(r -> r.state() == Run.State.CANCELLED) ? Run.State.CANCELLED
        : Run.State.SUCCEEDED;
    return new SeriesView(s, state, out);
  }

  /** Runs whose series' operation ended without them (control plane restart, cancel) get a final state. */
  @Scheduled(fixedDelayString = "PT30S", initialDelayString = "PT5S")
  public void closeAbandoned() {
    repo.closeAbandoned();
  }
}
