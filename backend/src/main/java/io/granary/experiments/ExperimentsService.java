package io.granary.experiments;

import io.granary.clusters.Cluster;
import io.granary.clusters.ClusterKind;
import io.granary.clusters.ClustersService;
import io.granary.engine.EngineErasureCoding;
import io.granary.erasurecoding.EcMath;
import io.granary.operations.Operation;
import io.granary.operations.OperationsService;
import io.granary.shared.problem.FieldError;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import io.granary.tables.EngineCall;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Service;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The experiments catalog, launching a series, and reading one back as the seed's figure. */
@Service
public class ExperimentsService {
  public static final String OPERATION_TYPE = "EXPERIMENT";
  /** The benchmarks' target: an experiment and a benchmark series must not measure the cluster at once. */
  static final String TARGET = "benchmarks";
  static final int MAX_RUNS = 1000;

  static final List<ExperimentType> CATALOG = List.of(new EcCoderExperiment(), new DfsIoExperiment(),
      new SmallFilesExperiment(), new ReconstructionExperiment(), new NativeChecksumsExperiment(),
      new FactorSweepExperiment(), new MslabBatchExperiment(), new HFileFormatsExperiment(), new PeBigtableExperiment());

  private final ExperimentRepository repo;
  private final ExperimentRunner runner;
  private final ClustersService clusters;
  private final EngineErasureCoding ec;
  private final OperationsService operations;
  private final JsonMapper json;
  private final io.granary.tables.CodecProbes codecs;

  public ExperimentsService(ExperimentRepository repo, ExperimentRunner runner, ClustersService clusters,
      EngineErasureCoding ec, OperationsService operations, JsonMapper json, io.granary.tables.CodecProbes codecs) {
    this.codecs = codecs;
    this.repo = repo;
    this.runner = runner;
    this.clusters = clusters;
    this.ec = ec;
    this.operations = operations;
    this.json = json;
  }

  static int cores() {
    return Runtime.getRuntime().availableProcessors();
  }

  public List<ExperimentType> catalog() {
    return CATALOG;
  }

  static ExperimentType type(String key) {
    return CATALOG.stream().filter(t -> t.key().equals(key)).findFirst().orElse(null);
  }

  public record Launch(String experiment, String name, JsonNode params, Integer repetitions, Boolean scratch) {}

  public record Launched(long seriesId, List<Long> runIds, UUID operationId, List<String> warnings) {}

  /** A launch checked and planned, not started: what the preview shows and the launch runs. */
  public record Planned(Cluster cluster, ExperimentType type, List<ExperimentType.Variant> variants, int reps,
      JsonNode params, ExperimentType.Facts facts, boolean scratch, double estimatedSeconds, Long budgetSeconds) {
    public int runs() {
      return variants.size() * reps;
    }

    /** How the variants were chosen when the experiment says (a sweep's design), else null. */
    public String design() {
      return variants.isEmpty() ? null : (String) variants.get(0).params().get("design");
    }
  }

