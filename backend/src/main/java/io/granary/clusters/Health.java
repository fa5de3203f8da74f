package io.granary.clusters;

import java.time.Instant;
import java.util.List;

/** {@code ageSeconds}: how old the collected state was when this health was evaluated (null: none yet). */
public record Health(HealthStatus status, List<Reason> reasons, Instant collectedAt, Long ageSeconds) {
  public record Reason(HealthReasonCode code, HealthStatus severity, String message) {}
}
