package io.granary.compactions;

import io.granary.engine.EngineCompactions.RegionStat;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** Picks the regions a run compacts, most-needing first, and says why each was picked or skipped. */
public final class Candidates {
  private Candidates() {}

  public record Pick(RegionStat region, boolean selected, String reason) {}

  /** Most store files per store first, then lowest locality, then longest since the last major compaction. */
  static final Comparator<RegionStat> NEED = Comparator.comparingDouble(RegionStat::filesPerStore).reversed()
      .thenComparingDouble(r -> r.locality())
      .thenComparing(RegionStat::lastMajorCompaction, Comparator.nullsFirst(Comparator.naturalOrder()))
      .thenComparing(RegionStat::table)
      .thenComparing(r -> r.encodedName());

  public static List<Pick> select(List<RegionStat> regions, Thresholds t, Instant now) {
    List<Pick> out = new ArrayList<>();
    for (RegionStat r : regions.stream().sorted(NEED).toList()) {
      if (t.selectsAll()) {
        out.add(new Pick(r, true, "every region of the target"));
        continue;
      }
      List<String> met = new ArrayList<>();
      List<String> unmet = new ArrayList<>();
      if (t.minStoreFilesPerStore() != null) {
        String fps = String.format(Locale.ROOT, "%.1f store files per store", r.filesPerStore());
        (r.filesPerStore() >= t.minStoreFilesPerStore() ? met : unmet)
            .add(fps + (r.filesPerStore() >= t.minStoreFilesPerStore() ? " ≥ " : " < ") + t.minStoreFilesPerStore());
      }
      if (t.maxLocalityPercent() != null) {
        int pct = Math.round(r.locality() * 100);
        boolean low = pct < t.maxLocalityPercent();
        (low ? met : unmet).add("locality " + pct + "%" + (low ? " < " : " ≥ ") + t.maxLocalityPercent() + "%");
      }
      if (t.minHoursSinceMajor() != null) {
        Instant last = r.lastMajorCompaction();
        long hours = last == null ? Long.MAX_VALUE : Duration.between(last, now).toHours();
        boolean old = hours >= t.minHoursSinceMajor();
        String since = last == null ? "never major-compacted" : "last major compaction " + hours + " h ago";
        (old ? met : unmet).add(since + (last == null ? "" : (old ? " ≥ " : " < ") + t.minHoursSinceMajor() + " h"));
      }
      out.add(met.isEmpty() ? new Pick(r, false, "under every threshold: " + String.join("; ", unmet))
          : new Pick(r, true, String.join("; ", met)));
    }
    return out;
  }
}
