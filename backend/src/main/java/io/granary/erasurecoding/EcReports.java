package io.granary.erasurecoding;

import static io.granary.engine.EngineErasureCoding.REPLICATION;

import io.granary.engine.EngineErasureCoding.FileInfo;
import io.granary.erasurecoding.EcMath.Cost;
import io.granary.erasurecoding.EcMath.Layout;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The savings and small-files report of a set of files. */
public final class EcReports {
  static final long KB = 1024;
  static final long MB = KB * KB;
  static final long[] BUCKETS = {0, 64 * KB, MB, 4 * MB, 16 * MB, 64 * MB, 256 * MB};
  static final String[] LABELS = {"< 64 KiB", "64 KiB – 1 MiB", "1 – 4 MiB", "4 – 16 MiB", "16 – 64 MiB", "64 – 256 MiB",
      "≥ 256 MiB"};
  /** EC is only worth recommending when it saves at least this share of the 3× raw bytes. */
  static final double MIN_SAVING = 0.10;

  private EcReports() {}

  public record Bucket(String label, long min, Long max, long files, long bytes) {}

  public record LayoutCost(String layout, long rawBytes, long blockObjects, double ratioToLogical, long smallFileRaw) {}

  /** What to do: {@code NONE} (the current layout stays) or {@code CONVERT} to {@code layout}. */
  public enum Action { NONE, CONVERT }

  /**
   * @param files closed files the figures are about; open files (being written, e.g. WALs) are
   *     counted apart in {@code openFiles}/{@code openBytes} and left out of every layout figure
   * @param current bytes HDFS actually stores for the closed files now (space consumed)
   */
  public record Report(String path, long files, long logicalBytes, long smallFiles, List<Bucket> histogram,
      LayoutCost current, List<LayoutCost> layouts, String recommended, Action action, String reason,
      List<String> warnings, long openFiles, long openBytes) {
    public LayoutCost layout(String name) {
      return layouts.stream().filter(l -> l.layout().equals(name)).findFirst().orElse(null);
    }

    public Report withRecommendation(Action a, String layout, String why) {
      return new Report(path, files, logicalBytes, smallFiles, histogram, current, layouts, layout, a, why, warnings,
          openFiles, openBytes);
    }

    public Report withWarning(String w) {
      List<String> all = new ArrayList<>(warnings);
      all.add(w);
      return new Report(path, files, logicalBytes, smallFiles, histogram, current, layouts, recommended, action,
          reason, List.copyOf(all), openFiles, openBytes);
    }
  }

  /**
   * @param all every file found, open ones included (they are set apart)
   * @param layouts each enabled EC policy and 3× replication
   * @param known every policy by name, to cost the files' current layouts
   * @param storedRaw bytes HDFS stores for the closed files: the directory's space consumed less
   *     that of its open files (HDFS counts an open file's last block at full block size)
   */
  public static Report build(String path, List<FileInfo> all, List<Layout> layouts, Map<String, Layout> known,
      long storedRaw) {
    List<FileInfo> files = all.stream().filter(f -> !f.open()).toList();
    long openFiles = all.size() - files.size();
    long openBytes = all.stream().filter(FileInfo::open).mapToLong(FileInfo::length).sum();
    long logical = 0;
    long[] counts = new long[BUCKETS.length];
    long[] bytes = new long[BUCKETS.length];
    long small = 0;
    long currentBlocks = 0;
    for (FileInfo f : files) {
      logical += f.length();
      int b = bucket(f.length());
      counts[b]++;
      bytes[b] += f.length();
      if (f.length() < MB) {
        small++;
      }
      currentBlocks += EcMath.cost(f.length(), f.blockSize(), layoutOf(f, known)).blockObjects();
    }
    List<Bucket> histogram = new ArrayList<>();
    for (int i = 0; i < BUCKETS.length; i++) {
      histogram.add(new Bucket(LABELS[i], BUCKETS[i], i + 1 < BUCKETS.length ? BUCKETS[i + 1] : null, counts[i],
          bytes[i]));
    }
    List<LayoutCost> costs = new ArrayList<>();
    for (Layout l : layouts) {
      Cost total = new Cost(0, 0);
      long smallRaw = 0;
      long stripe = l.striped() ? (long) l.dataUnits() * l.cellSize() : 0;
      for (FileInfo f : files) {
        Cost c = EcMath.cost(f.length(), f.blockSize(), l);
        total = total.plus(c);
        if (f.length() < stripe) {
          smallRaw += c.rawBytes();
        }
      }
      costs.add(new LayoutCost(l.name(), total.rawBytes(), total.blockObjects(), ratio(total.rawBytes(), logical),
          smallRaw));
    }
    LayoutCost current = new LayoutCost("current", storedRaw, currentBlocks, ratio(storedRaw, logical), 0);
    List<String> warnings = new ArrayList<>();
    if (!files.isEmpty() && small * 2 > files.size()) {
      warnings.add(String.format(Locale.ROOT, "%d of %d files are smaller than 1 MiB: under EC each still costs its"
          + " full size once per parity unit plus one block object per unit, so EC saves little or nothing here",
          small, files.size()));
    }
    if (openFiles > 0) {
      warnings.add(String.format(Locale.ROOT, "%d open file(s) (being written, %s so far) are left out of every"
          + " figure: HDFS reserves a full block for each until it is closed", openFiles, human(openBytes)));
    }
    Report r = new Report(path, files.size(), logical, small, histogram, current, costs, "current", Action.NONE, "",
        warnings, openFiles, openBytes);
    return recommend(r, files);
  }

