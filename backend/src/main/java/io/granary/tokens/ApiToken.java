package io.granary.tokens;

import java.time.Instant;

public record ApiToken(long id, long userId, String name, Instant createdAt, Instant lastUsedAt) {}
