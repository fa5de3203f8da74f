package io.granary.experiments;

import io.granary.erasurecoding.EcMath;
import io.granary.shared.problem.FieldError;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * One experiment of the catalog: the seed figure it reproduces, its parameters, how a launch becomes
 * runs (one {@code granary-node} tool process each) and how their results become the seed's figure.
 */
abstract class ExperimentType {
  /** What a launch is checked against: the cluster as the last health collection saw it. */
  record Facts(int liveDataNodes, long remainingBytes, Map<String, EcMath.Layout> policies, int cores,
      boolean localCluster, long localFreeBytes) {}

  /**
   * One point of the figure: the tool and its arguments (HDFS tools get the cluster and a working
   * directory added by the runner), the parameters it stands for, and the HDFS bytes it writes at once.
   * A scratch experiment's variant also says how its scratch cluster starts ({@code local up} arguments).
   */
  record Variant(String label, String tool, List<String> args, Map<String, Object> params, long hdfsBytes,
      List<String> scratchUp) {
    Variant(String label, String tool, List<String> args, Map<String, Object> params, long hdfsBytes) {
      this(label, tool, args, params, hdfsBytes, null);
    }
  }

  record Series(String name, String style, List<Double> values) {}

  record Panel(String title, String xLabel, String yLabel, List<String> categories, List<Series> series,
      List<String> annotations) {}

  record Finding(String label, String ours, String seed) {}

  /** A table of the analysis (a regression's terms, the fastest configurations), as text cells. */
  record Table(String title, List<String> columns, List<List<String>> rows, String caption) {}

  record Figure(List<Panel> panels, List<Finding> findings, List<String> notes, List<Table> tables) {
    Figure(List<Panel> panels, List<Finding> findings, List<String> notes) {
      this(panels, findings, notes, List.of());
    }
  }

  /** A run as the figure needs it: its variant's parameters, state and the tool's result (null until done). */
  record Point(int variant, Map<String, Object> params, String state, JsonNode result) {}

  /** What the catalog says of an experiment: the seed's figure it reproduces and one command of it. */
  record Meta(String key, String title, String description, String seed, String figure, String seedHardware,
      List<String> seedFindings, String command) {}

  private final Meta meta;

  ExperimentType(Meta meta) {
    this.meta = meta;
  }

  final String key() {
    return meta.key();
  }

  final String title() {
    return meta.title();
  }

  final String description() {
    return meta.description();
  }

  final String seed() {
    return meta.seed();
  }

  final String figure() {
    return meta.figure();
  }

  final String seedHardware() {
    return meta.seedHardware();
  }

  final List<String> seedFindings() {
    return meta.seedFindings();
  }

  final String command() {
    return meta.command();
  }

  abstract List<Params> params();

  abstract Map<String, Object> defaults(int cores);

  abstract Map<String, Object> reduced();

  /** Whether the runs talk to the cluster (HDFS); false when they run on the control plane host alone. */
  abstract boolean touchesCluster();


  /**
   * Whether it destroys part of a cluster (stops a DataNode, restarts roles): then it runs only on a
   * scratch cluster it starts itself on other ports, never on the cluster it was launched from.
   */
  boolean scratch() {
    return false;
  }

  /** What a scratch experiment would do to a cluster, for its refusal on a real one. */
  String scratchReason() {
    return "";
  }

  /** Whether it runs on a scratch cluster with these parameters (some settings need restarted roles). */
  boolean scratch(JsonNode params) {
    return scratch();
  }

  /** Whether its tool is an HBase client: the runner gives it the cluster's quorum and a table of its own. */
  boolean hbaseTool() {
    return false;
  }

  /** Roughly how long one run takes, for a time budget; 0 when the experiment has none. */
  double estimateSeconds(Variant v) {
    return 0;
  }

  /** The launch's time budget in seconds, or null when the experiment takes none. */
  Long budgetSeconds(JsonNode params) {
    return null;
  }

  /** The order of the runs as {variant, repetition} pairs: by default every variant once per repetition. */
  List<int[]> order(int variants, int repetitions, JsonNode params) {
    List<int[]> out = new java.util.ArrayList<>();
    for (int r = 1; r <= repetitions; r++) {
      for (int v = 0; v < variants; v++) {
        out.add(new int[] {v, r});
      }
    }
    return out;
  }

  /** The runs of a launch, or an empty list with field errors. */
  abstract List<Variant> plan(JsonNode params, Facts facts, List<FieldError> errors);

  abstract Figure figure(List<Point> points);

  Params param(String name) {
    return params().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
  }

  static final String SEED_003_HARDWARE = "seed 003: 2 × Intel Xeon Gold 6140 @ 2.30 GHz (18 cores each) per node,"
      + " 10 Gbps, one rack, CDH 6 (Hadoop 3.0)";
}
