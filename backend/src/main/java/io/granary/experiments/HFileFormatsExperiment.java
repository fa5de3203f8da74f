package io.granary.experiments;

import io.granary.shared.problem.FieldError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Seed 001: HFiles written and read directly with HBase's HFile writer and reader on the cluster's
 * HDFS, by codec and block size: write, full scan, random seek and random short scan (30 entries)
 * entries per second, and the compression ratio, as the seed's table.
 */
final class HFileFormatsExperiment extends ExperimentType {
  static final String KEY = "hfile-formats";
  static final List<String> CODECS = List.of("NONE", "GZ", "SNAPPY", "LZ4", "ZSTD");
  static final List<String> OPERATIONS = List.of("write", "scan", "seek", "shortScan");
  private static final Map<String, String> TITLES = Map.of("write", "Write", "scan", "Full scan", "seek",
      "Random seek", "shortScan", "Random short scan (30 entries)");

  private final List<Params> params = List.of(
      Params.choices("codecs", "Codecs", CODECS, "the HFile's compression; the cluster's codec probe must have"
          + " verified it"),
      Params.integers("blockSizes", "Block sizes", 1024, 4 << 20, "bytes", "the HFile's data block size"),
      Params.integer("entries", "Entries", 100, 100_000_000, null, "key/values per file (10-byte keys, 990-byte"
          + " values)"));

  HFileFormatsExperiment() {
    super(new Meta(KEY, "HFile formats",
        "Writes one HFile per codec and block size on the cluster's HDFS with HBase's HFile writer, then reads it"
            + " with the HFile reader and no block cache: a full scan, random seeks and random short scans of 30"
            + " entries. Entries per second for each operation, and the compression ratio (uncompressed data ÷ file"
            + " bytes). Keys are 10 bytes; values 990 bytes of 8-byte runs of one letter, as the seed wrote them.",
        "seed 001", "§4 (HFile performance evaluation)",
        "seed 001: 4 slaves, 4 cores @ 2.0 GHz, 2 × 500 GB 7200 RPM SATA, 8 GB RAM, 1 Gbps, Hadoop 0.20.0 (1 GB heap),"
            + " 60 HFiles of 500,000 entries in parallel MapReduce tasks",
        List.of("gz compresses about 7:1, lzo about 4:1", "lzo writes fastest",
            "random seeks are the slow operation, especially uncompressed, yet 6–10× faster than a 10 ms disk seek",
            "the full scan is much faster than a SequenceFile's"),
        "granary-node hfile-bench --namenode hdfs://<namenode> --path /granary-bench/experiments/<run> --codec GZ"
            + " --block-size 65536 --entries 500000"));
  }

  @Override
  List<Params> params() {
    return params;
  }

  @Override
  Map<String, Object> defaults(int cores) {
    return Map.of("codecs", CODECS, "blockSizes", List.of(16384, 65536), "entries", 500_000);
  }

  @Override
  Map<String, Object> reduced() {
    return Map.of("codecs", List.of("NONE", "GZ"), "blockSizes", List.of(65536), "entries", 20_000);
  }

  @Override
  boolean touchesCluster() {
    return true;
  }

  @Override
  List<Variant> plan(JsonNode given, Facts facts, List<FieldError> errors) {
    Map<String, Object> d = defaults(facts.cores());
    List<String> codecs = param("codecs").choicesOf(given, d, errors);
    List<Long> blocks = param("blockSizes").integersOf(given, d, errors);
    Long entries = param("entries").integerOf(given, d, errors);
    if (!errors.isEmpty()) {
      return List.of();
    }
    List<Variant> out = new ArrayList<>();
    for (String codec : codecs) {
      for (long block : blocks) {
        Map<String, Object> v = new LinkedHashMap<>();
        // "compression": the launch checks it against the cluster's codec probe
        v.put("compression", codec);
        v.put("blockSize", block);
        v.put("entries", entries);
        out.add(new Variant(codec + " " + block / 1024 + "k", "hfile-bench", List.of("--codec", codec, "--block-size",
            String.valueOf(block), "--entries", entries.toString()), v, entries * 1000 * 3));
      }
    }
    return out;
  }