  /** Never the layout already in place: NONE unless another layout saves enough over what is stored now. */
  private static Report recommend(Report r, List<FileInfo> files) {
    if (files.isEmpty()) {
      return r.withRecommendation(Action.NONE, "current", "nothing to do: the directory holds no closed files");
    }
    boolean anyEc = r.layouts().stream().anyMatch(c -> !c.layout().equals(REPLICATION));
    // on a tie the simpler layout (replication) wins: a rewrite must buy something
    LayoutCost best = r.layouts().stream().min(java.util.Comparator.comparingLong(LayoutCost::rawBytes)
        .thenComparing(c -> !c.layout().equals(REPLICATION))).orElse(null);
    if (best == null) {
      return r.withRecommendation(Action.NONE, "current", "nothing to compare");
    }
    long already = files.stream().filter(f -> f.policy().equals(best.layout())
        && (!best.layout().equals(REPLICATION) || f.replication() == 3)).count();
    if (already == files.size()) {
      return r.withRecommendation(Action.NONE, "current", String.format(Locale.ROOT, "nothing to do: all %d files"
          + " are already stored as %s, the cheapest layout here%s", files.size(), label(best.layout()),
          anyEc ? "" : " (no erasure-coding policy is enabled to compare)"));
    }
    long now = r.current().rawBytes();
    double saving = now <= 0 ? 0 : 1 - (double) best.rawBytes() / now;
    if (saving < MIN_SAVING) {
      return r.withRecommendation(Action.NONE, "current", String.format(Locale.ROOT, "nothing to do: the cheapest"
          + " layout, %s, would store these files in %s instead of the %s they take now (%.0f%% less, below the"
          + " %.0f%% worth a rewrite)%s", label(best.layout()), human(best.rawBytes()), human(now),
          Math.max(0, saving * 100), MIN_SAVING * 100, anyEc ? "" : "; no erasure-coding policy is enabled to compare"));
    }
    return r.withRecommendation(Action.CONVERT, best.layout(), String.format(Locale.ROOT, "%s stores these files in"
        + " %s raw instead of the %s they take now (%.0f%% less) with %d instead of %d block objects; %d of %d files"
        + " are not under it yet", label(best.layout()), human(best.rawBytes()), human(now), saving * 100,
        best.blockObjects(), r.current().blockObjects(), files.size() - already, files.size()));
  }

  private static String label(String layout) {
    return layout.equals(REPLICATION) ? "3× replication" : layout;
  }

  /** The layout a file has now: its EC policy, else replication at its own factor. */
  static Layout layoutOf(FileInfo f, Map<String, Layout> known) {
    return known.getOrDefault(f.policy(), Layout.replicated(f.policy(), f.replication()));
  }

  static int bucket(long length) {
    for (int i = BUCKETS.length - 1; i >= 0; i--) {
      if (length >= BUCKETS[i]) {
        return i;
      }
    }
    return 0;
  }

  private static double ratio(long raw, long logical) {
    return logical == 0 ? 0 : (double) raw / logical;
  }

  static String human(long bytes) {
    if (bytes >= 1L << 30) {
      return String.format(Locale.ROOT, "%.2f GiB", bytes / (double) (1L << 30));
    }
    if (bytes >= MB) {
      return String.format(Locale.ROOT, "%.1f MiB", bytes / (double) MB);
    }
    return String.format(Locale.ROOT, "%.1f KiB", bytes / (double) KB);
  }
}
