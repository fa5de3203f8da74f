package io.granary.experiments;

import io.granary.shared.problem.FieldError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Seed 000 table 1 and figs 1–2: the same major compaction of the same table (a fresh clone of one
 * snapshot each time) with no libhadoop, libhadoop in the DataNodes only, and in the DataNodes and the
 * RegionServer; the RegionServer's user and sys CPU seconds and wall time, and a CPU profile with the
 * share of checksum frames. Each run gets a scratch cluster started with that case's roles.
 */
final class NativeChecksumsExperiment extends ExperimentType {
  static final String KEY = "native-checksums";
  /** Case → the roles started without libhadoop. */
  static final Map<String, String> CASES = cases();

  private static Map<String, String> cases() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("no native", "datanode,regionserver");
    m.put("native for HDFS only", "regionserver");
    m.put("native for HDFS and HBase", "");
    return m;
  }

  private final List<Params> params = List.of(
      Params.choices("cases", "Cases", List.copyOf(CASES.keySet()),
          "no native: neither the DataNodes nor the RegionServer load libhadoop; HDFS only: the DataNodes do"),
      Params.integer("rows", "Rows", 1000, 10_000_000, null, "rows of the compacted table (one region)"),
      Params.integer("valueSize", "Value size", 100, 1 << 20, "bytes", "the seed used 10 KiB values"),
      Params.integer("flushes", "Store files", 2, 100, null, "flushed while loading; the major compaction merges them"));

  NativeChecksumsExperiment() {
    super(new Meta(KEY, "Native checksums: CPU of a major compaction",
        "The same major compaction, restored from one snapshot each run, with libhadoop in no role, in the"
            + " DataNodes only, or in the DataNodes and the RegionServer: the RegionServer's user and sys CPU seconds"
            + " and wall time, and a CPU profile (async-profiler) with the share of checksum frames. Runs on scratch"
            + " clusters it starts itself.",
        "seed 000", "table 1 and figs 1–2 (CPU of a major compaction, with and without the native Hadoop library)",
        "seed 000: DataNode and RegionServer on one Intel Xeon E5-2680 v2 @ 2.80 GHz (4 logical CPUs), 8 GB, one"
            + " disk; HBase 1.0 / CDH 5.4, CompactionTool on a 14.4 GB table of 10 KB rows (67 store files), 5 runs per case",
        List.of("user CPU 111 s (no native) → 96 s (HDFS native) → 67 s (both): −10% then −23%",
            "sys CPU ~30.5 s in every case; wall time ~380–470 s, IO-bound",
            "checksums took ~22% of the CPU profile without native, ~3% with it"),
        "granary-node local up --dir SCRATCH --port-base 25000 --datanodes 3 --regionservers 1 --native-off"
            + " regionserver; granary-node compaction-cpu --dir SCRATCH --rows 40000 --value-size 10240 --flushes 8"
            + " --profile; granary-node local down --dir SCRATCH"));
  }

  @Override
  List<Params> params() {
    return params;
  }

  @Override
  Map<String, Object> defaults(int cores) {
    return Map.of("cases", List.copyOf(CASES.keySet()), "rows", 40_000, "valueSize", 10_240, "flushes", 8);
  }

  @Override
  Map<String, Object> reduced() {
    return Map.of("cases", List.copyOf(CASES.keySet()), "rows", 5_000, "valueSize", 10_240, "flushes", 4);
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
    return "restarts the DataNodes and the RegionServer without libhadoop";
  }

  @Override
  List<Variant> plan(JsonNode given, Facts facts, List<FieldError> errors) {
    Map<String, Object> d = defaults(facts.cores());
    List<String> cases = param("cases").choicesOf(given, d, errors);
    Long rows = param("rows").integerOf(given, d, errors);
    Long valueSize = param("valueSize").integerOf(given, d, errors);
    Long flushes = param("flushes").integerOf(given, d, errors);
    if (!errors.isEmpty()) {
      return List.of();
    }
    if (rows < flushes * 10) {
      errors.add(new FieldError("params.rows", "at least 10 rows per store file (" + flushes * 10 + ")"));
      return List.of();
    }
    // 3 replicas of the table, its snapshot's files and the compacted clone, plus WALs: ~8× the data
    long local = rows * valueSize * 8;
    if (local > facts.localFreeBytes()) {
      errors.add(new FieldError("params.rows", String.format(Locale.ROOT, "a scratch cluster would need about %s on the"
          + " control plane's disk, which has %s free", ExperimentsService.bytes(local),
          ExperimentsService.bytes(facts.localFreeBytes()))));
      return List.of();
    }
    List<Variant> out = new ArrayList<>();
    for (String c : cases) {
      List<String> up = new ArrayList<>(List.of("--datanodes", "3", "--regionservers", "1"));
      if (!CASES.get(c).isEmpty()) {
        up.add("--native-off");
        up.add(CASES.get(c));
      }
      Map<String, Object> p = new LinkedHashMap<>();
      p.put("case", c);
      p.put("withoutLibhadoop", CASES.get(c).isEmpty() ? "none" : CASES.get(c));
      p.put("rows", rows);
      p.put("valueSize", valueSize);
      p.put("flushes", flushes);
      out.add(new Variant(c, "compaction-cpu", List.of("--rows", rows.toString(), "--value-size", valueSize.toString(),
          "--flushes", flushes.toString(), "--profile"), p, 0, up));
    }
    return out;
  }

  @Override
  Figure figure(List<Point> points) {
    List<String> cases = new ArrayList<>();
    Map<String, Map<String, List<Double>>> cpu = new LinkedHashMap<>();
    Map<String, Map<String, List<Double>>> wall = new LinkedHashMap<>();
    Map<String, Map<String, List<Double>>> share = new LinkedHashMap<>();
    List<String> notes = new ArrayList<>();
    for (Point p : points) {
      String c = (String) p.params().get("case");
      if (!cases.contains(c)) {
        cases.add(c);
      }
      JsonNode r = p.result();
      if (r == null || !r.has("userSeconds")) {
        continue;
      }
      Map<String, List<Double>> m = cpu.computeIfAbsent(c, k -> new LinkedHashMap<>());
      m.computeIfAbsent("user", k -> new ArrayList<>()).add(r.path("userSeconds").asDouble());
      m.computeIfAbsent("sys", k -> new ArrayList<>()).add(r.path("sysSeconds").asDouble());
      wall.computeIfAbsent(c, k -> new LinkedHashMap<>()).computeIfAbsent("wall", k -> new ArrayList<>())
          .add(r.path("wallSeconds").asDouble());
      if (r.path("profile").has("checksumShare")) {
        share.computeIfAbsent(c, k -> new LinkedHashMap<>()).computeIfAbsent("checksum frames", k -> new ArrayList<>())
            .add(r.path("profile").path("checksumShare").asDouble() * 100);
      }
      boolean wantRs = !CASES.get(c).contains("regionserver");
      boolean wantDn = !CASES.get(c).contains("datanode");
      if (r.path("regionServerNative").asBoolean() != wantRs || r.path("dataNodesNative").asBoolean() != wantDn) {
        notes.add(String.format(Locale.ROOT, "%s: libhadoop was %s in the RegionServer and %s in the DataNodes, not as"
            + " the case asks", c, r.path("regionServerNative").asBoolean() ? "loaded" : "not loaded",
            r.path("dataNodesNative").asBoolean() ? "loaded" : "not loaded"));
      }
    }
    List<Finding> findings = new ArrayList<>();
    Double a = user(cpu, "no native");
    Double b = user(cpu, "native for HDFS only");
    Double c = user(cpu, "native for HDFS and HBase");
    Double ba = Figures.ratio(b, a);
    if (ba != null) {
      findings.add(new Finding("RegionServer user CPU, HDFS native / no native", Figures.times(ba), "0.86× (96 / 111 s)"));
    }
    Double cb = Figures.ratio(c, b);
    if (cb != null) {
      findings.add(new Finding("RegionServer user CPU, both native / HDFS native", Figures.times(cb), "0.70× (67 / 96 s)"));
    }
    for (String k : List.of("no native", "native for HDFS and HBase")) {
      Double s = Figures.median(share.getOrDefault(k, Map.of()).get("checksum frames"));
      if (s != null) {
        findings.add(new Finding("checksum share of CPU samples, " + k, String.format(Locale.ROOT, "%.1f%%", s),
            k.equals("no native") ? "~22%" : "~3%"));
      }
    }
    notes.add("user and sys are the RegionServer's CPU seconds over the compaction (from /proc); the profile comes from"
        + " a second compaction of a fresh clone, so it does not weigh on the timed one");
    return new Figure(List.of(
        new Panel("RegionServer CPU seconds", "case", "CPU seconds of the major compaction", cases,
            Figures.bars(List.of("user", "sys"), cases, cpu), List.of()),
        new Panel("Wall seconds", "case", "seconds from the request to the end of the compaction", cases,
            Figures.bars(List.of("wall"), cases, wall), List.of()),
        new Panel("Checksum share of CPU samples (%)", "case", "% of the RegionServer's samples in checksum frames",
            cases, Figures.bars(List.of("checksum frames"), cases, share), List.of())), findings, notes);
  }

  private static Double user(Map<String, Map<String, List<Double>>> cpu, String c) {
    return Figures.median(cpu.getOrDefault(c, Map.of()).get("user"));
  }
}
