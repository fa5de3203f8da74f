package io.granary.experiments;

import io.granary.shared.problem.FieldError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Seed 003 figs 4–5: TestDFSIO-like write and read throughput of 3× replication against an EC policy
 * with the ISA-L and the Java coder, by concurrent writers (readers), with client CPU-seconds per GiB.
 */
final class DfsIoExperiment extends ExperimentType {
  static final String KEY = "dfsio";

  private final List<Params> params = List.of(
      Params.choices("layouts", "Layouts", Layouts.OPTIONS, "3× replication or an EC policy of the cluster"),
      Params.choices("coders", "EC coders", List.of("isa-l", "java"), "the writing client's RS coder (EC layouts only)"),
      Params.integers("writers", "Writers (and readers)", 1, 32, null, "concurrent streams, one file each at a time"),
      Params.integer("files", "Files", 1, 1000, null, "files written, then read back"),
      Params.integer("fileMb", "File size", 1, 4096, "MiB", "size of each file"));

  DfsIoExperiment() {
    super(new Meta(KEY, "DFSIO: replication vs erasure coding",
        "Write then read throughput of files under 3× replication and an EC policy, with the ISA-L and the Java"
            + " coder, by the number of concurrent writers; raw bytes stored and the client's CPU-seconds per GiB."
            + " The page cache is dropped before each phase where the control plane may (a local cluster, as root).",
        "seed 003", "figs 4–5 (DFSIO write and read performance)",
        SEED_003_HARDWARE + "; 25 GB per mapper, OS cache cleaned before each test",
        List.of("EC (ISA-L) writes large files faster than 3× replication: it writes 1.5× the data instead of 3×",
            "reads are close between the layouts; DFSIO does not use data locality",
            "the seed shows elapsed times in its figures, not numbers in its text"),
        "granary-node dfsio --namenode hdfs://<namenode> --layout RS-3-2-1024k --coder native --writers 2 --files 8"
            + " --mb 64"));
  }

  @Override
  List<Params> params() {
    return params;
  }

  @Override
  Map<String, Object> defaults(int cores) {
    return Map.of("layouts", List.of(Layouts.REPLICATION, "RS-3-2-1024k"), "coders", List.of("isa-l", "java"),
        "writers", List.of(1, 2, 4), "files", 8, "fileMb", 64);
  }

  @Override
  Map<String, Object> reduced() {
    return Map.of("layouts", List.of(Layouts.REPLICATION, "RS-3-2-1024k"), "coders", List.of("isa-l"),
        "writers", List.of(1), "files", 2, "fileMb", 8);
  }

  @Override
  boolean touchesCluster() {
    return true;
  }

  @Override
  List<Variant> plan(JsonNode given, Facts facts, List<FieldError> errors) {
    Map<String, Object> d = defaults(facts.cores());
    List<String> layouts = param("layouts").choicesOf(given, d, errors);
    List<String> coders = param("coders").choicesOf(given, d, errors);
    List<Long> writers = param("writers").integersOf(given, d, errors);
    Long files = param("files").integerOf(given, d, errors);
    Long mb = param("fileMb").integerOf(given, d, errors);
    if (layouts != null) {
      Layouts.check(layouts, facts, "params.layouts", errors);
    }
    if (!errors.isEmpty()) {
      return List.of();
    }
    List<Variant> out = new ArrayList<>();
    long logical = files * mb << 20;
    for (String layout : layouts) {
      boolean ec = !layout.equals(Layouts.REPLICATION);
      for (String coder : ec ? coders : List.of("-")) {
        for (long w : writers) {
          Map<String, Object> v = new LinkedHashMap<>();
          v.put("layout", layout);
          v.put("coder", coder);
          v.put("writers", w);
          v.put("files", files);
          v.put("fileMb", mb);
          List<String> args = new ArrayList<>(List.of("--layout", layout, "--files", files.toString(), "--mb",
              mb.toString(), "--writers", String.valueOf(w), "--coder", coder.equals("java") ? "java" : "native"));
          if (facts.localCluster()) {
            args.add("--drop-caches");
          }
          out.add(new Variant(name(layout, coder) + " ×" + w, "dfsio", args, v,
              Layouts.stored(logical, Layouts.of(layout, facts))));
        }
      }
    }
    return out;
  }