  public Planned plan(long clusterId, Launch in) {
    Cluster c = clusters.get(clusterId);
    List<FieldError> errors = new ArrayList<>();
    ExperimentType type = in.experiment() == null ? null : type(in.experiment());
    if (type == null) {
      throw ProblemException.invalid(List.of(new FieldError("experiment", "one of " + String.join(", ",
          CATALOG.stream().map(ExperimentType::key).toList()))));
    }
    int reps = in.repetitions() == null ? 1 : in.repetitions();
    if (reps < 1 || reps > 5) {
      errors.add(new FieldError("repetitions", "must be between 1 and 5, got " + reps));
    }
    if (in.name() != null && in.name().length() > 100) {
      errors.add(new FieldError("name", "at most 100 characters"));
    }
    JsonNode params = in.params() == null || in.params().isNull() ? json.createObjectNode() : in.params();
    if (!params.isObject()) {
      errors.add(new FieldError("params", "an object of the experiment's parameters"));
    } else {
      for (String k : params.propertyNames()) {
        if (type.params().stream().noneMatch(p -> p.name().equals(k))) {
          errors.add(new FieldError("params." + (k.length() > 40 ? k.substring(0, 40) + "…" : k), "not a parameter of "
              + type.key() + " (it takes " + String.join(", ", type.params().stream().map(Params::name).toList()) + ")"));
        }
      }
    }
    boolean scratch = params.isObject() && type.scratch(params);
    if (scratch && Boolean.FALSE.equals(in.scratch())) {
      throw ProblemException.of(ProblemType.EXPERIMENT_NEEDS_SCRATCH_CLUSTER, type.title() + " "
          + type.scratchReason() + ": it"
          + " runs only on a scratch cluster it starts itself (ports " + ExperimentRunner.SCRATCH_PORT_BASE
          + "+, removed afterwards), never on '" + c.name() + "'. Launch it without scratch=false");
    }
    if (!scratch && Boolean.TRUE.equals(in.scratch())) {
      errors.add(new FieldError("scratch", type.key() + " runs on the cluster itself with these parameters; only"
          + " reconstruction, native-checksums and a sweep of server settings use a scratch cluster"));
    }
    if (!errors.isEmpty()) {
      throw ProblemException.invalid(errors);
    }
    if (scratch && runner.scratchBusy()) {
      throw ProblemException.of(ProblemType.OPERATION_ALREADY_RUNNING, "another experiment's scratch cluster is"
          + " running on the control plane's host; one at a time");
    }
    if (type.touchesCluster() && c.kerberos() != null) {
      throw ProblemException.of(ProblemType.KERBEROS_UNSUPPORTED, type.title() + " on '" + c.name()
          + "' is not supported yet: the cluster runs Kerberos and the experiment tools log in without a ticket");
    }
    ExperimentType.Facts facts = facts(c, type, scratch);
    List<ExperimentType.Variant> variants = type.plan(params, facts, errors);
    if (!errors.isEmpty()) {
      throw ProblemException.invalid(errors);
    }
    for (String codec : variants.stream().map(v -> v.params().get("compression")).filter(java.util.Objects::nonNull)
        .map(String::valueOf).distinct().toList()) {
      codecs.refusal(c.id(), codec).ifPresent(why -> errors.add(new FieldError("params.compression", why
          + " (the codec probe on the Tables page checks it again)")));
    }
    Long budget = type.budgetSeconds(params);
    double seconds = variants.stream().mapToDouble(type::estimateSeconds).sum() * reps;
    if (budget != null) {
      if (seconds > budget) {
        errors.add(new FieldError("params.budgetMinutes", String.format(Locale.ROOT, "the design has %d runs (%d"
            + " variants × %d repetitions), about %.0f minutes by estimate: over the %d-minute budget. Use a"
            + " fractional design, fewer levels or operations, or a larger budget", variants.size() * reps,
            variants.size(), reps, seconds / 60, budget / 60)));
      }
    }
    if (!errors.isEmpty()) {
      throw ProblemException.invalid(errors);
    }
    if (variants.size() * reps > MAX_RUNS) {
      throw ProblemException.invalid(List.of(new FieldError("repetitions", variants.size() + " variants × " + reps
          + " repetitions is " + variants.size() * reps + " runs; at most " + MAX_RUNS)));
    }
    long need = variants.stream().mapToLong(ExperimentType.Variant::hdfsBytes).max().orElse(0);
    if (type.touchesCluster() && need > facts.remainingBytes()) {
      throw ProblemException.of(ProblemType.EXPERIMENT_TOO_LARGE, String.format(Locale.ROOT,
          "the largest run stores %s in HDFS (its data × the layout's overhead), the cluster has %s free: lower the"
              + " sizes or the file count", bytes(need), bytes(facts.remainingBytes())));
    }
    return new Planned(c, type, variants, reps, params, facts, scratch, seconds, budget);
  }

  public Launched launch(long clusterId, Launch in, String user) {
    Planned p = plan(clusterId, in);
    Cluster c = p.cluster();
    ExperimentType type = p.type();
    List<ExperimentType.Variant> variants = p.variants();
    int reps = p.reps();
    JsonNode params = p.params();
    ExperimentType.Facts facts = p.facts();
    String name = in.name() == null || in.name().isBlank()
        ? type.title() + " (" + variants.size() + (variants.size() == 1 ? " variant" : " variants")
            + (reps > 1 ? " × " + reps : "") + ")"
        : in.name().trim();
    long seriesId = repo.insertSeries(c.id(), type.key(), name, reps, params.toString(), user);
    List<Long> ids = new ArrayList<>();
    int seq = 0;
    for (int[] vr : type.order(variants.size(), reps, params)) {
      ExperimentType.Variant variant = variants.get(vr[0]);
      String command = String.join(" ", ExperimentRunner.command("granary-node", variant, type, c, seriesId, seq));
      ids.add(repo.insertRun(c.id(), seriesId, seq++, vr[0], vr[1], variant.label(), type.key(),
          json.writeValueAsString(variant.params()), command));
    }
    Operation op;
    try {
      op = operations.start(OPERATION_TYPE, c.id(), TARGET, String.join(" ", ExperimentRunner.command("granary-node",
          variants.get(0), type, c, seriesId, 0)), user,
          ctx -> runner.runSeries(ctx, c, seriesId, type, variants));
    } catch (RuntimeException e) {
      repo.deleteSeries(seriesId);
      throw e;
    }
    repo.setSeriesOperation(seriesId, op.id());
    List<String> warnings = new ArrayList<>();
    if (type.touchesCluster() && facts.liveDataNodes() < 3) {
      warnings.add("the cluster has " + facts.liveDataNodes() + " live DataNodes: 3× replication stays under-replicated");
    }
    return new Launched(seriesId, ids, op.id(), warnings);
  }

