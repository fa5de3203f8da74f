package io.granary.compactions;

/**
 * Which regions need a major compaction: any set threshold met selects the region. All null =
 * every region.
 */
public record Thresholds(Integer minStoreFilesPerStore, Integer maxLocalityPercent, Integer minHoursSinceMajor) {
  public static final Thresholds NONE = new Thresholds(null, null, null);

  public boolean selectsAll() {
    return minStoreFilesPerStore == null && maxLocalityPercent == null && minHoursSinceMajor == null;
  }
}
