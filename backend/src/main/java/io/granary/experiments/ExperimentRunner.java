package io.granary.experiments;

import io.granary.benchmarks.AgentProcess;
import io.granary.clusters.Cluster;
import io.granary.engine.EngineConnections;
import io.granary.engine.EngineErasureCoding;
import io.granary.operations.OperationCancelledException;
import io.granary.operations.OperationContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs an experiment series' runs one after another, one {@code granary-node} tool process each,
 * storing what the tool prints; an HDFS tool's working directory is removed after its run whatever
 * the outcome, so a cancel or a failure leaves neither a process nor data behind.
 */
@Component
public class ExperimentRunner {
  private static final Logger log = LoggerFactory.getLogger(ExperimentRunner.class);
  static final String HDFS_ROOT = "/granary-bench/experiments";
  /**
   * Scratch clusters live on their own port plan, away from every cluster and test of this host, and
   * below Linux's ephemeral range (32768–60999): a plan there lost a DataNode's port to a client socket.
   */
  static final int SCRATCH_PORT_BASE = 25000;
  /** One scratch cluster at a time on this host: they share the port plan and the 2 GB they need. */
  private static final java.util.concurrent.Semaphore SCRATCH = new java.util.concurrent.Semaphore(1);

  private final ExperimentRepository repo;
  private final ExperimentsProperties props;
  private final EngineErasureCoding ec;
  private final io.granary.engine.EngineTables tables;
  private final JsonMapper json;
  private final io.granary.benchmarks.BenchmarksProperties bench;
  /** Live RegionServers of a cluster as the last collection saw them (at least 1). */
  private final java.util.function.ToIntFunction<Long> regionServers;

  public ExperimentRunner(ExperimentRepository repo, ExperimentsProperties props, EngineErasureCoding ec,
      io.granary.engine.EngineTables tables, JsonMapper json, io.granary.benchmarks.BenchmarksProperties bench,
      io.granary.clusters.ClustersService clusters) {
    this.bench = bench;
    this.regionServers = id -> {
      io.granary.clusters.ClusterState st = clusters.state(id);
      return st == null || st.snapshot() == null ? 1 : Math.max(1, st.snapshot().hbase().regionServers().size());
    };
    this.tables = tables;
    this.repo = repo;
    this.props = props;
    this.ec = ec;
    this.json = json;
  }

  static List<String> command(String launcher, ExperimentType.Variant v, boolean touchesCluster, Cluster c,
      long seriesId, int seq) {
    return command(launcher, v, touchesCluster, false, c, seriesId, seq);
  }

  static List<String> command(String launcher, ExperimentType.Variant v, ExperimentType type, Cluster c,
      long seriesId, int seq) {
    return command(launcher, v, type.touchesCluster(), type.hbaseTool(), c, seriesId, seq);
  }

  /**
   * The command line a variant runs as: with the cluster and its working directory for HDFS tools, the
   * quorum and a table of its own for HBase tools, the scratch cluster's directory for scratch runs.
   */
  static List<String> command(String launcher, ExperimentType.Variant v, boolean touchesCluster, boolean hbaseTool,
      Cluster c, long seriesId, int seq) {
    if (PeBigtableExperiment.AGENT.equals(v.tool())) {
      // the agent reads a config file the runner writes; what it does, as the official tool would
      return List.of(v.tool(), "--config", "run.json", "#", io.granary.benchmarks.ShellEquivalent.of(
          PeBigtableExperiment.spec(v.params(), tableName(seriesId, seq))).replace("\n", " ; "));
    }
    List<String> cmd = new ArrayList<>(List.of(launcher, v.tool()));
    cmd.addAll(v.args());
    if (v.scratchUp() != null) {
      cmd.add("--dir");
      cmd.add(scratchName(seriesId, seq));
    }
    if (hbaseTool) {
      if (v.scratchUp() == null) {
        cmd.add("--zookeeper");
        cmd.add(c.endpoints().zookeeperQuorum());
      }
      cmd.add("--table");
      cmd.add(tableName(seriesId, seq));
    } else if (touchesCluster) {
      Map<String, String> client = EngineConnections.hdfsClient(c.endpoints());
      cmd.add("--namenode");
      cmd.add(client.get("fs.defaultFS"));
      client.forEach((k, val) -> {
        if (!k.equals("fs.defaultFS")) {
          cmd.add("--conf");
          cmd.add(k + "=" + val);
        }
      });
      cmd.add("--path");
      cmd.add(workPath(seriesId, seq));
    }
    return cmd;
  }

