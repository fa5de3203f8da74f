package io.granary.benchmarks;

import io.granary.engine.client.BenchmarkSpec;
import io.granary.shared.problem.FieldError;
import io.granary.shared.web.PlainText;
import java.util.List;
import java.util.Set;

/** Checks a requested spec and fills in defaults; whether its table exists is the service's call. */
public final class SpecValidation {
  public static final Set<String> WORKLOADS =
      Set.of("sequentialWrite", "randomWrite", "randomRead", "sequentialRead", "scan", "ycsb", "rmw");
  static final Set<String> YCSB = Set.of("A", "B", "C", "D", "E", "F");
  static final Set<String> DISTRIBUTIONS = Set.of("uniform", "zipfian", "latest", "hotspot");
  static final int MAX_THREADS = 256;

  private SpecValidation() {}

  /** What the user sent; null means "default". */
  public record Input(String label, String workload, String table, String family, Integer threads,
      Integer durationSeconds, Integer warmupSeconds, Double targetRate, Long operationCount, Long rows,
      Integer valueSize, Integer batchSize, Boolean clientBuffering, Integer scanLength, Boolean loadFirst,
      String ycsbWorkload, Long recordCount, String requestDistribution, Integer fieldCount, Integer fieldLength,
      Long hotKeys, String ycsbProperties) {}

  /**
   * The resolved spec, or null with {@code errors} filled (fields prefixed with {@code prefix},
   * e.g. "variants[1].").
   */
  public static BenchmarkSpec resolve(Input in, String prefix, String defaultLabel, List<FieldError> errors) {
    int before = errors.size();
    String workload = in.workload();
    if (workload == null || workload.isBlank()) {
      errors.add(new FieldError(prefix + "workload", "a workload is required"));
    } else if (BenchmarkSpec.CEILING.equals(workload)) {
      errors.add(new FieldError(prefix + "workload", "the ceiling probe is launched on its own (POST …/benchmarks/ceiling)"));
    } else if (!WORKLOADS.contains(workload)) {
      errors.add(new FieldError(prefix + "workload", "unknown workload '" + workload + "' (one of "
          + String.join(", ", WORKLOADS.stream().sorted().toList()) + ")"));
    }
    if (in.table() == null || in.table().isBlank()) {
      errors.add(new FieldError(prefix + "table", "a table is required"));
    }
    String label = in.label() == null || in.label().isBlank() ? defaultLabel : in.label().trim();
    if (label.length() > 60) {
      errors.add(new FieldError(prefix + "label", "at most 60 characters"));
    } else if (PlainText.problem(label) != null) {
      errors.add(new FieldError(prefix + "label", PlainText.problem(label)));
    }
    int threads = range(errors, prefix + "threads", in.threads(), 4, 1, MAX_THREADS);
    int duration = range(errors, prefix + "durationSeconds", in.durationSeconds(), 30, 1, 3600);
    int warmup = range(errors, prefix + "warmupSeconds", in.warmupSeconds(), 5, 0, 600);
    double rate = in.targetRate() == null ? 0 : in.targetRate();
    if (Double.isNaN(rate) || rate < 0) {
      errors.add(new FieldError(prefix + "targetRate", "must be 0 (closed loop) or a positive rate in ops/s"));
    } else if (rate > 10_000_000) {
      errors.add(new FieldError(prefix + "targetRate", "at most 10,000,000 ops/s"));
    }
    String letter = in.ycsbWorkload() == null ? null : in.ycsbWorkload().trim().toUpperCase(java.util.Locale.ROOT);
    String fileText = in.ycsbProperties() == null || in.ycsbProperties().isBlank() ? null : in.ycsbProperties();
    YcsbFile file = null;
    if ("ycsb".equals(workload)) {
      if (fileText != null) {
        file = YcsbFile.parse(fileText, prefix + "ycsbProperties", errors);
        if (letter != null && !letter.isEmpty()) {
          errors.add(new FieldError(prefix + "ycsbWorkload", "give a core workload (A to F) or a workload file, not both"));
        }
      } else if (letter == null || letter.isEmpty()) {
        errors.add(new FieldError(prefix + "ycsbWorkload", "a YCSB core workload (A to F) or a workload file is required"));
      } else if (!YCSB.contains(letter)) {
        errors.add(new FieldError(prefix + "ycsbWorkload", "unknown YCSB workload '" + in.ycsbWorkload() + "' (A to F)"));
      }
    } else if (fileText != null) {
      errors.add(new FieldError(prefix + "ycsbProperties", "a workload file is for the ycsb workload only"));
    }
    // a workload file's own settings are the defaults, as YCSB's client reads them; the request's fields win
    long ops = range(errors, prefix + "operationCount", in.operationCount(),
        file != null && file.operationCount() != null ? file.operationCount() : 0L, 0L,
        "ycsb".equals(workload) ? Integer.MAX_VALUE : 10_000_000_000L);
    long rows = range(errors, prefix + "rows", in.rows(), 100_000L, 1L, 1_000_000_000L);
    int valueSize = range(errors, prefix + "valueSize", in.valueSize(), 1000, 1, 10 << 20);
    int batch = range(errors, prefix + "batchSize", in.batchSize(), 1, 1, 10_000);
    int scan = range(errors, prefix + "scanLength", in.scanLength(),
        file == null ? 100 : file.maxScanLength() != null ? file.maxScanLength() : 1000, 1, 10_000);
    long records = range(errors, prefix + "recordCount", in.recordCount(),
        file != null && file.recordCount() != null ? file.recordCount() : 10_000L, 1L, 1_000_000_000L);
    String dist = in.requestDistribution() == null || in.requestDistribution().isBlank() ? null
        : in.requestDistribution().trim();
    if (dist != null && !DISTRIBUTIONS.contains(dist)) {
      errors.add(new FieldError(prefix + "requestDistribution", "one of uniform, zipfian, latest, hotspot"));
    }
    int fieldCount = range(errors, prefix + "fieldCount", in.fieldCount(),
        file != null && file.fieldCount() != null ? file.fieldCount() : 10, 1, 1000);
    int fieldLength = range(errors, prefix + "fieldLength", in.fieldLength(),
        file != null && file.fieldLength() != null ? file.fieldLength() : 100, 1, 1 << 20);
    long hot = range(errors, prefix + "hotKeys", in.hotKeys(), rows, 1L, 1_000_000_000L);
    if (in.hotKeys() != null && hot > rows) {
      errors.add(new FieldError(prefix + "hotKeys", "at most rows (" + rows + ")"));
    }
    if (errors.size() > before) {
      return null;
    }
    return new BenchmarkSpec(label, workload, in.table().trim(), blankToNull(in.family()), threads, duration, warmup, rate, ops,
        rows, valueSize, batch, Boolean.TRUE.equals(in.clientBuffering()), scan, !Boolean.FALSE.equals(in.loadFirst()),
        "ycsb".equals(workload) && file == null ? letter : null, records, dist, fieldCount, fieldLength, hot,
        file != null ? fileText : null);
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s.trim();
  }

  private static int range(List<FieldError> errors, String field, Integer value, int dflt, int min, int max) {
    int v = value == null ? dflt : value;
    if (v < min || v > max) {
      errors.add(new FieldError(field, "must be between " + min + " and " + max + ", got " + v));
    }
    return v;
  }

  private static long range(List<FieldError> errors, String field, Long value, long dflt, long min, long max) {
    long v = value == null ? dflt : value;
    if (v < min || v > max) {
      errors.add(new FieldError(field, "must be between " + min + " and " + max + ", got " + v));
    }
    return v;
  }
}
