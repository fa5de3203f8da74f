package io.granary.experiments;

import io.granary.experiments.sweep.Design;
import io.granary.experiments.sweep.Factor;
import io.granary.experiments.sweep.Regression;
import io.granary.shared.problem.FieldError;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.math3.distribution.TDistribution;
import tools.jackson.databind.JsonNode;

/**
 * Seed 002 §8: every combination (or a resolution-IV fraction) of table and server settings, each
 * run one block of put, get or get+put requests on a fresh table; then, per operation, a linear
 * regression of the block's seconds on the settings, read by its t statistics: which settings matter.
 * Server-side settings (MSLAB, its chunk size) need a RegionServer restart, so a sweep that sets them
 * runs each run on a scratch cluster started with them.
 */
final class FactorSweepExperiment extends ExperimentType {
  static final String KEY = "factor-sweep";
  static final List<String> OPERATIONS = List.of("put", "get", "getput");
  static final long DEFAULT_CHUNK = 2L << 20;

  /** A sweep factor: its parameter, the tool option it sets, and whether a restart is needed. */
  record Knob(String key, String label, String option, boolean numeric, boolean server) {}

  static final List<Knob> KNOBS = List.of(
      new Knob("blockCache", "Block cache", "--block-cache", false, false),
      new Knob("blockSize", "Block size", "--block-size", true, false),
      new Knob("regions", "Regions", "--regions", true, false),
      new Knob("mslab", "MSLAB", null, false, true),
      new Knob("chunkSize", "MSLAB chunk size", null, true, true),
      new Knob("valueSize", "Value size", "--value-size", true, false),
      new Knob("keysPerRequest", "Keys per request", "--keys", true, false),
      new Knob("compression", "Compression", "--compression", false, false),
      new Knob("encoding", "Data block encoding", "--encoding", false, false),
      new Knob("bloom", "Bloom filter", "--bloom", false, false));

  private final List<Params> params = List.of(
      Params.choices("operations", "Operations", OPERATIONS, "each is its own block and its own regression:"
          + " put, get, or a get then a put of the same keys"),
      Params.choices("design", "Design", List.of("full", "fractional"), "every combination, or the smallest"
          + " resolution-IV fraction (two-level factors only)"),
      Params.choices("blockCache", "Block cache", List.of("on", "off"), "the family's BLOCKCACHE"),
      Params.integers("blockSize", "Block size", 1024, 1 << 20, "bytes", "the family's BLOCKSIZE"),
      Params.integers("regions", "Regions", 1, 100, null, "the table pre-split into this many regions"),
      Params.choices("mslab", "MSLAB", List.of("on", "off"), "hbase.hregion.memstore.mslab.enabled; anything but"
          + " on alone runs on scratch clusters"),
      Params.integers("chunkSize", "MSLAB chunk size", 64 << 10, 64 << 20, "bytes",
          "hbase.hregion.memstore.mslab.chunksize; anything but 2097152 alone runs on scratch clusters"),
      Params.integers("valueSize", "Value size", 1, 1 << 20, "bytes", "random bytes per row"),
      Params.integers("keysPerRequest", "Keys per request", 1, 10_000, null, "a multi-get or multi-put of this"
          + " many rows"),
      Params.choices("compression", "Compression", List.of("NONE", "GZ", "SNAPPY", "LZ4", "ZSTD"), "the family's"
          + " COMPRESSION; the cluster's codec probe must have verified it"),
      Params.choices("encoding", "Data block encoding", List.of("NONE", "PREFIX", "DIFF", "FAST_DIFF", "ROW_INDEX_V1"),
          "the family's DATA_BLOCK_ENCODING"),
      Params.choices("bloom", "Bloom filter", List.of("NONE", "ROW", "ROWCOL"), "the family's BLOOMFILTER"),
      Params.integer("threads", "Threads", 1, 64, null, "concurrent clients of each block (seed: 10)"),
      Params.integer("ops", "Requests per thread", 10, 1_000_000, null, "measured requests of each thread"
          + " (seed: 50,000 per block of 10 threads)"),
      Params.integer("rows", "Rows", 100, 10_000_000, null, "the key space, written before each block"),
      Params.integer("budgetMinutes", "Time budget", 1, 24 * 60, "minutes", "a design estimated to take longer is"
          + " refused with its run count"));

