package io.granary.audit;

import java.time.Instant;

public record AuditEntry(long id, Instant at, String username, String action, String target, AuditResult result,
    Integer status, String detail, String remoteAddress) {}
