package io.granary.operations;

import java.time.Instant;
import java.util.UUID;

public record Operation(UUID id, String type, Long clusterId, String target, OperationState state, int progress,
    String message, String shellEquivalent, String createdBy, Instant createdAt, Instant startedAt,
    Instant finishedAt, boolean cancelRequested) {}
