package io.granary.operations;

import java.time.Instant;
import java.util.UUID;

public record OperationEvent(long id, UUID operationId, Instant at, Level level, String message, Integer progress) {
  public enum Level { INFO, WARN, ERROR }
}
