package io.granary.experiments;

import io.granary.erasurecoding.EcMath;
import io.granary.shared.problem.FieldError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * Seed 003 figs 11–12: block objects the NameNode keeps per file, by file size, under replication and
 * EC policies, counted from the NameNode's block locations and set against the striped-block
 * arithmetic the EC savings report uses ({@link EcMath}); the two must agree.
 */
final class SmallFilesExperiment extends ExperimentType {
  static final String KEY = "small-files";

  private final List<Params> params = List.of(
      Params.choices("layouts", "Layouts", Layouts.OPTIONS, "3× replication or an EC policy of the cluster"),
      Params.integers("sizesKib", "File sizes", 1, 4 << 20, "KiB", "one point of the figure per size"),
      Params.integer("files", "Files per size", 1, 100, null, "the count is per file; more files average nothing out"),
      Params.integer("blockSizeMb", "Block size", 1, 1024, "MiB", "HDFS block size of the files (default 128)"));

  SmallFilesExperiment() {
    super(new Meta(KEY, "Small files and block objects",
        "Writes files of the chosen sizes under each layout and counts the block objects (replicas, or internal"
            + " blocks of each block group) the NameNode locates for them, beside what the savings report's arithmetic"
            + " says. EC needs data + parity objects even for a file smaller than one stripe.",
        "seed 003", "figs 11–12 (number of blocks in the NameNode for different file sizes)",
        SEED_003_HARDWARE + "; 128 MB blocks, RS-6-3 with 1 MB cells",
        List.of("RS-6-3: a 1 MB file needs 4 block objects (1 data + 3 parity), 3× replication needs 3",
            "RS-6-3: a 10 MB file and a 768 MB file both need 9; 3× replication needs 3 for 10 MB",
            "replication grows linearly with size, EC in steps of a block group"),
        "granary-node small-files --namenode hdfs://<namenode> --layout RS-3-2-1024k --sizes 1048576,10485760"
            + " --files 1"));
  }

  @Override
  List<Params> params() {
    return params;
  }

  @Override
  Map<String, Object> defaults(int cores) {
    return Map.of("layouts", List.of(Layouts.REPLICATION, "RS-3-2-1024k"),
        "sizesKib", List.of(512, 1024, 2048, 3072, 4096, 10240, 131072, 393216, 524288), "files", 1,
        "blockSizeMb", 128);
  }

  @Override
  Map<String, Object> reduced() {
    return Map.of("layouts", List.of(Layouts.REPLICATION, "RS-3-2-1024k"), "sizesKib", List.of(512, 1024, 3072, 5120),
        "files", 1, "blockSizeMb", 4);
  }

  @Override
  boolean touchesCluster() {
    return true;
  }

  @Override
  List<Variant> plan(JsonNode given, Facts facts, List<FieldError> errors) {
    Map<String, Object> d = defaults(facts.cores());
    List<String> layouts = param("layouts").choicesOf(given, d, errors);
    List<Long> sizes = param("sizesKib").integersOf(given, d, errors);
    Long files = param("files").integerOf(given, d, errors);
    Long block = param("blockSizeMb").integerOf(given, d, errors);
    if (layouts != null) {
      Layouts.check(layouts, facts, "params.layouts", errors);
    }
    if (!errors.isEmpty()) {
      return List.of();
    }
    long logical = files * sizes.stream().mapToLong(s -> s << 10).sum();
    List<Variant> out = new ArrayList<>();
    for (String layout : layouts) {
      Map<String, Object> v = new LinkedHashMap<>();
      v.put("layout", layout);
      v.put("sizesKib", sizes);
      v.put("files", files);
      v.put("blockSizeMb", block);
      out.add(new Variant(layout, "small-files", List.of("--layout", layout, "--sizes",
          String.join(",", sizes.stream().map(s -> String.valueOf(s << 10)).toList()), "--files", files.toString(),
          "--block-size", String.valueOf(block << 20)), v, Layouts.stored(logical, Layouts.of(layout, facts))));
    }
    return out;
  }

