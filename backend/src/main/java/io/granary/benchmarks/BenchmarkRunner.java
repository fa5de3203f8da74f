package io.granary.benchmarks;

import io.granary.clusters.Cluster;
import io.granary.clusters.ClusterState;
import io.granary.clusters.ClustersService;
import io.granary.engine.ClusterSnapshot;
import io.granary.engine.EngineBenchmarks;
import io.granary.engine.EngineKerberos;
import io.granary.engine.EngineLogins;
import io.granary.engine.client.AgentConfig;
import io.granary.engine.client.BenchmarkSpec;
import io.granary.engine.client.ClientSettings;
import io.granary.operations.OperationCancelledException;
import io.granary.operations.OperationContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Runs a series' runs one after another, one agent JVM each, storing what the agents stream. */
@Component
public class BenchmarkRunner {
  private static final Logger log = LoggerFactory.getLogger(BenchmarkRunner.class);

  private final BenchmarkRepository repo;
  private final ClustersService clusters;
  private final EngineBenchmarks engine;
  private final BenchmarksProperties props;
  private final JsonMapper json;
  private final EngineLogins logins;
  private final RegionServerProfiler profiler;

  public BenchmarkRunner(BenchmarkRepository repo, ClustersService clusters, EngineBenchmarks engine,
      BenchmarksProperties props, JsonMapper json, EngineLogins logins, RegionServerProfiler profiler) {
    this.logins = logins;
    this.profiler = profiler;
    this.repo = repo;
    this.clusters = clusters;
    this.engine = engine;
    this.props = props;
    this.json = json;
  }