  FactorSweepExperiment() {
    super(new Meta(KEY, "Factor sweep with regression",
        "Runs every combination of the chosen table and server settings (or a resolution-IV fraction), one block"
            + " of put, get or get+put requests per run on a fresh, major-compacted, warmed-up table, in random"
            + " order. Then fits, per operation, ordinary least squares of the block's seconds on the settings,"
            + " with two-factor interactions: coefficients, standard errors, t and p values, R², a Pareto chart"
            + " of the effects, an interaction plot and the five fastest configurations.",
        "seed 002", "§8 (settings and performance: regression of put, get and get+put)",
        "seed 002: 3 DataNodes and 4 RegionServers, 2 × Xeon E5-2680 v4 @ 2.40 GHz (64 threads) each, HBase"
            + " 1.2.0-cdh5.14.2; 10 threads × 5,000 requests per block, 3 blocks per configuration, GZ",
        List.of("put: block size and block cache do not matter; more regions are slower",
            "get: the block cache is the most significant setting; regions lose their significance; more keys per"
                + " request help",
            "get+put: every setting is significant",
            "fastest put: MSLAB off, one region, block cache on, 16 KB blocks, 100-byte values, 10 keys per request"),
        "granary-node sweep-point --zookeeper <quorum> --table exp_sweep --op put --block-cache on --block-size 16384"
            + " --regions 1 --value-size 100 --keys 10 --threads 10 --ops 5000"));
  }

  @Override
  List<Params> params() {
    return params;
  }

