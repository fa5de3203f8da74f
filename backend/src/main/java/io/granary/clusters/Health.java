package io.granary.clusters;

import java.time.Instant;
import java.util.List;

public record Health(HealthStatus status, List<Reason> reasons, Instant collectedAt) {
  public record Reason(HealthReasonCode code, HealthStatus severity, String message) {}
}
