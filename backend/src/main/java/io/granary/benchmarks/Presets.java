package io.granary.benchmarks;

import java.util.ArrayList;
import java.util.List;

/** The launch form's ready-made specs; the table is the user's choice (left null). */
public final class Presets {
  private Presets() {}

  public record Preset(String id, String label, String description, SpecValidation.Input spec) {}

  private static SpecValidation.Input pe(String workload, int batch) {
    return new SpecValidation.Input(null, workload, null, null, 4, 30, 5, 0.0, 0L, 100_000L, 1000, batch, false, 100,
        true, null, null, null, null, null, null, null);
  }

  private static SpecValidation.Input ycsb(String letter) {
    return new SpecValidation.Input(null, "ycsb", null, null, 4, 30, 5, 0.0, 0L, null, null, null, false, 100, true,
        letter, 10_000L, null, 10, 100, null, null);
  }

  static final String[][] YCSB_TEXT = {
      {"A", "update heavy: 50% reads, 50% updates, zipfian"},
      {"B", "read mostly: 95% reads, 5% updates, zipfian"},
      {"C", "read only, zipfian"},
      {"D", "read latest: 95% reads, 5% inserts, latest"},
      {"E", "short ranges: 95% scans (up to 100 rows), 5% inserts"},
      {"F", "read-modify-write: 50% reads, 50% read-modify-writes"}};

  public static List<Preset> all() {
    List<Preset> out = new ArrayList<>();
    for (String w : List.of("sequentialWrite", "randomWrite", "randomRead", "sequentialRead", "scan")) {
      out.add(new Preset("pe-" + w, "PE " + w, "PerformanceEvaluation classic: 1,000-byte values, 100,000 rows, 4 threads"
          + (w.contains("Read") || w.equals("scan") ? " (rows written first)" : ""), pe(w, 1)));
    }
    for (String[] y : YCSB_TEXT) {
      out.add(new Preset("ycsb-" + y[0].toLowerCase(java.util.Locale.ROOT), "YCSB " + y[0],
          "YCSB core workload " + y[0] + ": " + y[1] + "; 10,000 records of 10 × 100-byte fields", ycsb(y[0])));
    }
    out.add(new Preset("rmw-batch", "Batch RMW", "40 threads each read a batch of 100 random keys and write them "
        + "back: 100-byte values, 100,000 keys",
        new SpecValidation.Input(null, "rmw", null, null, 40, 30, 5, 0.0, 0L, 100_000L, 100, 100, false, 100, true,
            null, null, null, null, null, 100_000L, null)));
    return out;
  }
}
