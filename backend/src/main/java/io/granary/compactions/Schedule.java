package io.granary.compactions;

import java.time.Instant;

/** A stored compaction schedule. Thresholds are null when unset. */
public record Schedule(long id, long clusterId, String name, TargetKind targetKind, String target, String cron,
    String timeZone, int durationMinutes, int maxPerServer, int maxPerCluster, Selection selection,
    Integer minStoreFiles, Integer maxLocalityPercent, Integer minHoursSinceMajor, boolean pauseOutside,
    boolean enabled, String createdBy, Instant createdAt) {

  public enum TargetKind { TABLE, NAMESPACE, PATTERN, REGION, SERVER }

  public enum Selection { ALL, THRESHOLD }

  public CronWindows windows() {
    return CronWindows.of(cron, timeZone, durationMinutes);
  }

  public Thresholds thresholds() {
    return selection == Selection.ALL ? Thresholds.NONE
        : new Thresholds(minStoreFiles, maxLocalityPercent, minHoursSinceMajor);
  }

  /** Input fields of a schedule, as validated before storing. */
  public record Input(String name, TargetKind targetKind, String target, String cron, String timeZone,
      Integer durationMinutes, Integer maxPerServer, Integer maxPerCluster, Selection selection,
      Integer minStoreFiles, Integer maxLocalityPercent, Integer minHoursSinceMajor, boolean pauseOutside,
      boolean enabled) {}
}
