package io.granary.experiments;

import io.granary.shared.problem.FieldError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Seed 003 fig 10: on a scratch cluster, the same data replicated 3× and erasure-coded, one DataNode
 * killed, the time until each is fully redundant again (from the NameNode declaring it dead), and the
 * knobs that change it as variants, each on a fresh scratch cluster started with that setting.
 */
final class ReconstructionExperiment extends ExperimentType {
  static final String KEY = "reconstruction";
  /** The knobs, each one setting in hdfs-site.xml of the variant's scratch cluster. */
  static final Map<String, String[]> KNOBS = knobs();

  private static Map<String, String[]> knobs() {
    Map<String, String[]> m = new LinkedHashMap<>();
    m.put("defaults", new String[0]);
    m.put("ec-threads-16", new String[] {"dfs.datanode.ec.reconstruction.threads", "16"});
    m.put("xmits-weight-1", new String[] {"dfs.datanode.ec.reconstruction.xmits.weight", "1"});
    m.put("work-multiplier-10", new String[] {"dfs.namenode.replication.work.multiplier.per.iteration", "10"});
    return m;
  }

  private final List<Params> params = List.of(
      Params.choices("layout", "EC layout", List.of("RS-3-2-1024k", "XOR-2-1-1024k"),
          "pick one; the scratch cluster has one DataNode more than the layout needs"),
      Params.choices("variants", "Variants", List.copyOf(KNOBS.keySet()),
          "defaults; dfs.datanode.ec.reconstruction.threads=16 (default 8); dfs.datanode.ec.reconstruction."
              + "xmits.weight=1 (default 0.5); dfs.namenode.replication.work.multiplier.per.iteration=10 (default 2)"),
      Params.integer("files", "Files per directory", 1, 1000, null, "the same files replicated and erasure-coded"),
      Params.integer("fileMb", "File size", 1, 4096, "MiB", "size of each file"));

  ReconstructionExperiment() {
    super(new Meta(KEY, "Reconstruction time: replication vs EC",
        "On a scratch cluster it starts itself: the same files 3×-replicated and erasure-coded, one DataNode"
            + " killed, then the seconds from the NameNode declaring it dead until it counts no low-redundancy or"
            + " missing block of each kind; variants change one reconstruction knob. Never touches your cluster.",
        "seed 003", "fig 10 (time of recovery for RS-3-2)",
        "seed 003: a 20-node cluster (not the main test cluster), one DataNode shut down, RS-3-2 vs 3× replication",
        List.of("recovery of erasure-coded data took 6× as long as for 3× replication",
            "reconstruction reads k blocks from other DataNodes and computes the lost one: network- and CPU-heavy",
            "the HDFS reconstruction knobs tune its pace"),
        "granary-node local up --dir SCRATCH --port-base 25000 --datanodes 6 --regionservers 1; granary-node"
            + " reconstruction --dir SCRATCH --layout RS-3-2-1024k --files 32 --mb 64; granary-node local down --dir SCRATCH"));
  }

  @Override
  List<Params> params() {
    return params;
  }

  @Override
  Map<String, Object> defaults(int cores) {
    return Map.of("layout", List.of("RS-3-2-1024k"), "variants", List.of("defaults", "ec-threads-16",
        "work-multiplier-10"), "files", 32, "fileMb", 64);
  }

  @Override
  Map<String, Object> reduced() {
    return Map.of("layout", List.of("RS-3-2-1024k"), "variants", List.of("defaults"), "files", 4, "fileMb", 8);
  }

  @Override
  boolean touchesCluster() {
    return false;
  }

  @Override
  boolean scratch() {
    return true;
  }

  @Override
  String scratchReason() {
    return "kills a DataNode";
  }

  static int dataNodes(String layout) {
    String[] p = layout.split("-");
    return Math.max(4, Integer.parseInt(p[1]) + Integer.parseInt(p[2]) + 1);
  }

