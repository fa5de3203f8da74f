package io.granary.experiments;

import io.granary.shared.problem.FieldError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Seed 002 §5: multi-gets of N keys served from the MemStore (nothing flushed), by N, with MSLAB on
 * or off and its chunk size, for several value sizes: the time to read every row once. MSLAB and its
 * chunk size are RegionServer settings, so each combination gets a scratch cluster started with it.
 */
final class MslabBatchExperiment extends ExperimentType {
  static final String KEY = "mslab-batch";
  /** The scratch RegionServer's heap (640 MiB) holds about 256 MiB of MemStore: stay well under it. */
  static final long MAX_MEMSTORE_BYTES = 64L << 20;

  private final List<Params> params = List.of(
      Params.choices("mslab", "MSLAB", List.of("on", "off"), "hbase.hregion.memstore.mslab.enabled"),
      Params.integers("chunkSizes", "MSLAB chunk sizes", 64 << 10, 64 << 20, "bytes",
          "hbase.hregion.memstore.mslab.chunksize (MSLAB on only)"),
      Params.integers("valueSizes", "Value sizes", 1, 1 << 20, "bytes", "random bytes per row"),
      Params.integers("batches", "Keys per multi-get", 1, 100_000, null, "the curve's points"),
      Params.integer("rows", "Rows", 100, 1_000_000, null, "rows per value size, all read once per point"));

  MslabBatchExperiment() {
    super(new Meta(KEY, "MSLAB and batch reads from the MemStore",
        "Writes rows of each value size and keeps them in the MemStore (the table never flushes; the RegionServer's"
            + " region metrics confirm no store file before and after), then one thread reads every row once, in"
            + " random order, in multi-gets of N keys, for each N. Each MSLAB setting and chunk size runs on a"
            + " scratch cluster started with it.",
        "seed 002", "§5 (MultiGet / MultiPut batch processing: reading from the MemStore)",
        "seed 002: a VM with 8 cores, HBase 2.0.0-cdh6.0.0-beta1; 50,000 entries read from the MemStore by one thread",
        List.of("up to about 1,000 keys per request, larger batches read faster",
            "with MSLAB on (the default), time rises sharply past that, more so for larger values",
            "a larger chunk size brings the time back to normal; MSLAB off has no cliff"),
        "granary-node local up --dir S --port-base 25000 --datanodes 3 --regionservers 1 --hbase-set"
            + " hbase.hregion.memstore.mslab.enabled=true; granary-node memstore-multiget --dir S --table t --rows 10000"
            + " --value-sizes 100,1000,5000 --batches 1,10,100,1000,5000,10000; granary-node local down --dir S"));
  }

  @Override
  List<Params> params() {
    return params;
  }

  @Override
  Map<String, Object> defaults(int cores) {
    return Map.of("mslab", List.of("on", "off"), "chunkSizes", List.of(2 << 20, 8 << 20), "valueSizes",
        List.of(100, 1000, 5000), "batches", List.of(1, 10, 100, 1000, 5000, 10_000), "rows", 10_000);
  }

  @Override
  Map<String, Object> reduced() {
    return Map.of("mslab", List.of("on", "off"), "chunkSizes", List.of(2 << 20), "valueSizes", List.of(100),
        "batches", List.of(1, 100, 1000), "rows", 2000);
  }

  @Override
  boolean touchesCluster() {
    return false;
  }

  @Override
  boolean hbaseTool() {
    return true;
  }

  @Override
  boolean scratch() {
    return true;
  }

  @Override
  String scratchReason() {
    return "restarts RegionServers with MSLAB settings";
  }

  static String label(String mslab, long chunk) {
    return mslab.equals("off") ? "MSLAB off" : "MSLAB on, chunk " + (chunk >= 1 << 20 && chunk % (1 << 20) == 0
        ? chunk / (1 << 20) + " MiB" : chunk / 1024 + " KiB");
  }