  @Override
  Figure figure(List<Point> points) {
    List<String> codecs = new ArrayList<>();
    List<String> blocks = new ArrayList<>();
    Map<String, Map<String, Map<String, List<Double>>>> byOp = new LinkedHashMap<>();
    Map<String, Map<String, List<Double>>> ratio = new LinkedHashMap<>();
    for (Point p : points) {
      String codec = String.valueOf(p.params().get("compression"));
      String block = p.params().get("blockSize") + " B";
      if (!codecs.contains(codec)) {
        codecs.add(codec);
      }
      if (!blocks.contains(block)) {
        blocks.add(block);
      }
      if (p.result() == null || !p.result().has("scanEntriesPerSec")) {
        continue;
      }
      for (String op : OPERATIONS) {
        byOp.computeIfAbsent(op, k -> new LinkedHashMap<>()).computeIfAbsent(codec, k -> new LinkedHashMap<>())
            .computeIfAbsent(block, k -> new ArrayList<>()).add(p.result().path(op + "EntriesPerSec").asDouble());
      }
      ratio.computeIfAbsent(codec, k -> new LinkedHashMap<>()).computeIfAbsent(block, k -> new ArrayList<>())
          .add(p.result().path("compressionRatio").asDouble() * 100);
    }
    List<Panel> panels = new ArrayList<>();
    for (String op : OPERATIONS) {
      panels.add(new Panel(TITLES.get(op) + " entries/s", "codec", "entries per second", codecs,
          Figures.bars(blocks, codecs, byOp.getOrDefault(op, Map.of())), List.of()));
    }
    List<Series> ratios = new ArrayList<>();
    for (String b : blocks) {
      List<Double> v = new ArrayList<>();
      for (String c : codecs) {
        Double m = Figures.median(ratio.getOrDefault(c, Map.of()).get(b));
        v.add(m == null ? null : Math.round(m) / 100.0);
      }
      ratios.add(new Series(b, "bar", v));
    }
    panels.add(new Panel("Compression ratio", "codec", "uncompressed ÷ file bytes", codecs, ratios, List.of()));
    List<Finding> findings = new ArrayList<>();
    String b0 = blocks.isEmpty() ? null : blocks.get(blocks.size() - 1);
    for (String c : codecs) {
      Double m = b0 == null ? null : Figures.median(ratio.getOrDefault(c, Map.of()).get(b0));
      if (m != null && !c.equals("NONE")) {
        findings.add(new Finding("compression ratio, " + c + ", " + b0 + " blocks", String.format(Locale.ROOT,
            "%.1f:1", m / 100), c.equals("GZ") ? "about 7:1" : "lzo about 4:1 (the seed had no " + c + ")"));
      }
    }
    Map<String, List<Double>> seekNone = byOp.getOrDefault("seek", Map.of()).getOrDefault("NONE", Map.of());
    Map<String, List<Double>> scanNone = byOp.getOrDefault("scan", Map.of()).getOrDefault("NONE", Map.of());
    if (b0 != null && Figures.median(seekNone.get(b0)) != null && Figures.median(scanNone.get(b0)) != null) {
      findings.add(new Finding("full scan ÷ random seek entries/s, NONE, " + b0, Figures.times(
          Figures.median(scanNone.get(b0)) / Math.max(0.1, Figures.median(seekNone.get(b0)))),
          "random seeks are the slow operation"));
    }
    List<String> notes = List.of("No block cache: every read goes to HDFS (and the page cache). The seed ran 60 files"
        + " in parallel MapReduce tasks and reported entries per second per node; here one file at a time from one"
        + " client.");
    return new Figure(panels, findings, notes);
  }
}