  Path scratchRoot() {
    return Path.of(props.workDir()).resolve("scratch");
  }

  boolean scratchBusy() {
    return SCRATCH.availablePermits() == 0;
  }

  /** A control plane that died mid-experiment left its scratch cluster running: stop and remove it at start-up. */
  @org.springframework.context.event.EventListener(org.springframework.boot.context.event.ApplicationReadyEvent.class)
  public void sweepScratch() {
    if (!Files.isDirectory(scratchRoot())) {
      return;
    }
    try (var dirs = Files.list(scratchRoot())) {
      for (Path d : dirs.toList()) {
        log.warn("removing the scratch cluster {} a stopped control plane left behind", d);
        removeScratch(d, null, null);
      }
    } catch (IOException e) {
      log.warn("cannot sweep {}: {}", scratchRoot(), e.getMessage());
    }
  }

  /** The table an HBase tool's run creates and drops (the runner drops it too, should the tool be killed). */
  static String tableName(long seriesId, int seq) {
    return "granary_exp_" + seriesId + "_" + seq;
  }

  static String workPath(long seriesId, int seq) {
    return HDFS_ROOT + "/" + seriesId + "-" + seq;
  }

  /** The scratch cluster's directory name under the scratch root, as the stored command shows it. */
  static String scratchName(long seriesId, int seq) {
    return "scratch/" + seriesId + "-" + seq;
  }

  public String runSeries(OperationContext ctx, Cluster c, long seriesId, ExperimentType type,
      List<ExperimentType.Variant> variants) throws Exception {
    List<ExperimentRepository.RunRow> runs = repo.runs(seriesId);
    int failed = 0;
    String firstFailure = null;
    for (int i = 0; i < runs.size(); i++) {
      ExperimentRepository.RunRow run = runs.get(i);
      if (!run.state().equals("QUEUED")) {
        continue;
      }
      if (ctx.cancelRequested()) {
        cancelRest(runs, i);
        throw new OperationCancelledException();
      }
      ctx.progress(100 * i / runs.size(), "run " + (i + 1) + "/" + runs.size() + " (#" + run.id() + "): " + run.label()
          + (run.repetition() > 1 ? ", repetition " + run.repetition() : ""));
      String end = execute(ctx, c, run, type, variants.get(run.variant()));
      if (end.equals("CANCELLED")) {
        cancelRest(runs, i + 1);
        throw new OperationCancelledException();
      }
      if (end.equals("FAILED")) {
        failed++;
        if (firstFailure == null) {
          firstFailure = "#" + run.id() + " " + run.label();
        }
      }
    }
    if (failed > 0) {
      throw new IllegalStateException(failed + " of " + runs.size() + " runs failed, first " + firstFailure);
    }
    return runs.size() + " runs of " + type.title();
  }

  private void cancelRest(List<ExperimentRepository.RunRow> runs, int from) {
    for (int j = from; j < runs.size(); j++) {
      repo.finish(runs.get(j).id(), "CANCELLED", "cancelled before it started", null, null);
    }
  }