  /** The operation's body: every QUEUED run of the series in order; fails if any run failed. */
  public String runSeries(OperationContext ctx, long clusterId, long seriesId) throws Exception {
    List<Run> runs = repo.ofSeries(seriesId);
    List<String> failures = new ArrayList<>();
    List<String> results = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      Run run = runs.get(i);
      if (run.state() != Run.State.QUEUED) {
        continue;
      }
      if (ctx.cancelRequested()) {
        cancelRest(runs, i);
        throw new OperationCancelledException();
      }
      ctx.progress(100 * i / runs.size(), "run " + (i + 1) + "/" + runs.size() + " (#" + run.id() + "): "
          + run.label() + " " + run.workload() + (runs.size() > 1 ? ", repetition " + run.repetition() : ""));
      Run.State end = execute(ctx, clusterId, run);
      Run done = repo.find(clusterId, run.id()).orElse(run);
      if (end == Run.State.CANCELLED) {
        cancelRest(runs, i + 1);
        throw new OperationCancelledException();
      }
      if (end == Run.State.FAILED) {
        failures.add("#" + run.id() + ": " + done.message());
      } else {
        results.add(String.format(Locale.ROOT, "#%d %s %,.0f ops/s", run.id(), run.label(),
            done.opsPerSec() == null ? 0 : done.opsPerSec()));
      }
    }
    if (!failures.isEmpty()) {
      throw new IllegalStateException(failures.size() + " of " + runs.size() + " runs failed: " + failures.get(0));
    }
    return String.join(", ", results);
  }

  private void cancelRest(List<Run> runs, int from) {
    for (int j = from; j < runs.size(); j++) {
      repo.finish(runs.get(j).id(), Run.State.CANCELLED, "cancelled before it started", null, null);
    }
  }

  /** One run from start to its final state; never throws for the run's own failures. */
  Run.State execute(OperationContext ctx, long clusterId, Run run) throws InterruptedException {
    Cluster cluster = clusters.get(clusterId);
    BenchmarkSpec spec = run.spec();
    Map<String, Object> provenance = new LinkedHashMap<>();
    String family;
    try {
      Optional<EngineBenchmarks.Target> target = engine.target(cluster.endpoints(), spec.table());
      if (target.isEmpty()) {
        return fail(run, "table '" + spec.table() + "' does not exist (any more)");
      }
      EngineBenchmarks.Target t = target.get();
      family = spec.family() != null ? spec.family() : t.families().get(0);
      provenance.put("tableDescriptor", t.descriptor());
      provenance.put("regions", t.regions());
      engine.configDigest(cluster.endpoints()).ifPresent(d -> provenance.put("clusterConfigDigest", d));
    } catch (IOException e) {
      return fail(run, "the cluster did not answer: " + e.getMessage());
    }
    ClusterState state = clusters.state(clusterId);
    ClusterSnapshot snap = state == null ? null : state.snapshot();
    if (snap != null) {
      provenance.put("engineVersion", snap.hbase().version());
      provenance.put("hadoopVersion", snap.hdfs().version());
      ClusterSnapshot.NativeSupport n = snap.nativeSupport();
      if (n != null && n.known()) {
        provenance.put("ecCoder", n.rsCoder());
        provenance.put("checksum", n.checksum());
      }
    }
    Double ceiling = run.kind() == Run.Kind.CEILING ? null
        : repo.latestCeiling(clusterId).map(Run::opsPerSec).orElse(null);
    repo.started(run.id(), json.writeValueAsString(provenance), ceiling);

    Path work = Path.of(props.workDir());
    Path config = work.resolve("run-" + run.id() + ".json");
    Path logFile = work.resolve("run-" + run.id() + ".log");
    try {
      Files.createDirectories(work);
      Files.writeString(config, json.writeValueAsString(agentConfig(run, spec, family, cluster)));
    } catch (IOException e) {
      return fail(run, "cannot write the agent's config: " + e.getMessage());
    }
    Profiling profiling = run.profiled() ? startProfile(ctx, run, snap, work) : null;
    AgentProcess agent;
    try {
      agent = AgentProcess.start(Path.of(props.agentHome()), config, logFile, props.agentHeap());
    } catch (IOException e) {
      stopProfile(ctx, run, profiling);
      return fail(run, "cannot start the bench agent: " + e.getMessage());
    }
    ctx.info("bench agent for run #" + run.id() + " started (pid " + agent.pid() + ", log " + logFile + ")");
    try (agent) {
      return follow(ctx, run, agent, provenance, profiling);
    } finally {
      if (profiling != null) {
        profiling.session().abandon();
      }
      try {
        Files.deleteIfExists(config);
      } catch (IOException e) {
        log.debug("could not delete {}", config, e);
      }
    }
  }

  private record Profiling(RegionServerProfiler.Session session, List<String> elsewhere) {}

  /** "Profile this run": the RegionServers on this host under async-profiler, or the reason stored why not. */
  private Profiling startProfile(OperationContext ctx, Run run, ClusterSnapshot snap, Path work)
      throws InterruptedException {
    RegionServerProfiler.Resolution r = profiler.resolve(snap);
    if (r.targets().isEmpty()) {
      ctx.warn("run #" + run.id() + " is not profiled: " + r.refusal());
      repo.profile(run.id(), profiler.document(List.of(), r.elsewhere(), r.refusal()));
      return null;
    }
    BenchmarkSpec s = run.spec();
    // the load phase comes first; the profiler stops itself at the latest an hour past the measured part
    int max = Math.min(86_400, s.warmupSeconds() + s.durationSeconds() + 3600);
    try {
      RegionServerProfiler.Session session = profiler.start(r.targets(), max,
          work.resolve("run-" + run.id() + "-profile.log"));
      if (!session.awaitStarted(java.time.Duration.ofSeconds(30))) {
        String doc = session.finish(java.time.Duration.ofSeconds(10), r.elsewhere());
        ctx.warn("run #" + run.id() + " is not profiled: async-profiler did not start on any RegionServer");
        repo.profile(run.id(), doc);
        return null;
      }
      ctx.info("run #" + run.id() + ": async-profiler samples " + r.targets().size() + " RegionServer(s) every "
          + RegionServerProfiler.INTERVAL + (r.elsewhere().isEmpty() ? ""
              : "; not on this host, so not profiled: " + String.join(", ", r.elsewhere())));
      return new Profiling(session, r.elsewhere());
    } catch (IOException e) {
      ctx.warn("run #" + run.id() + " is not profiled: " + e.getMessage());
      repo.profile(run.id(), profiler.document(List.of(), r.elsewhere(), "cannot start the profiler: " + e.getMessage()));
      return null;
    }
  }

  private void stopProfile(OperationContext ctx, Run run, Profiling p) throws InterruptedException {
    if (p == null) {
      return;
    }
    repo.profile(run.id(), p.session().finish(java.time.Duration.ofSeconds(60), p.elsewhere()));
    ctx.info("run #" + run.id() + ": CPU profile stored");
  }

  private Run.State follow(OperationContext ctx, Run run, AgentProcess agent, Map<String, Object> provenance,
      Profiling profiling) throws InterruptedException {
    JsonNode summary = null;
    String failure = null;
    for (JsonNode e; (e = agent.nextEvent(ctx::cancelRequested, props.stopGrace(), "the bench agent", ctx::warn,
        json)) != null; ) {
      switch (e.path("event").asString()) {
        case "agent" -> {
          provenance.put("agentHost", e.path("host").asString());
          provenance.put("agentCores", e.path("cores").asInt());
          provenance.put("cpuModel", e.path("cpuModel").asString());
          provenance.put("cpuFlags", e.path("cpuFlags").asString());
          provenance.put("javaVersion", e.path("javaVersion").asString());
          List<String> flags = new ArrayList<>();
          e.path("jvmFlags").forEach(f -> flags.add(f.asString()));
          provenance.put("jvmFlags", flags);
          provenance.put("granaryVersion", e.path("granaryVersion").asString());
          provenance.put("agentVersions", "granary " + e.path("granaryVersion").asString() + ", hbase-client "
              + e.path("hbaseClientVersion").asString() + ", ycsb " + e.path("ycsbVersion").asString());
          repo.agent(run.id(), e.path("pid").asLong(agent.pid()), json.writeValueAsString(provenance));
        }
        case "phase" -> {
          repo.phase(run.id(), e.path("phase").asString(), 0);
          if ("load".equals(e.path("phase").asString())) {
            ctx.info("run #" + run.id() + ": writing " + e.path("total").asLong() + " rows before measuring");
          }
        }
        case "interval" -> {
          Interval i = interval(e);
          repo.interval(run.id(), i, e.path("progress").asDouble());
        }
        case "summary" -> summary = e;
        case "failed" -> failure = e.path("message").asString();
        default -> log.debug("unknown agent event {}", e);
      }
    }
    if (summary != null && summary.path("agentCost").isObject()) {
      // the agent's own cost, with its CPU share, as the provenance's agentSelfCost (same field names)
      ObjectNode cost = ((ObjectNode) summary.path("agentCost")).deepCopy();
      cost.put("cpuMeanPercent", summary.path("agentCpuMean").asDouble());
      cost.put("cpuMaxPercent", summary.path("agentCpuMax").asDouble());
      provenance.put("agentSelfCost", cost);
      repo.provenance(run.id(), json.writeValueAsString(provenance));
    }
    int exit = agent.waitFor(props.stopGrace());
    // before the run's final state, so a finished profiled run always has its profile
    stopProfile(ctx, run, profiling);
    boolean cancelled = agent.stopped();
    ctx.info("bench agent for run #" + run.id() + " exited (" + exit + ")");
    if (failure != null && !cancelled) {
      return finish(run, Run.State.FAILED, failure, summary);
    }
    if (cancelled) {
      return finish(run, Run.State.CANCELLED, "cancelled; the intervals measured so far are kept", summary);
    }
    if (summary == null) {
      String tail = agent.stderrTail(3);
      return finish(run, Run.State.FAILED, "the bench agent exited with code " + exit + " without a summary"
          + (tail.isEmpty() ? "" : ": " + tail), null);
    }
    return finish(run, Run.State.SUCCEEDED, String.format(Locale.ROOT, "%,.0f ops/s over %.1f s (%d s planned)",
        headline(summary).opsPerSec(), summary.path("measuredSeconds").asDouble(), run.spec().durationSeconds()), summary);
  }

  private Run.State finish(Run run, Run.State state, String message, JsonNode summary) {
    repo.finish(run.id(), state, message, summary == null ? null : summary.toString(),
        summary == null ? null : headline(summary));
    return state;
  }

  private Run.State fail(Run run, String message) {
    repo.finish(run.id(), Run.State.FAILED, message, null, null);
    return Run.State.FAILED;
  }

  static BenchmarkRepository.Headline headline(JsonNode s) {
    JsonNode all = s.path("all");
    double seconds = s.path("measuredSeconds").asDouble();
    long count = all.path("count").asLong();
    // every completed transaction, as YCSB's throughput counts them (OK, NOT_FOUND and errors)
    return new BenchmarkRepository.Headline(seconds > 0 ? round(count / seconds) : 0,
        seconds > 0 ? round(all.path("bytes").asLong() / seconds / (1 << 20)) : 0,
        all.path("corrected").path("p99").asDouble(), all.path("service").path("p99").asDouble(),
        s.path("agentCpuMean").asDouble(), all.path("errors").asLong(), all.path("timeouts").asLong(),
        s.path("complete").asBoolean());
  }

  static Interval interval(JsonNode e) {
    JsonNode all = e.path("all");
    ArrayNode perOp = tools.jackson.databind.node.JsonNodeFactory.instance.arrayNode();
    for (JsonNode o : e.path("ops")) {
      ObjectNode n = perOp.addObject();
      n.put("op", o.path("op").asString());
      n.put("count", o.path("count").asLong());
      n.put("notFound", o.path("notFound").asLong());
      n.put("errors", o.path("errors").asLong() + o.path("timeouts").asLong());
      n.put("p99CorrectedMs", o.path("corrected").path("p99").asDouble());
      n.put("p99ServiceMs", o.path("service").path("p99").asDouble());
    }
    return new Interval(e.path("index").asInt(), e.path("start").asDouble(), e.path("seconds").asDouble(),
        e.path("warmup").asBoolean(), all.path("count").asLong(), all.path("errors").asLong(),
        all.path("timeouts").asLong(), all.path("bytes").asLong(), all.path("corrected").path("p50").asDouble(),
        all.path("corrected").path("p99").asDouble(), all.path("service").path("p99").asDouble(),
        all.path("corrected").path("max").asDouble(), e.path("agentCpu").asDouble(), e.path("systemCpu").asDouble(),
        perOp.toString());
  }

  private static double round(double v) {
    return Math.round(v * 100) / 100.0;
  }

  /** The agent's config: the spec with the family resolved, and where the cluster is. */
  private AgentConfig agentConfig(Run run, BenchmarkSpec s, String family, Cluster cluster) throws IOException {
    EngineKerberos k = cluster.kerberos();
    AgentConfig.Kerberos login = null;
    if (k != null) {
      // the agent logs in as the control plane does, from the same opened keytab and krb5.conf
      EngineLogins.ClientFiles files = logins.clientFiles(cluster.endpoints());
      login = new AgentConfig.Kerberos(k.principal(), files.keytab().toString(), files.krb5Conf().toString(),
          k.realm(), k.rpcProtection());
    }
    return new AgentConfig(run.id(), cluster.endpoints().zookeeperQuorum(), "/hbase",
        ClientSettings.BENCH_AGENT_TIMEOUT_MS, s.withFamily(family), login);
  }
}