  @Override
  List<Variant> plan(JsonNode given, Facts facts, List<FieldError> errors) {
    Map<String, Object> d = defaults(facts.cores());
    List<String> mslab = param("mslab").choicesOf(given, d, errors);
    List<Long> chunks = param("chunkSizes").integersOf(given, d, errors);
    List<Long> values = param("valueSizes").integersOf(given, d, errors);
    List<Long> batches = param("batches").integersOf(given, d, errors);
    Long rows = param("rows").integerOf(given, d, errors);
    if (!errors.isEmpty()) {
      return List.of();
    }
    long largest = rows * values.get(values.size() - 1);
    if (largest > MAX_MEMSTORE_BYTES) {
      errors.add(new FieldError("params.rows", String.format(Locale.ROOT, "%d rows of %d B are %.0f MiB in the"
          + " MemStore; a scratch RegionServer keeps at most %d MiB unflushed here: fewer rows or smaller values",
          rows, values.get(values.size() - 1), largest / 1048576.0, MAX_MEMSTORE_BYTES >> 20)));
      return List.of();
    }
    List<Variant> out = new ArrayList<>();
    for (String m : mslab) {
      for (long chunk : m.equals("on") ? chunks : List.of(chunks.get(0))) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("mslab", m);
        v.put("chunkSize", m.equals("on") ? chunk : null);
        v.put("rows", rows);
        List<String> args = List.of("--rows", rows.toString(), "--value-sizes", join(values), "--batches", join(batches));
        List<String> up = List.of("--datanodes", "3", "--regionservers", "1", "--hbase-set",
            "hbase.hregion.memstore.mslab.enabled=" + m.equals("on"), "--hbase-set",
            "hbase.hregion.memstore.mslab.chunksize=" + chunk);
        out.add(new Variant(label(m, chunk), "memstore-multiget", args, v, 0, up));
      }
    }
    return out;
  }

  private static String join(List<Long> v) {
    return String.join(",", v.stream().map(String::valueOf).toList());
  }

  @Override
  Figure figure(List<Point> points) {
    List<String> names = new ArrayList<>();
    List<String> batches = new ArrayList<>();
    List<String> valueSizes = new ArrayList<>();
    // value size → batch → variant → seconds
    Map<String, Map<String, Map<String, List<Double>>>> seconds = new LinkedHashMap<>();
    for (Point p : points) {
      Object chunk = p.params().get("chunkSize");
      String name = label(String.valueOf(p.params().get("mslab")), chunk == null ? 0 : ((Number) chunk).longValue());
      if (!names.contains(name)) {
        names.add(name);
      }
      if (p.result() == null) {
        continue;
      }
      for (JsonNode curve : p.result().path("curves")) {
        String vs = curve.path("valueSize").asString("") + " B";
        if (!valueSizes.contains(vs)) {
          valueSizes.add(vs);
        }
        for (JsonNode pt : curve.path("points")) {
          String b = String.valueOf(pt.path("keys").asLong());
          if (!batches.contains(b)) {
            batches.add(b);
          }
          seconds.computeIfAbsent(vs, k -> new LinkedHashMap<>()).computeIfAbsent(b, k -> new LinkedHashMap<>())
              .computeIfAbsent(name, k -> new ArrayList<>()).add(pt.path("seconds").asDouble() * 1000);
        }
      }
    }
    batches.sort((a, b) -> Long.compare(Long.parseLong(a), Long.parseLong(b)));
    List<Panel> panels = new ArrayList<>();
    for (String vs : valueSizes) {
      List<Series> series = Figures.bars(names, batches, seconds.get(vs)).stream()
          .map(s -> new Series(s.name(), "line", s.values())).toList();
      panels.add(new Panel("Reading every row from the MemStore, values of " + vs, "keys per multi-get",
          "milliseconds for all rows", batches, series, List.of()));
    }
    List<Finding> findings = new ArrayList<>();
    if (batches.size() >= 2) {
      String last = batches.get(batches.size() - 1);
      String knee = batches.contains("1000") ? "1000" : batches.get(batches.size() - 2);
      for (String vs : valueSizes) {
        for (String n : names) {
          Double a = Figures.median(seconds.get(vs).getOrDefault(last, Map.of()).get(n));
          Double b = Figures.median(seconds.get(vs).getOrDefault(knee, Map.of()).get(n));
          Double r = Figures.ratio(a, b);
          if (r != null) {
            findings.add(new Finding("time at " + last + " ÷ at " + knee + " keys, " + n + ", " + vs, Figures.times(r),
                n.startsWith("MSLAB on") ? "rises sharply past ~1,000 keys (MSLAB on)" : "no cliff (MSLAB off)"));
          }
        }
      }
    }
    List<String> notes = List.of("Rows are kept in the MemStore: the region metrics showed no store file before or"
        + " after the reads. The seed read 50,000 entries; a scratch RegionServer here has a 640 MiB heap, so fewer"
        + " rows are read.");
    return new Figure(panels, findings, notes);
  }
}