  private String execute(OperationContext ctx, Cluster c, ExperimentRepository.RunRow run, ExperimentType type,
      ExperimentType.Variant variant) throws InterruptedException {
    if (PeBigtableExperiment.AGENT.equals(variant.tool())) {
      return executeAgent(ctx, c, run, variant);
    }
    Path work = Path.of(props.workDir());
    Path logFile = work.resolve("run-" + run.id() + ".log");
    Path launcher = Path.of(props.nodeHome()).resolve("bin/granary-node");
    List<String> cmd = new ArrayList<>(List.of(run.command().split(" ")));
    cmd.set(0, launcher.toString());
    Path scratch = null;
    if (variant.scratchUp() != null) {
      scratch = scratchRoot().resolve(run.seriesId() + "-" + run.seq());
      int at = cmd.indexOf(scratchName(run.seriesId(), run.seq()));
      cmd.set(at, scratch.toString());
      if (!SCRATCH.tryAcquire()) {
        return finish(run, "FAILED", "another experiment's scratch cluster is running on this host (one at a time)",
            null);
      }
    }
    try {
      Files.createDirectories(work);
      if (scratch != null) {
        String failed = startScratch(ctx, run, launcher, scratch, variant.scratchUp(), logFile);
        if (failed != null) {
          return finish(run, failed.equals("CANCELLED") ? "CANCELLED" : "FAILED", failed.equals("CANCELLED")
              ? "cancelled while its scratch cluster started; the scratch cluster was removed" : failed, null);
        }
      }
      Map<String, String> env = c.endpoints().hdfsUser() == null || scratch != null ? Map.of()
          : Map.of("HADOOP_USER_NAME", c.endpoints().hdfsUser());
      AgentProcess tool;
      try {
        tool = AgentProcess.start(cmd, env, logFile);
      } catch (IOException e) {
        return finish(run, "FAILED", "cannot start granary-node " + cmd.get(1) + ": " + e.getMessage(), null);
      }
      repo.started(run.id(), tool.pid());
      ctx.info("run #" + run.id() + " (" + run.label() + "): pid " + tool.pid() + ", log " + logFile);
      try (tool) {
        return follow(ctx, run, tool);
      } finally {
        if (type.hbaseTool()) {
          if (scratch == null) {
            dropTable(ctx, c, run);
          }
        } else if (type.touchesCluster()) {
          removeWorkDir(ctx, c, run);
        }
      }
    } catch (IOException e) {
      return finish(run, "FAILED", "cannot write " + work + ": " + e.getMessage(), null);
    } finally {
      if (scratch != null) {
        boolean ok = repo.runs(run.seriesId()).stream()
            .anyMatch(r -> r.id() == run.id() && r.state().equals("SUCCEEDED"));
        removeScratch(scratch, ctx, ok ? null : work.resolve("run-" + run.id() + "-logs"));
        SCRATCH.release();
      }
    }
  }

  /**
   * A run of the bench agent (the PE workloads): its config written from the variant, on a table of the
   * run's own that is created first and dropped after, whatever happens.
   */
  private String executeAgent(OperationContext ctx, Cluster c, ExperimentRepository.RunRow run,
      ExperimentType.Variant variant) throws InterruptedException {
    Path work = Path.of(props.workDir());
    String table = tableName(run.seriesId(), run.seq());
    Path config = work.resolve("run-" + run.id() + ".json");
    Path logFile = work.resolve("run-" + run.id() + ".log");
    int servers = regionServers.applyAsInt(c.id());
    try {
      Files.createDirectories(work);
      tables.create(c.endpoints(), new io.granary.engine.TableSpec(table, List.of(new io.granary.engine.TableSpec.Family(
          "f", "NONE", "ROW", 65536, "NONE", Integer.MAX_VALUE, 0, 1, false, true)),
          io.granary.engine.TableSpec.Settings.DEFAULTS, List.of()));
    } catch (IOException | RuntimeException e) {
      return finish(run, "FAILED", "cannot create the run's table " + table + ": " + e.getMessage(), null);
    }
    try {
      io.granary.engine.client.BenchmarkSpec spec = PeBigtableExperiment.spec(variant.params(), table);
      Files.writeString(config, json.writeValueAsString(new io.granary.engine.client.AgentConfig(run.id(),
          c.endpoints().zookeeperQuorum(), "/hbase", io.granary.engine.client.ClientSettings.BENCH_AGENT_TIMEOUT_MS,
          spec)));
      AgentProcess agent = AgentProcess.start(Path.of(bench.agentHome()), config, logFile, bench.agentHeap());
      repo.started(run.id(), agent.pid());
      ctx.info("run #" + run.id() + " (" + run.label() + "): bench agent pid " + agent.pid() + ", log " + logFile);
      try (agent) {
        return followAgent(ctx, run, agent, servers);
      }
    } catch (IOException e) {
      return finish(run, "FAILED", "cannot start the bench agent: " + e.getMessage(), null);
    } finally {
      dropTable(ctx, c, run);
      try {
        Files.deleteIfExists(config);
      } catch (IOException e) {
        log.debug("could not delete {}", config, e);
      }
    }
  }

