package io.granary.experiments;

import io.granary.shared.problem.FieldError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Seed 003 figs 3–4: the raw erasure coder alone, in memory, on the control plane's host (a
 * {@code granary-node ec-coder} JVM with libhadoop loaded, as a DataNode's): encode and decode MiB/s by
 * schema, coder, cell size and threads.
 */
final class EcCoderExperiment extends ExperimentType {
  static final String KEY = "ec-coder";
  static final List<String> SCHEMAS = List.of("RS-6-3", "RS-3-2", "RS-10-4", "XOR-2-1");
  static final List<String> CODERS = List.of("isa-l", "java", "legacy");
  static final int MAX_VARIANTS = 120;

  private final List<Params> params = List.of(
      Params.choices("schemas", "Schemas", SCHEMAS, "data-parity units; XOR has one parity unit"),
      Params.choices("coders", "Coders", CODERS,
          "isa-l: Intel ISA-L through libhadoop; java: Hadoop's pure-Java RS/XOR coder; legacy: the old Java RS coder (RS only)"),
      Params.integers("threads", "Threads", 1, 64, null, "concurrent coders, each with its own buffers"),
      Params.integers("cellsKib", "Cell (buffer) sizes", 4, 16384, "KiB", "the coder's buffer; HDFS policies use 1024"),
      Params.integer("mb", "Data per run", 1, 8192, "MiB", "encoded and then decoded, over all threads"));

  EcCoderExperiment() {
    super(new Meta(KEY, "EC coder micro-benchmark",
        "Encode and decode throughput of the raw erasure coder in memory: ISA-L vs Hadoop's Java coders, by schema,"
            + " buffer size and threads. Runs on the control plane's host in a JVM with libhadoop loaded.",
        "seed 003", "figs 3–4 (erasure coder encoding and decoding benchmarks)",
        SEED_003_HARDWARE + "; coder tests on 1 core at 100%",
        List.of("ISA-L ~16× the Java coder single-threaded (RS-6-3)",
            "ISA-L well ahead of both the new Java coder and the legacy coder",
            "single-threaded, 64 or 128 KiB buffers ~8% faster than 1024 KiB; from 5 threads 1024 KiB is best"),
        "granary-node ec-coder --codec rs --data 6 --parity 3 --coder native --cell 1048576 --threads 1 --mb 256"));
  }

  @Override
  List<Params> params() {
    return params;
  }

  @Override
  Map<String, Object> defaults(int cores) {
    return Map.of("schemas", SCHEMAS, "coders", CODERS, "threads", cores > 1 ? List.of(1, cores) : List.of(1),
        "cellsKib", List.of(64, 128, 1024), "mb", 256);
  }

  @Override
  Map<String, Object> reduced() {
    return Map.of("schemas", List.of("RS-3-2"), "coders", List.of("isa-l", "java"), "threads", List.of(1),
        "cellsKib", List.of(1024), "mb", 32);
  }

  @Override
  boolean touchesCluster() {
    return false;
  }

  @Override
  List<Variant> plan(JsonNode given, Facts facts, List<FieldError> errors) {
    Map<String, Object> d = defaults(facts.cores());
    List<String> schemas = param("schemas").choicesOf(given, d, errors);
    List<String> coders = param("coders").choicesOf(given, d, errors);
    List<Long> threads = param("threads").integersOf(given, d, errors);
    List<Long> cells = param("cellsKib").integersOf(given, d, errors);
    Long mb = param("mb").integerOf(given, d, errors);
    if (!errors.isEmpty()) {
      return List.of();
    }
    List<Variant> out = new ArrayList<>();
    for (String schema : schemas) {
      String[] p = schema.split("-");
      boolean xor = p[0].equals("XOR");
      for (String coder : coders) {
        if (xor && coder.equals("legacy")) {
          continue; // the legacy coder is Reed-Solomon only
        }
        for (long cell : cells) {
          for (long t : threads) {
            String codec = xor ? "xor" : coder.equals("legacy") ? "rs-legacy" : "rs";
            Map<String, Object> v = new LinkedHashMap<>();
            v.put("schema", schema);
            v.put("coder", coder);
            v.put("cellKib", cell);
            v.put("threads", t);
            v.put("mb", mb);
            out.add(new Variant(String.format(Locale.ROOT, "%s %s %dk ×%d", schema, coder, cell, t), "ec-coder",
                List.of("--codec", codec, "--data", p[1], "--parity", p[2], "--coder",
                    coder.equals("isa-l") ? "native" : "java", "--cell", String.valueOf(cell * 1024), "--threads",
                    String.valueOf(t), "--mb", String.valueOf(mb)), v, 0));
          }
        }
      }
    }
    if (out.isEmpty()) {
      errors.add(new FieldError("params.coders", "the legacy coder is Reed-Solomon only: add an RS schema or another coder"));
    } else if (out.size() > MAX_VARIANTS) {
      errors.add(new FieldError("params", out.size() + " combinations of schema × coder × cell × threads; at most "
          + MAX_VARIANTS + " in one experiment"));
      return List.of();
    }
    return out;
  }

