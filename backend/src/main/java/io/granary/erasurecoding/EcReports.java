package io.granary.erasurecoding;

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
  static final String[] LABELS = {"< 64 KB", "64 KB – 1 MB", "1 – 4 MB", "4 – 16 MB", "16 – 64 MB", "64 – 256 MB",
      "≥ 256 MB"};
  /** EC is only worth recommending when it saves at least this share of the 3× raw bytes. */
  static final double MIN_SAVING = 0.10;

  private EcReports() {}

  public record Bucket(String label, long min, Long max, long files, long bytes) {}

  public record LayoutCost(String layout, long rawBytes, long blockObjects, double ratioToLogical, long smallFileRaw) {}

  public record Report(String path, long files, long logicalBytes, long smallFiles, List<Bucket> histogram,
      LayoutCost current, List<LayoutCost> layouts, String recommended, String reason, List<String> warnings) {
    public LayoutCost layout(String name) {
      return layouts.stream().filter(l -> l.layout().equals(name)).findFirst().orElse(null);
    }
  }

  /**
   * @param layouts each enabled EC policy and 3× replication
   * @param known every policy by name, to cost the files' current layouts
   * @param currentRaw the directory's space consumed as HDFS reports it
   */
  public static Report build(String path, List<FileInfo> files, List<Layout> layouts, Map<String, Layout> known,
      long currentRaw) {
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
    LayoutCost current = new LayoutCost("current", currentRaw, currentBlocks, ratio(currentRaw, logical), 0);
    List<String> warnings = new ArrayList<>();
    if (!files.isEmpty() && small * 2 > files.size()) {
      warnings.add(String.format(Locale.ROOT, "%d of %d files are smaller than 1 MB: under EC each still costs its"
          + " full size once per parity unit plus one block object per unit, so EC saves little or nothing here",
          small, files.size()));
    }
    String[] rec = recommend(files.size(), costs);
    return new Report(path, files.size(), logical, small, histogram, current, costs, rec[0], rec[1], warnings);
  }

  private static String[] recommend(long files, List<LayoutCost> costs) {
    LayoutCost replication = costs.stream().filter(c -> c.layout().equals(io.granary.engine.EngineErasureCoding.REPLICATION))
        .findFirst().orElse(null);
    LayoutCost best = costs.stream().filter(c -> c != replication)
        .min(java.util.Comparator.comparingLong(LayoutCost::rawBytes)).orElse(null);
    if (files == 0) {
      return new String[] {"current", "the directory holds no files"};
    }
    if (best == null || replication == null) {
      return new String[] {"replication", "no erasure-coding policy is enabled; enable one to compare"};
    }
    double saving = 1 - (double) best.rawBytes() / replication.rawBytes();
    if (saving < MIN_SAVING) {
      return new String[] {"replication", String.format(Locale.ROOT, "the best enabled policy, %s, would save only"
          + " %.0f%% of the raw bytes of 3× replication (%s vs %s) while tracking %d instead of %d block objects",
          best.layout(), saving * 100, human(best.rawBytes()), human(replication.rawBytes()), best.blockObjects(),
          replication.blockObjects())};
    }
    return new String[] {best.layout(), String.format(Locale.ROOT, "%s stores these files in %s raw instead of %s"
        + " under 3× replication (%.0f%% less) with %d instead of %d block objects", best.layout(),
        human(best.rawBytes()), human(replication.rawBytes()), saving * 100, best.blockObjects(),
        replication.blockObjects())};
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