  private static String name(String layout, String coder) {
    return coder.equals("-") ? layout : layout + " " + coder;
  }

  @Override
  Figure figure(List<Point> points) {
    List<String> names = new ArrayList<>();
    List<String> writers = new ArrayList<>();
    Map<String, Map<String, List<Double>>> write = new LinkedHashMap<>();
    Map<String, Map<String, List<Double>>> read = new LinkedHashMap<>();
    Map<String, List<Double>> cpu = new LinkedHashMap<>();
    Map<String, List<Double>> raw = new LinkedHashMap<>();
    for (Point p : points) {
      String name = name((String) p.params().get("layout"), (String) p.params().get("coder"));
      String w = String.valueOf(p.params().get("writers"));
      if (!names.contains(name)) {
        names.add(name);
      }
      if (!writers.contains(w)) {
        writers.add(w);
      }
      if (p.result() == null || !p.result().has("writeMiBps")) {
        continue;
      }
      write.computeIfAbsent(w, k -> new LinkedHashMap<>()).computeIfAbsent(name, k -> new ArrayList<>())
          .add(p.result().path("writeMiBps").asDouble());
      read.computeIfAbsent(w, k -> new LinkedHashMap<>()).computeIfAbsent(name, k -> new ArrayList<>())
          .add(p.result().path("readMiBps").asDouble());
      cpu.computeIfAbsent(name, k -> new ArrayList<>()).add(p.result().path("writeCpuSecondsPerGiB").asDouble());
      double bytes = p.result().path("bytes").asDouble();
      if (bytes > 0) {
        // in hundredths, so the median's one decimal keeps two of the ratio
        raw.computeIfAbsent(name, k -> new ArrayList<>()).add(p.result().path("rawBytes").asDouble() / bytes * 100);
      }
    }
    writers.sort((a, b) -> Long.compare(Long.parseLong(a), Long.parseLong(b)));
    List<Series> ws = Figures.bars(names, writers, write).stream().map(s -> new Series(s.name(), "line", s.values()))
        .toList();
    List<Series> rs = Figures.bars(names, writers, read).stream().map(s -> new Series(s.name(), "line", s.values()))
        .toList();
    List<Finding> findings = new ArrayList<>();
    String rep = names.contains(Layouts.REPLICATION) ? Layouts.REPLICATION : null;
    for (String n : names) {
      if (n.equals(rep)) {
        continue;
      }
      for (String w : writers) {
        Double r = Figures.ratio(Figures.median(write.getOrDefault(w, Map.of()).get(n)),
            rep == null ? null : Figures.median(write.getOrDefault(w, Map.of()).get(rep)));
        if (r != null) {
          findings.add(new Finding("write MiB/s, " + n + " / replication, " + w + " writer(s)", Figures.times(r),
              "EC faster than 3× for large files (fig 4)"));
        }
        Double rr = Figures.ratio(Figures.median(read.getOrDefault(w, Map.of()).get(n)),
            rep == null ? null : Figures.median(read.getOrDefault(w, Map.of()).get(rep)));
        if (rr != null) {
          findings.add(new Finding("read MiB/s, " + n + " / replication, " + w + " writer(s)", Figures.times(rr),
              "close to replication (fig 5)"));
        }
      }
    }
    List<String> notes = new ArrayList<>();
    for (String n : names) {
      Double c = Figures.median(cpu.get(n));
      Double o = raw.get(n) == null ? null : Math.round(Figures.median(raw.get(n))) / 100.0;
      if (c != null) {
        notes.add(String.format(Locale.ROOT, "%s: the writing client spent %.2f CPU-seconds per GiB; stored %s× the"
            + " data", n, c, o == null ? "?" : String.valueOf(o)));
      }
    }
    return new Figure(List.of(new Panel("Write MiB/s", "writers", "MiB/s of file data written", writers, ws,
        List.of()), new Panel("Read MiB/s", "readers", "MiB/s of file data read", writers, rs, List.of())), findings,
        notes);
  }
}