  @Override
  Figure figure(List<Point> points) {
    Map<String, Map<String, List<Double>>> enc = new LinkedHashMap<>();
    Map<String, Map<String, List<Double>>> dec = new LinkedHashMap<>();
    List<String> coders = new ArrayList<>();
    for (Point p : points) {
      String group = group(p.params());
      String coder = (String) p.params().get("coder");
      if (!coders.contains(coder)) {
        coders.add(coder);
      }
      enc.computeIfAbsent(group, k -> new LinkedHashMap<>()).computeIfAbsent(coder, k -> new ArrayList<>());
      dec.computeIfAbsent(group, k -> new LinkedHashMap<>()).computeIfAbsent(coder, k -> new ArrayList<>());
      if (p.result() != null && p.result().has("encodeMiBps")) {
        enc.get(group).get(coder).add(p.result().path("encodeMiBps").asDouble());
        dec.get(group).get(coder).add(p.result().path("decodeMiBps").asDouble());
      }
    }
    List<String> groups = new ArrayList<>(enc.keySet());
    List<Finding> findings = new ArrayList<>();
    List<String> encNotes = new ArrayList<>();
    List<String> decNotes = new ArrayList<>();
    for (String g : groups) {
      Double ratio = Figures.ratio(Figures.median(enc.get(g).get("isa-l")), Figures.median(enc.get(g).get("java")));
      Double dRatio = Figures.ratio(Figures.median(dec.get(g).get("isa-l")), Figures.median(dec.get(g).get("java")));
      encNotes.add(ratio == null ? "" : "ISA-L/Java " + Figures.times(ratio));
      decNotes.add(dRatio == null ? "" : "ISA-L/Java " + Figures.times(dRatio));
      if (ratio != null) {
        findings.add(new Finding("ISA-L/Java encode, " + g, Figures.times(ratio),
            g.contains("1 thread") ? "~16× single-threaded (RS-6-3)" : "ISA-L well ahead at every concurrency"));
      }
      Double legacy = Figures.ratio(Figures.median(enc.get(g).get("isa-l")), Figures.median(enc.get(g).get("legacy")));
      if (legacy != null) {
        findings.add(new Finding("ISA-L/legacy encode, " + g, Figures.times(legacy), "ISA-L far ahead of the legacy coder"));
      }
    }
    List<String> notes = new ArrayList<>();
    List<Double> copies = new ArrayList<>();
    points.stream().filter(p -> p.result() != null && p.result().has("copyMiBps"))
        .forEach(p -> copies.add(p.result().path("copyMiBps").asDouble()));
    Double copy = Figures.median(copies);
    if (copy != null) {
      notes.add(String.format(Locale.ROOT, "one thread copies memory at %,.0f MiB/s on this host (median of %d runs)",
          copy, copies.size()));
    }
    for (String g : groups) {
      Double isal = Figures.median(enc.get(g).get("isa-l"));
      Object threads = points.stream().filter(p -> group(p.params()).equals(g)).findFirst().map(p -> p.params()
          .get("threads")).orElse(1);
      if (isal != null) {
        double perThread = isal / ((Number) threads).doubleValue();
        notes.add(String.format(Locale.ROOT, "%s: ISA-L encodes %,.0f MiB/s per thread%s", g, perThread,
            copy == null ? "" : String.format(Locale.ROOT, ", %.2f× a one-thread memory copy", perThread / copy)));
      }
    }
    return new Figure(List.of(
        new Panel("Encode MiB/s", "schema · cell · threads", "MiB/s of data encoded", groups,
            Figures.bars(coders, groups, enc), encNotes),
        new Panel("Decode MiB/s", "schema · cell · threads", "MiB/s of data decoded (parity units lost)", groups,
            Figures.bars(coders, groups, dec), decNotes)), findings, notes);
  }

  private static String group(Map<String, Object> v) {
    long t = ((Number) v.get("threads")).longValue();
    return v.get("schema") + " · " + v.get("cellKib") + " KiB · " + t + (t == 1 ? " thread" : " threads");
  }
}