  @Override
  List<Variant> plan(JsonNode given, Facts facts, List<FieldError> errors) {
    Map<String, Object> d = defaults(facts.cores());
    List<String> layouts = param("layout").choicesOf(given, d, errors);
    List<String> variants = param("variants").choicesOf(given, d, errors);
    Long files = param("files").integerOf(given, d, errors);
    Long mb = param("fileMb").integerOf(given, d, errors);
    if (layouts != null && layouts.size() != 1) {
      errors.add(new FieldError("params.layout", "pick one layout"));
    }
    if (!errors.isEmpty()) {
      return List.of();
    }
    String layout = layouts.get(0);
    long logical = files * mb << 20;
    // both directories on the control plane's one disk: 3 copies, plus the data once and its parity
    String[] units = layout.split("-");
    int k = Integer.parseInt(units[1]);
    long local = logical * 3 + (long) Math.ceil(logical * (k + Integer.parseInt(units[2])) / (double) k);
    if (local > facts.localFreeBytes()) {
      errors.add(new FieldError("params.files", String.format(Locale.ROOT, "the scratch cluster would store %s on the"
          + " control plane's disk, which has %s free", ExperimentsService.bytes(local),
          ExperimentsService.bytes(facts.localFreeBytes()))));
      return List.of();
    }
    List<Variant> out = new ArrayList<>();
    for (String v : variants) {
      List<String> up = new ArrayList<>(List.of("--datanodes", String.valueOf(dataNodes(layout)), "--regionservers",
          "1"));
      String[] knob = KNOBS.get(v);
      if (knob.length > 0) {
        up.add("--hdfs-set");
        up.add(knob[0] + "=" + knob[1]);
      }
      Map<String, Object> p = new LinkedHashMap<>();
      p.put("layout", layout);
      p.put("variant", v);
      p.put("setting", knob.length > 0 ? knob[0] + "=" + knob[1] : "HDFS defaults");
      p.put("files", files);
      p.put("fileMb", mb);
      out.add(new Variant(v, "reconstruction", List.of("--layout", layout, "--files", files.toString(), "--mb",
          mb.toString()), p, 0, up));
    }
    return out;
  }

  @Override
  Figure figure(List<Point> points) {
    List<String> variants = new ArrayList<>();
    Map<String, Map<String, List<Double>>> seconds = new LinkedHashMap<>();
    String layout = points.isEmpty() ? "EC" : (String) points.get(0).params().get("layout");
    for (Point p : points) {
      String v = (String) p.params().get("variant");
      if (!variants.contains(v)) {
        variants.add(v);
      }
      if (p.result() == null || !p.result().has("ecSeconds")) {
        continue;
      }
      Map<String, List<Double>> m = seconds.computeIfAbsent(v, k -> new LinkedHashMap<>());
      m.computeIfAbsent("3× replication", k -> new ArrayList<>()).add(p.result().path("replicatedSeconds").asDouble());
      m.computeIfAbsent(layout, k -> new ArrayList<>()).add(p.result().path("ecSeconds").asDouble());
    }
    List<String> notes = new ArrayList<>();
    List<Finding> findings = new ArrayList<>();
    List<String> annotations = new ArrayList<>();
    for (String v : variants) {
      Map<String, List<Double>> m = seconds.getOrDefault(v, Map.of());
      Double ratio = Figures.ratio(Figures.median(m.get(layout)), Figures.median(m.get("3× replication")));
      annotations.add(ratio == null ? "" : "EC/replication " + Figures.times(ratio));
      if (ratio != null) {
        findings.add(new Finding("EC reconstruction / re-replication time, " + v, Figures.times(ratio),
            v.equals("defaults") ? "6× (RS-3-2, 20 nodes)" : "knobs change the pace"));
      }
    }
    for (Point p : points) {
      if (p.result() != null && p.result().has("deadAfterSeconds")) {
        notes.add(String.format(Locale.ROOT, "%s: %s killed, declared dead after %.1f s; it held %d replicas and %d"
            + " internal blocks", p.params().get("variant"), p.result().path("dataNode").asString(),
            p.result().path("deadAfterSeconds").asDouble(), p.result().path("lostReplicas").asInt(),
            p.result().path("lostInternalBlocks").asInt()));
      }
    }
    return new Figure(List.of(new Panel("Time to full redundancy", "variant", "seconds after the DataNode is declared"
        + " dead", variants, Figures.bars(List.of("3× replication", layout), variants, seconds), annotations)),
        findings, notes);
  }
}
