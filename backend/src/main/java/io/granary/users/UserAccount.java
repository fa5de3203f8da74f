package io.granary.users;

import java.time.Instant;

public record UserAccount(long id, String username, String passwordHash, Role role, boolean enabled, Instant createdAt) {}
