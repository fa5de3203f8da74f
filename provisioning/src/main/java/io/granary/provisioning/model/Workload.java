package io.granary.provisioning.model;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Optional;

/** Read/write mix: splits the RegionServer heap between block cache and memstores (sum ≤ 0.8). */
public enum Workload {
  BALANCED("balanced", "0.4", "0.4"),
  READ_HEAVY("read-heavy", "0.55", "0.25"),
  WRITE_HEAVY("write-heavy", "0.25", "0.55");

  private final String id;
  private final String blockCache;
  private final String memstore;

  Workload(String id, String blockCache, String memstore) {
    this.id = id;
    this.blockCache = blockCache;
    this.memstore = memstore;
  }

  @JsonValue
  public String id() {
    return id;
  }

  public String blockCache() {
    return blockCache;
  }

  public String memstore() {
    return memstore;
  }

  public static Optional<Workload> byId(String id) {
    return Arrays.stream(values()).filter(w -> w.id.equals(id)).findFirst();
  }

  @Override
  public String toString() {
    return id;
  }
}