  /** The agent's events: its phases and intervals as progress, its summary as the run's result. */
  private String followAgent(OperationContext ctx, ExperimentRepository.RunRow run, AgentProcess agent, int servers)
      throws InterruptedException {
    JsonNode summary = null;
    String failure = null;
    for (JsonNode e; (e = agent.nextEvent(ctx::cancelRequested, props.stopGrace(), "the bench agent", ctx::warn,
        json)) != null; ) {
      switch (e.path("event").asString("")) {
        case "interval" -> repo.progress(run.id(), e.path("progress").asDouble());
        case "summary" -> summary = e;
        case "failed" -> failure = e.path("message").asString();
        default -> {
          // agent, phase: provenance the benchmark runs keep; an experiment run keeps its figures
        }
      }
    }
    agent.waitFor(props.stopGrace());
    if (agent.stopped()) {
      return finish(run, "CANCELLED", "cancelled; the bench agent was stopped and the run's table dropped", null);
    }
    if (failure != null || summary == null) {
      String tail = agent.stderrTail(2);
      return finish(run, "FAILED", failure != null ? failure : "the bench agent ended without a summary"
          + (tail.isEmpty() ? "" : ": " + tail), null);
    }
    double seconds = summary.path("measuredSeconds").asDouble();
    JsonNode all = summary.path("all");
    ObjectNode result = json.createObjectNode();
    result.put("workload", run.label());
    result.put("measuredSeconds", seconds);
    result.put("count", all.path("count").asLong());
    result.put("rows", all.path("rows").asLong());
    result.put("opsPerSec", seconds > 0 ? all.path("count").asLong() / seconds : 0);
    // the paper counts values read or written: a scan's rows, not its scans
    result.put("rowsPerSec", seconds > 0 ? Math.max(all.path("rows").asLong(), all.path("count").asLong()) / seconds
        : 0);
    result.put("p99Ms", all.path("corrected").path("p99").asDouble());
    result.put("errors", all.path("errors").asLong());
    result.put("regionServers", servers);
    return finish(run, "SUCCEEDED", message(result), result);
  }

  /**
   * {@code local up} of the run's scratch cluster; null when it is up, CANCELLED, or why it failed. Its
   * process is the run's pid meanwhile, so a cancel stops it as it would the tool.
   */
  private String startScratch(OperationContext ctx, ExperimentRepository.RunRow run, Path launcher, Path scratch,
      List<String> upArgs, Path logFile) throws IOException, InterruptedException {
    List<String> up = new ArrayList<>(List.of(launcher.toString(), "local", "up", "--dir", scratch.toString(),
        "--port-base", String.valueOf(SCRATCH_PORT_BASE)));
    up.addAll(upArgs);
    ctx.info("run #" + run.id() + ": starting its scratch cluster: " + String.join(" ", up.subList(1, up.size())));
    AgentProcess p = AgentProcess.start(up, Map.of(), logFile);
    repo.started(run.id(), p.pid());
    java.util.ArrayDeque<String> last = new java.util.ArrayDeque<>();
    try (p) {
      while (true) {
        String line = p.nextLine(ctx::cancelRequested, props.stopGrace(), "its scratch cluster's start", ctx::warn);
        if (AgentProcess.EOF.equals(line)) {
          break;
        }
        last.addLast(line);
        if (last.size() > 3) {
          last.removeFirst();
        }
      }
      if (p.stopped()) {
        p.waitFor(props.stopGrace());
        return "CANCELLED";
      }
      int exit = p.waitFor(props.stopGrace());
      if (exit != 0) {
        String why = String.join(" | ", last) + (p.stderrTail(2).isEmpty() ? "" : " | " + p.stderrTail(2));
        return "its scratch cluster did not start (exit " + exit + "): " + why.trim();
      }
    }
    ctx.info("run #" + run.id() + ": scratch cluster up in " + scratch);
    return null;
  }

