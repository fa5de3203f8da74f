package io.granary.hosts;

import java.time.Instant;
import java.util.List;

/** A host in the inventory; its sealed SSH key stays in the repository. */
public record Host(long id, String address, String hostname, String sshUser, String keyFingerprint, Integer cores,
    Integer ramMb, List<String> dataDisks, String rack, boolean reachable, String checkMessage, Instant createdAt) {

  public String name() {
    return hostname != null && !hostname.isBlank() ? hostname : address;
  }
}