  @Override
  Map<String, Object> defaults(int cores) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("operations", OPERATIONS);
    d.put("design", List.of("full"));
    d.put("blockCache", List.of("on", "off"));
    d.put("blockSize", List.of(16384, 65536));
    d.put("regions", List.of(1, 5, 30));
    d.put("mslab", List.of("on"));
    d.put("chunkSize", List.of(DEFAULT_CHUNK));
    d.put("valueSize", List.of(100, 1000, 10000));
    d.put("keysPerRequest", List.of(1, 10));
    d.put("compression", List.of("GZ"));
    d.put("encoding", List.of("NONE"));
    d.put("bloom", List.of("ROW"));
    d.put("threads", 10);
    d.put("ops", 5000);
    d.put("rows", 50_000);
    d.put("budgetMinutes", 600);
    return d;
  }

  @Override
  Map<String, Object> reduced() {
    Map<String, Object> d = new LinkedHashMap<>(defaults(2));
    d.put("operations", List.of("put"));
    d.put("blockCache", List.of("on", "off"));
    d.put("blockSize", List.of(65536));
    d.put("regions", List.of(1));
    d.put("valueSize", List.of(100));
    d.put("keysPerRequest", List.of(1, 10));
    d.put("compression", List.of("NONE"));
    d.put("threads", 2);
    d.put("ops", 200);
    d.put("rows", 2000);
    d.put("budgetMinutes", 30);
    return d;
  }

  @Override
  boolean touchesCluster() {
    return true;
  }

  @Override
  boolean hbaseTool() {
    return true;
  }

  @Override
  boolean scratch(JsonNode given) {
    JsonNode m = given.path("mslab");
    JsonNode c = given.path("chunkSize");
    boolean mslab = m.isArray() && m.valueStream().anyMatch(v -> !"on".equals(v.asString(null)));
    boolean chunk = c.isArray() && c.valueStream().anyMatch(v -> !v.isNumber() || v.asLong() != DEFAULT_CHUNK);
    return mslab || chunk;
  }

  @Override
  String scratchReason() {
    return "sets MSLAB or its chunk size, which needs RegionServers started with it";
  }

  /** The factors as chosen: every knob with its levels (one level = held fixed). */
  Map<Knob, List<String>> levels(JsonNode given, Map<String, Object> d, List<FieldError> errors) {
    Map<Knob, List<String>> out = new LinkedHashMap<>();
    for (Knob k : KNOBS) {
      Params p = param(k.key());
      List<String> v = k.numeric()
          ? java.util.Optional.ofNullable(p.integersOf(given, d, errors)).map(l -> l.stream().map(String::valueOf).toList())
              .orElse(null)
          : p.choicesOf(given, d, errors);
      if (v != null) {
        out.put(k, v);
      }
    }
    return out;
  }

  @Override
  List<Variant> plan(JsonNode given, Facts facts, List<FieldError> errors) {
    Map<String, Object> d = defaults(facts.cores());
    List<String> ops = param("operations").choicesOf(given, d, errors);
    List<String> design = param("design").choicesOf(given, d, errors);
    Map<Knob, List<String>> levels = levels(given, d, errors);
    Long threads = param("threads").integerOf(given, d, errors);
    Long perThread = param("ops").integerOf(given, d, errors);
    Long rows = param("rows").integerOf(given, d, errors);
    param("budgetMinutes").integerOf(given, d, errors);
    if (design != null && design.size() != 1) {
      errors.add(new FieldError("params.design", "choose one: full or fractional"));
    }
    if (!errors.isEmpty()) {
      return List.of();
    }
    List<String> regions = levels.get(knob("regions"));
    if (regions.stream().anyMatch(r -> Long.parseLong(r) > rows)) {
      errors.add(new FieldError("params.regions", "more regions than the " + rows + " rows of the key space"));
    }
    List<Factor> swept = new ArrayList<>();
    List<Knob> sweptKnobs = new ArrayList<>();
    levels.forEach((k, v) -> {
      if (v.size() > 1) {
        swept.add(new Factor(k.key(), k.label(), v, k.numeric()));
        sweptKnobs.add(k);
      }
    });
    if (swept.isEmpty()) {
      errors.add(new FieldError("params.blockCache", "choose two or more levels of at least one setting: a sweep"
          + " needs something to vary"));
    }
    if (!errors.isEmpty()) {
      return List.of();
    }
    Design plan;
    try {
      plan = design.get(0).equals("fractional") ? Design.fractional(swept) : Design.full(swept);
    } catch (IllegalArgumentException e) {
      errors.add(new FieldError("params.design", e.getMessage()));
      return List.of();
    }
    boolean scratch = scratch(given);
    List<Variant> out = new ArrayList<>();
    for (int p = 0; p < plan.runs(); p++) {
      Map<Knob, String> at = new LinkedHashMap<>();
      levels.forEach((k, v) -> at.put(k, v.get(0)));
      for (int f = 0; f < swept.size(); f++) {
        at.put(sweptKnobs.get(f), swept.get(f).levels().get(plan.points().get(p)[f]));
      }
      for (String op : ops) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("point", p + 1);
        v.put("op", op);
        at.forEach((k, level) -> v.put(k.key(), k.numeric() ? (Object) Long.parseLong(level) : level));
        v.put("design", plan.fractional() ? "fractional 2^(" + swept.size() + "−" + (swept.size()
            - Integer.numberOfTrailingZeros(plan.runs())) + ") resolution " + plan.resolutionName() : "full factorial");
        List<String> args = new ArrayList<>(List.of("--op", op, "--threads", threads.toString(), "--ops",
            perThread.toString(), "--rows", rows.toString()));
        List<String> up = null;
        for (Map.Entry<Knob, String> e : at.entrySet()) {
          if (e.getKey().option() != null) {
            args.add(e.getKey().option());
            args.add(e.getValue());
          }
        }
        if (scratch) {
          up = List.of("--datanodes", "3", "--regionservers", "1", "--hbase-set",
              "hbase.hregion.memstore.mslab.enabled=" + ("on".equals(at.get(knob("mslab")))), "--hbase-set",
              "hbase.hregion.memstore.mslab.chunksize=" + at.get(knob("chunkSize")));
        }
        long bytes = rows * Long.parseLong(at.get(knob("valueSize"))) * 3 * 2;
        out.add(new Variant("P" + (p + 1) + " " + op, "sweep-point", args, v, bytes, up));
      }
    }
    return out;
  }

  static Knob knob(String key) {
    return KNOBS.stream().filter(k -> k.key().equals(key)).findFirst().orElseThrow();
  }

  /** Seconds one run takes, roughly: a tool JVM and table, the fill and compaction, warm-up and block. */
  @Override
  double estimateSeconds(Variant v) {
    Map<String, Object> p = v.params();
    double rows = Double.parseDouble(argOf(v, "--rows"));
    double bytes = rows * ((Number) p.get("valueSize")).doubleValue();
    double requests = Double.parseDouble(argOf(v, "--threads")) * Double.parseDouble(argOf(v, "--ops")) * 1.1;
    double keys = ((Number) p.get("keysPerRequest")).doubleValue();
    // measured here: ~20 MiB/s fill, ~40 MiB/s compaction, ~3,000 single-row requests/s from 10 threads
    double seconds = 8 + bytes / (20 << 20) + bytes / (40 << 20) + requests * keys / 3000;
    return v.scratchUp() == null ? seconds : seconds + 25;
  }

  private static String argOf(Variant v, String option) {
    int i = v.args().indexOf(option);
    return v.args().get(i + 1);
  }

  @Override
  Long budgetSeconds(JsonNode given) {
    List<FieldError> ignored = new ArrayList<>();
    Long minutes = param("budgetMinutes").integerOf(given, defaults(1), ignored);
    return minutes == null ? null : minutes * 60;
  }

  /** Runs in random order (seed 002's protocol), the same order for the same launch. */
  @Override
  List<int[]> order(int variants, int repetitions, JsonNode given) {
    List<int[]> out = new ArrayList<>();
    for (int r = 1; r <= repetitions; r++) {
      for (int v = 0; v < variants; v++) {
        out.add(new int[] {v, r});
      }
    }
    java.util.Collections.shuffle(out, new java.util.Random(given.toString().hashCode() * 31L + repetitions));
    return out;
  }

  @Override
  Figure figure(List<Point> points) {
    List<Panel> panels = new ArrayList<>();
    List<Table> tables = new ArrayList<>();
    List<Finding> findings = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    List<Factor> factors = factorsOf(points);
    if (factors.isEmpty()) {
      return new Figure(panels, findings, notes, tables);
    }
    notes.add("Response: the block's wall seconds (threads × requests); a positive coefficient makes it slower."
        + " Two-level settings are coded −1/+1, more levels of a quantity by rank from −1 to +1, kinds of more than"
        + " two levels as one indicator per level after the first.");
    for (String op : OPERATIONS) {
      List<Point> mine = points.stream().filter(p -> op.equals(p.params().get("op")) && p.result() != null
          && p.result().has("seconds")).toList();
      if (mine.isEmpty()) {
        continue;
      }
      List<int[]> levels = new ArrayList<>();
      double[] y = new double[mine.size()];
      for (int i = 0; i < mine.size(); i++) {
        int[] l = new int[factors.size()];
        for (int f = 0; f < factors.size(); f++) {
          l[f] = factors.get(f).levels().indexOf(String.valueOf(mine.get(i).params().get(factors.get(f).key())));
        }
        levels.add(l);
        y[i] = mine.get(i).result().path("seconds").asDouble();
      }
      Regression.Fit fit;
      try {
        fit = Regression.fit(Regression.columns(factors, levels, true), y);
      } catch (IllegalArgumentException e) {
        notes.add(op + ": no regression yet (" + e.getMessage() + ")");
        continue;
      }
      panels.add(pareto(op, fit));
      tables.add(regressionTable(op, fit));
      Panel interaction = interactionPlot(op, fit, factors, levels, y);
      if (interaction != null) {
        panels.add(interaction);
      }
      tables.add(top(op, mine, factors));
      findings.add(new Finding(op + ": significant settings (p < 0.05)", significant(fit), seedSays(op)));
      String perKey = perKey(op, factors, levels, y);
      if (perKey != null) {
        notes.add(perKey);
      }
    }
    return new Figure(panels, findings, notes, tables);
  }

  /**
   * The response counts requests, not keys: a positive keys-per-request coefficient can still mean more
   * keys a second, which is how seed 002 reads "more keys per request help". Means over the other
   * settings at the lowest and highest level (balanced in both designs).
   */
  static String perKey(String op, List<Factor> factors, List<int[]> levels, double[] y) {
    int f = indexOf(factors, "keysPerRequest");
    if (f < 0) {
      return null;
    }
    Factor k = factors.get(f);
    int hi = k.size() - 1;
    Double low = meanWhere(levels, y, l -> l[f] == 0);
    Double high = meanWhere(levels, y, l -> l[f] == hi);
    if (low == null || high == null) {
      return null;
    }
    double keysLow = Double.parseDouble(k.levels().get(0));
    double keysHigh = Double.parseDouble(k.levels().get(hi));
    return String.format(Locale.ROOT, "%s: %s keys per request take %.2f s a block, %s take %.2f s (means over"
        + " the other settings): %.1f× the keys a second.", label(op), k.levels().get(hi), high, k.levels().get(0),
        low, (keysHigh / high) / (keysLow / low));
  }

  /** The mean response of the runs whose levels pass {@code at}; null when none does. */
  private static Double meanWhere(List<int[]> levels, double[] y, java.util.function.Predicate<int[]> at) {
    double sum = 0;
    int n = 0;
    for (int i = 0; i < y.length; i++) {
      if (at.test(levels.get(i))) {
        sum += y[i];
        n++;
      }
    }
    return n == 0 ? null : sum / n;
  }

  /** The swept factors, read back from the runs: every knob with more than one level among them. */
  static List<Factor> factorsOf(List<Point> points) {
    List<Factor> out = new ArrayList<>();
    for (Knob k : KNOBS) {
      List<String> seen = new ArrayList<>();
      for (Point p : points) {
        Object v = p.params().get(k.key());
        if (v != null && !seen.contains(String.valueOf(v))) {
          seen.add(String.valueOf(v));
        }
      }
      if (seen.size() > 1) {
        if (k.numeric()) {
          seen.sort(Comparator.comparingLong(Long::parseLong));
        } else {
          List<String> options = OPTIONS.getOrDefault(k.key(), List.of());
          seen.sort(Comparator.comparingInt(s -> options.indexOf(s) < 0 ? Integer.MAX_VALUE : options.indexOf(s)));
        }
        out.add(new Factor(k.key(), k.label(), seen, k.numeric()));
      }
    }
    return out;
  }

  private static final Map<String, List<String>> OPTIONS = Map.of("blockCache", List.of("off", "on"), "mslab",
      List.of("off", "on"), "compression", List.of("NONE", "GZ", "SNAPPY", "LZ4", "ZSTD"), "encoding",
      List.of("NONE", "PREFIX", "DIFF", "FAST_DIFF", "ROW_INDEX_V1"), "bloom", List.of("NONE", "ROW", "ROWCOL"));

  private static Panel pareto(String op, Regression.Fit fit) {
    List<Regression.Term> effects = fit.terms().stream().skip(1)
        .sorted(Comparator.comparingDouble((Regression.Term t) -> -Math.abs(t.t()))).toList();
    List<String> names = effects.stream().map(Regression.Term::name).toList();
    List<Double> t = effects.stream().map(e -> round2(Math.abs(e.t()))).toList();
    List<Double> critical = effects.stream().map(e -> round2(fit.criticalT())).toList();
    List<String> notes = effects.stream().map(e -> String.format(Locale.ROOT, "%+.3g s, p=%s", e.coefficient(),
        p(e.p()))).toList();
    return new Panel("Effects on " + label(op) + " (Pareto of |t|)", "term", "|t|", names,
        List.of(new Series("|t|", "bar", t), new Series("critical |t|, p = 0.05", "line", critical)), notes);
  }

  private static Table regressionTable(String op, Regression.Fit fit) {
    List<List<String>> rows = new ArrayList<>();
    for (Regression.Term t : fit.terms()) {
      rows.add(List.of(t.name(), String.format(Locale.ROOT, "%.4g", t.coefficient()),
          String.format(Locale.ROOT, "%.3g", t.standardError()), String.format(Locale.ROOT, "%.2f", t.t()), p(t.p()),
          t.p() < 0.05 ? "yes" : "no"));
    }
    String caption = String.format(Locale.ROOT, "R² %.3f, adjusted R² %.3f, %d runs, %d error degrees of freedom",
        fit.rSquared(), fit.adjustedRSquared(), fit.observations(), fit.errorDf())
        + (fit.omitted().isEmpty() ? "" : "; not estimated: " + String.join(", ", fit.omitted()));
    return new Table("Regression: " + label(op) + " seconds", List.of("term", "coefficient (s)", "std. error", "t",
        "p", "p < 0.05"), rows, caption);
  }

  /** The mean seconds at each level pair of the interaction with the largest |t|. */
  private static Panel interactionPlot(String op, Regression.Fit fit, List<Factor> factors, List<int[]> levels,
      double[] y) {
    Regression.Term top = fit.terms().stream().filter(t -> t.name().contains(" × "))
        .max(Comparator.comparingDouble(t -> Math.abs(t.t()))).orElse(null);
    if (top == null) {
      return null;
    }
    String[] names = top.name().split(" × ");
    int a = factorIndex(factors, names[0]);
    int b = factorIndex(factors, names[1]);
    Factor fa = factors.get(a);
    Factor fb = factors.get(b);
    List<Series> series = new ArrayList<>();
    for (int lb = 0; lb < fb.size(); lb++) {
      List<Double> values = new ArrayList<>();
      for (int la = 0; la < fa.size(); la++) {
        int atA = la;
        int atB = lb;
        Double mean = meanWhere(levels, y, l -> l[a] == atA && l[b] == atB);
        values.add(mean == null ? null : round2(mean));
      }
      series.add(new Series(fb.label() + " " + fb.levels().get(lb), "line", values));
    }
    return new Panel("Interaction: " + fa.label() + " × " + fb.label() + " (" + label(op) + ", t = "
        + String.format(Locale.ROOT, "%.2f", top.t()) + ")", fa.label(), "mean seconds", fa.levels(), series, List.of());
  }

  private static int factorIndex(List<Factor> factors, String column) {
    String key = column.contains("=") ? column.substring(0, column.indexOf('=')) : column;
    int i = indexOf(factors, key);
    if (i < 0) {
      throw new IllegalStateException("no factor " + key);
    }
    return i;
  }

  /** The factor's position among the swept ones, -1 when it was not swept. */
  private static int indexOf(List<Factor> factors, String key) {
    for (int i = 0; i < factors.size(); i++) {
      if (factors.get(i).key().equals(key)) {
        return i;
      }
    }
    return -1;
  }

  /** The five fastest configurations: median seconds and a 95% confidence interval of the mean over repetitions. */
  private static Table top(String op, List<Point> mine, List<Factor> factors) {
    Map<String, List<Double>> byConfig = new LinkedHashMap<>();
    for (Point p : mine) {
      List<String> parts = new ArrayList<>();
      for (Factor f : factors) {
        parts.add(f.label() + " " + p.params().get(f.key()));
      }
      byConfig.computeIfAbsent(String.join(", ", parts), k -> new ArrayList<>()).add(p.result().path("seconds")
          .asDouble());
    }
    List<Map.Entry<String, List<Double>>> ranked = new ArrayList<>(byConfig.entrySet());
    ranked.sort(Comparator.comparingDouble(e -> median(e.getValue())));
    List<List<String>> rows = new ArrayList<>();
    for (int i = 0; i < Math.min(5, ranked.size()); i++) {
      List<Double> v = ranked.get(i).getValue();
      rows.add(List.of(String.valueOf(i + 1), ranked.get(i).getKey(), String.format(Locale.ROOT, "%.3f",
          median(v)), ci(v), String.valueOf(v.size())));
    }
    return new Table("Fastest configurations: " + label(op), List.of("rank", "configuration", "median s",
        "95% CI of the mean (s)", "runs"), rows, "Seconds for the whole block; fewer is faster.");
  }

  static String ci(List<Double> v) {
    int n = v.size();
    if (n < 2) {
      return "— (one run)";
    }
    double mean = v.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    double ss = v.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum();
    double half = new TDistribution(n - 1).inverseCumulativeProbability(0.975) * Math.sqrt(ss / (n - 1) / n);
    return String.format(Locale.ROOT, "%.3f – %.3f", mean - half, mean + half);
  }

  private static double median(List<Double> v) {
    double[] s = v.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }

  private static String significant(Regression.Fit fit) {
    List<String> s = fit.terms().stream().skip(1).filter(t -> t.p() < 0.05)
        .sorted(Comparator.comparingDouble((Regression.Term t) -> -Math.abs(t.t())))
        .map(t -> String.format(Locale.ROOT, "%s (t = %.1f)", t.name(), t.t())).toList();
    return s.isEmpty() ? "none" : String.join(", ", s);
  }

  private static String seedSays(String op) {
    return switch (op) {
      case "put" -> "MSLAB, regions, value size, keys per request; not block size or block cache";
      case "get" -> "block cache most of all, keys per request; not regions";
      default -> "every setting";
    };
  }

  private static String label(String op) {
    return op.equals("getput") ? "get+put" : op;
  }

  private static String p(double p) {
    return p < 1e-4 ? String.format(Locale.ROOT, "%.1e", p) : String.format(Locale.ROOT, "%.4f", p);
  }

  private static double round2(double v) {
    return Math.round(v * 100) / 100.0;
  }
}