  /**
   * {@code local down} (by the PIDs in its files), any role it missed, and the directory deleted; the
   * roles' logs are kept in {@code keepLogs} first when given (a failed run). ctx null at the start-up sweep.
   */
  void removeScratch(Path scratch, OperationContext ctx, Path keepLogs) {
    Path launcher = Path.of(props.nodeHome()).resolve("bin/granary-node");
    try {
      Process down = new ProcessBuilder(launcher.toString(), "local", "down", "--dir", scratch.toString())
          .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      if (!down.waitFor(3, java.util.concurrent.TimeUnit.MINUTES)) {
        down.destroyForcibly();
      }
      // a role that `local up` was still spawning when it was stopped has no PID file yet: its command line
      // names the scratch directory, which only this run's processes do
      String dir = scratch.toAbsolutePath().normalize().toString();
      // the directory itself or a path inside it, never a sibling whose name it starts (…/5-1 vs …/5-10)
      List<Long> left = new ArrayList<>(processesNaming(dir + "/"));
      processesNaming(dir + "\0").stream().filter(p -> !left.contains(p)).forEach(left::add);
      for (long pid : left) {
        log.warn("scratch role pid {} survived local down: killed", pid);
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
      }
      if (keepLogs != null && Files.isDirectory(scratch.resolve("logs"))) {
        org.springframework.util.FileSystemUtils.copyRecursively(scratch.resolve("logs"), keepLogs);
      }
      org.springframework.util.FileSystemUtils.deleteRecursively(scratch);
      if (ctx != null) {
        ctx.info("scratch cluster " + scratch + " stopped and removed");
      }
    } catch (IOException e) {
      if (ctx != null) {
        ctx.warn("could not remove the scratch cluster " + scratch + ": " + e.getMessage() + " (granary-node local down"
            + " --dir " + scratch + "; rm -rf " + scratch + ")");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private String follow(OperationContext ctx, ExperimentRepository.RunRow run, AgentProcess tool)
      throws InterruptedException {
    ObjectNode result = json.createObjectNode();
    ArrayNode points = null;
    for (JsonNode e; (e = tool.nextEvent(ctx::cancelRequested, props.stopGrace(), "run #" + run.id(), ctx::warn,
        json)) != null; ) {
      switch (e.path("event").asString("")) {
        case "progress" -> repo.progress(run.id(), e.path("done").asDouble() / Math.max(1, e.path("total").asDouble()));
        case "point" -> {
          if (points == null) {
            points = result.putArray("points");
          }
          ObjectNode p = ((ObjectNode) e).deepCopy();
          p.remove("event");
          points.add(p);
        }
        case "layout" -> {
          ObjectNode l = ((ObjectNode) e).deepCopy();
          l.remove("event");
          result.set("layout", l);
        }
        default -> result.setAll((ObjectNode) e);
      }
    }
    int exit = tool.waitFor(props.stopGrace());
    if (tool.stopped()) {
      return finish(run, "CANCELLED", "cancelled; the tool was stopped and its HDFS directory removed", null);
    }
    if (exit != 0 || result.isEmpty()) {
      String tail = tool.stderrTail(2);
      return finish(run, "FAILED", "granary-node exited with code " + exit + (tail.isEmpty() ? "" : ": " + tail), null);
    }
    return finish(run, "SUCCEEDED", message(result), result);
  }

  private String finish(ExperimentRepository.RunRow run, String state, String message, JsonNode result) {
    Double mb = null;
    if (result != null && result.has("encodeMiBps")) {
      mb = result.path("encodeMiBps").asDouble();
    } else if (result != null && result.has("writeMiBps")) {
      mb = result.path("writeMiBps").asDouble();
    }
    repo.finish(run.id(), state, message, result == null ? null : result.toString(), mb);
    return state;
  }

  static String message(JsonNode r) {
    if (r.has("encodeMiBps")) {
      return String.format(java.util.Locale.ROOT, "encode %,.0f MiB/s, decode %,.0f MiB/s",
          r.path("encodeMiBps").asDouble(), r.path("decodeMiBps").asDouble());
    }
    if (r.has("writeMiBps")) {
      return String.format(java.util.Locale.ROOT, "write %,.1f MiB/s, read %,.1f MiB/s",
          r.path("writeMiBps").asDouble(), r.path("readMiBps").asDouble());
    }
    if (r.has("compressionRatio")) {
      return String.format(java.util.Locale.ROOT, "scan %,.0f, seek %,.0f entries/s; compression %.2f:1",
          r.path("scanEntriesPerSec").asDouble(), r.path("seekEntriesPerSec").asDouble(),
          r.path("compressionRatio").asDouble());
    }
    if (r.has("curves")) {
      return r.path("curves").size() + " value size(s) read from the MemStore at " + r.path("curves").path(0)
          .path("points").size() + " batch sizes";
    }
    if (r.has("seconds") && r.has("requests")) {
      return String.format(java.util.Locale.ROOT, "%,d %s requests in %.2f s", r.path("requests").asLong(),
          r.path("op").asString(""), r.path("seconds").asDouble());
    }
    if (r.has("rowsPerSec") && r.has("regionServers")) {
      return String.format(java.util.Locale.ROOT, "%,.0f rows/s over %d RegionServer(s)", r.path("rowsPerSec").asDouble(),
          r.path("regionServers").asInt());
    }
    return r.path("points").size() + " file sizes counted";
  }

  /** PIDs whose command line contains the text (/proc/PID/cmdline). */
  static List<Long> processesNaming(String text) {
    List<Long> out = new ArrayList<>();
    try (var procs = Files.list(Path.of("/proc"))) {
      for (Path p : procs.toList()) {
        String name = p.getFileName().toString();
        if (!name.chars().allMatch(Character::isDigit) || Long.parseLong(name) == ProcessHandle.current().pid()) {
          continue;
        }
        try {
          if (new String(Files.readAllBytes(p.resolve("cmdline")), java.nio.charset.StandardCharsets.UTF_8)
              .contains(text)) {
            out.add(Long.parseLong(name));
          }
        } catch (IOException gone) {
          // exited meanwhile
        }
      }
    } catch (IOException e) {
      log.debug("cannot list /proc", e);
    }
    return out;
  }

  /** The run's table goes whatever happened to the run (the tool drops it, unless it was killed). */
  private void dropTable(OperationContext ctx, Cluster c, ExperimentRepository.RunRow run) {
    String table = tableName(run.seriesId(), run.seq());
    try {
      if (tables.exists(c.endpoints(), table)) {
        tables.drop(c.endpoints(), table);
        ctx.info("dropped the run's table " + table + " its tool left behind");
      }
    } catch (IOException | RuntimeException e) {
      ctx.warn("could not drop " + table + ": " + e.getMessage() + " (drop it with: disable '" + table + "'; drop '"
          + table + "')");
    }
  }

  /** The run's HDFS working directory goes whatever happened to the run (the tool may have been killed). */
  private void removeWorkDir(OperationContext ctx, Cluster c, ExperimentRepository.RunRow run) {
    String path = workPath(run.seriesId(), run.seq());
    try {
      ec.delete(c.endpoints(), path);
    } catch (IOException | RuntimeException e) {
      ctx.warn("could not remove " + path + " from HDFS: " + e.getMessage() + " (remove it with: hdfs dfs -rm -r -skipTrash "
          + path + ")");
    }
  }
}