  /** The cluster's live DataNodes, free space and EC policies, asked now (a launch may come before any collection). */
  ExperimentType.Facts facts(Cluster c, ExperimentType type, boolean scratch) {
    Map<String, EcMath.Layout> policies = new LinkedHashMap<>();
    int live = 0;
    long remaining = 0;
    if (type.touchesCluster()) {
      live = EngineCall.answer(() -> ec.topology(c.endpoints())).liveDataNodes();
      remaining = EngineCall.answer(() -> ec.remaining(c.endpoints()));
      for (EngineErasureCoding.Policy p : EngineCall.answer(() -> ec.policies(c.endpoints()))) {
        if (p.dataUnits() > 0) {
          policies.put(p.name(), new EcMath.Layout(p.name(), p.dataUnits(), p.parityUnits(), p.cellSize(), 1));
        }
      }
    }
    long localFree = Long.MAX_VALUE;
    if (scratch) {
      try {
        java.nio.file.Path root = runner.scratchRoot();
        java.nio.file.Files.createDirectories(root);
        localFree = java.nio.file.Files.getFileStore(root).getUsableSpace();
      } catch (java.io.IOException e) {
        throw ProblemException.of(ProblemType.INTERNAL_ERROR, "cannot use " + runner.scratchRoot() + " for a"
            + " scratch cluster: " + e.getMessage());
      }
    }
    return new ExperimentType.Facts(live, remaining, policies, cores(), c.kind() == ClusterKind.LOCAL, localFree);
  }

  static String bytes(long b) {
    return b >= 1L << 30 ? String.format(Locale.ROOT, "%.1f GiB", b / (double) (1L << 30))
        : String.format(Locale.ROOT, "%.1f MiB", b / (double) (1 << 20));
  }

  public record View(ExperimentRepository.SeriesRow series, String state, ExperimentType type, JsonNode params,
      List<ExperimentRepository.RunRow> runs, ExperimentType.Figure figure) {}

  public List<ExperimentRepository.SeriesRow> list(long clusterId, int limit) {
    clusters.get(clusterId);
    return repo.list(clusterId, limit);
  }

  public View get(long clusterId, long seriesId) {
    clusters.get(clusterId);
    ExperimentRepository.SeriesRow s = repo.series(clusterId, seriesId).orElseThrow(() -> ProblemException.of(
        ProblemType.EXPERIMENT_NOT_FOUND, "no experiment " + seriesId + " on cluster " + clusterId));
    ExperimentType type = type(s.experiment());
    List<ExperimentRepository.RunRow> runs = repo.runs(seriesId);
    List<ExperimentType.Point> points = new ArrayList<>();
    for (ExperimentRepository.RunRow r : runs) {
      @SuppressWarnings("unchecked")
      Map<String, Object> p = json.readValue(r.params(), Map.class);
      points.add(new ExperimentType.Point(r.variant(), p, r.state(), r.summary() == null ? null
          : json.readTree(r.summary())));
    }
    return new View(s, state(s), type, json.readTree(s.params()), runs, type.figure(points));
  }

  static String state(ExperimentRepository.SeriesRow s) {
    return s.running() > 0 ? "RUNNING" : s.queued() > 0 ? "QUEUED" : s.failed() > 0 ? "FAILED"
        : s.cancelled() > 0 ? "CANCELLED" : "SUCCEEDED";
  }

  public ExperimentRepository.SeriesRow cancel(long clusterId, long seriesId) {
    View v = get(clusterId, seriesId);
    String state = v.state();
    if (!state.equals("RUNNING") && !state.equals("QUEUED") || v.series().operationId() == null) {
      throw ProblemException.of(ProblemType.OPERATION_FINISHED, "experiment " + seriesId + " is already " + state);
    }
    operations.cancel(v.series().operationId());
    return repo.series(clusterId, seriesId).orElseThrow();
  }
}
