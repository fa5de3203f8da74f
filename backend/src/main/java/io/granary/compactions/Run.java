package io.granary.compactions;

import io.granary.compactions.Schedule.TargetKind;
import java.time.Instant;
import java.util.UUID;

/** One compaction run: on demand, a scheduled window, or a schedule run now. */
public record Run(long id, long clusterId, Long scheduleId, String scheduleName, Trigger trigger, boolean major,
    TargetKind targetKind, String target, String family, Instant windowStart, Instant windowEnd, int maxPerServer,
    int maxPerCluster, State state, String message, boolean planned, UUID operationId, String runnerId,
    Instant heartbeatAt, String shellCommand, String createdBy, Instant startedAt, Instant finishedAt) {

  public enum Trigger { ON_DEMAND, SCHEDULE, MANUAL }

  public enum State {
    RUNNING, SUCCEEDED, PARTIAL, FAILED, CANCELLED;

    public boolean isFinal() {
      return this != RUNNING;
    }
  }

  public String scope() {
    String s = switch (targetKind) {
      case TABLE -> "table " + target;
      case NAMESPACE -> "namespace " + target;
      case PATTERN -> "tables matching " + target;
      case REGION -> "region " + target;
      case SERVER -> "server " + target;
    };
    return family == null ? s : s + ", family " + family;
  }
}