  /** The arithmetic's block objects for one file, from the layout the tool reported it wrote under. */
  static long expected(long size, JsonNode layout) {
    long blockSize = layout.path("blockSize").asLong();
    EcMath.Layout l = layout.path("dataUnits").asInt() > 0
        ? new EcMath.Layout(layout.path("layout").asString(), layout.path("dataUnits").asInt(),
            layout.path("parityUnits").asInt(), layout.path("cellSize").asInt(), 1)
        : EcMath.Layout.replicated(layout.path("layout").asString(), layout.path("replication").asInt());
    return EcMath.cost(size, blockSize, l).blockObjects();
  }

  @Override
  Figure figure(List<Point> points) {
    Map<String, Map<Long, List<Double>>> measured = new LinkedHashMap<>();
    Map<String, Map<Long, Long>> arithmetic = new LinkedHashMap<>();
    TreeSet<Long> sizes = new TreeSet<>();
    int agree = 0;
    List<String> disagree = new ArrayList<>();
    for (Point p : points) {
      String layout = (String) p.params().get("layout");
      measured.computeIfAbsent(layout, k -> new LinkedHashMap<>());
      arithmetic.computeIfAbsent(layout, k -> new LinkedHashMap<>());
      for (Object s : (List<?>) p.params().get("sizesKib")) {
        sizes.add(((Number) s).longValue() << 10);
      }
      if (p.result() == null || !p.result().has("layout")) {
        continue;
      }
      for (JsonNode pt : p.result().path("points")) {
        long size = pt.path("size").asLong();
        double perFile = pt.path("blockObjects").asDouble() / Math.max(1, pt.path("files").asLong());
        long expect = expected(size, p.result().path("layout"));
        measured.get(layout).computeIfAbsent(size, k -> new ArrayList<>()).add(perFile);
        arithmetic.get(layout).put(size, expect);
        if (perFile == expect) {
          agree++;
        } else {
          disagree.add(String.format(Locale.ROOT, "%s, %s: the NameNode has %.1f block objects per file, the arithmetic"
              + " says %d", layout, size(size), perFile, expect));
        }
      }
    }
    List<String> categories = sizes.stream().map(SmallFilesExperiment::size).toList();
    List<Panel> panels = new ArrayList<>();
    List<Finding> findings = new ArrayList<>();
    for (String layout : measured.keySet()) {
      List<Double> m = new ArrayList<>();
      List<Double> a = new ArrayList<>();
      for (long s : sizes) {
        m.add(Figures.median(measured.get(layout).get(s)));
        Long e = arithmetic.get(layout).get(s);
        a.add(e == null ? null : e.doubleValue());
      }
      panels.add(new Panel("Block objects per file: " + layout, "file size", "block objects per file", categories,
          List.of(new Series("arithmetic", "line", a), new Series("measured (NameNode)", "points", m)), List.of()));
      for (long s : sizes) {
        Double v = Figures.median(measured.get(layout).get(s));
        if (v != null && (s == 1 << 20 || s == 10 << 20)) {
          findings.add(new Finding("block objects of a " + size(s) + " file, " + layout, String.format(Locale.ROOT,
              "%.0f", v), s == 1 << 20 ? "RS-6-3: 4; 3× replication: 3" : "RS-6-3: 9; 3× replication: 3"));
        }
      }
    }
    List<String> notes = new ArrayList<>();
    notes.add(agree + " of " + (agree + disagree.size()) + " measured points equal the arithmetic");
    notes.addAll(disagree);
    findings.add(new Finding("measured = arithmetic", agree + " of " + (agree + disagree.size()) + " points",
        "the seed's figures are the arithmetic"));
    return new Figure(panels, findings, notes);
  }

  static String size(long bytes) {
    if (bytes >= 1 << 20 && bytes % (1 << 20) == 0) {
      return (bytes >> 20) + " MiB";
    }
    return bytes % 1024 == 0 ? (bytes >> 10) + " KiB" : bytes + " B";
  }
}
