package io.granary.vcenters;

import java.time.Instant;

/** A stored vCenter connection; the password and guest key stay sealed in the repository. */
public record Vcenter(long id, String name, String url, String username, boolean passwordSet, boolean tlsVerify,
    String thumbprint, String caPem, String guestSshUser, boolean guestKeySet, String createdBy, Instant createdAt,
    Instant updatedAt) {}
