package io.granary.experiments;

import io.granary.benchmarks.AgentProcess;
import io.granary.clusters.Cluster;
import io.granary.engine.EngineConnections;
import io.granary.operations.OperationCancelledException;
import io.granary.operations.OperationContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
  private static final Duration POLL = Duration.ofMillis(500);
  static final String HDFS_ROOT = "/granary-bench/experiments";

  private final ExperimentRepository repo;
  private final ExperimentsProperties props;
  private final EngineConnections connections;
  private final JsonMapper json;

  public ExperimentRunner(ExperimentRepository repo, ExperimentsProperties props, EngineConnections connections,
      JsonMapper json) {
    this.repo = repo;
    this.props = props;
    this.connections = connections;
    this.json = json;
  }

  /** The command line a variant runs as, with the cluster and its working directory for HDFS tools. */
  static List<String> command(String launcher, ExperimentType.Variant v, boolean touchesCluster, Cluster c,
      long seriesId, int seq) {
    List<String> cmd = new ArrayList<>(List.of(launcher, v.tool()));
    cmd.addAll(v.args());
    if (touchesCluster) {
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

  static String workPath(long seriesId, int seq) {
    return HDFS_ROOT + "/" + seriesId + "-" + seq;
  }

  public String runSeries(OperationContext ctx, Cluster c, long seriesId, ExperimentType type) throws Exception {
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
      String end = execute(ctx, c, run, type);
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

  private String execute(OperationContext ctx, Cluster c, ExperimentRepository.RunRow run, ExperimentType type)
      throws InterruptedException {
    Path work = Path.of(props.workDir());
    Path logFile = work.resolve("run-" + run.id() + ".log");
    List<String> cmd = new ArrayList<>(List.of(run.command().split(" ")));
    cmd.set(0, Path.of(props.nodeHome()).resolve("bin/granary-node").toString());
    AgentProcess tool;
    try {
      Files.createDirectories(work);
      Map<String, String> env = c.endpoints().hdfsUser() == null ? Map.of()
          : Map.of("HADOOP_USER_NAME", c.endpoints().hdfsUser());
      tool = AgentProcess.start(cmd, env, logFile);
    } catch (IOException e) {
      return finish(run, "FAILED", "cannot start granary-node " + run.command().split(" ")[1] + ": " + e.getMessage(),
          null);
    }
    repo.started(run.id(), tool.pid());
    ctx.info("run #" + run.id() + " (" + run.label() + "): pid " + tool.pid() + ", log " + logFile);
    try (tool) {
      return follow(ctx, run, tool);
    } finally {
      if (type.touchesCluster()) {
        removeWorkDir(ctx, c, run);
      }
    }
  }

  private String follow(OperationContext ctx, ExperimentRepository.RunRow run, AgentProcess tool)
      throws InterruptedException {
    ObjectNode result = json.createObjectNode();
    ArrayNode points = null;
    boolean cancelled = false;
    long termAt = 0;
    while (true) {
      String line = tool.next(POLL);
      if (line == null) {
        if (!cancelled && ctx.cancelRequested()) {
          cancelled = true;
          termAt = System.nanoTime();
          ctx.warn("stopping run #" + run.id() + " (pid " + tool.pid() + ")");
          tool.terminate();
        } else if (cancelled && System.nanoTime() - termAt > props.stopGrace().toNanos()) {
          ctx.warn("run #" + run.id() + " did not stop within " + props.stopGrace().toSeconds() + " s: killed");
          tool.kill();
        }
        continue;
      }
      if (AgentProcess.EOF.equals(line)) {
        break;
      }
      JsonNode e;
      try {
        e = json.readTree(line);
      } catch (RuntimeException bad) {
        log.debug("tool line that is not JSON: {}", line);
        continue;
      }
      if (!e.isObject()) {
        continue;
      }
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
    if (cancelled) {
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
    return r.path("points").size() + " file sizes counted";
  }

  /** The run's HDFS working directory goes whatever happened to the run (the tool may have been killed). */
  private void removeWorkDir(OperationContext ctx, Cluster c, ExperimentRepository.RunRow run) {
    String path = workPath(run.seriesId(), run.seq());
    try {
      connections.hdfs(c.endpoints()).delete(new org.apache.hadoop.fs.Path(path), true);
    } catch (IOException | RuntimeException e) {
      ctx.warn("could not remove " + path + " from HDFS: " + e.getMessage() + " (remove it with: hdfs dfs -rm -r -skipTrash "
          + path + ")");
    }
  }
}
