package io.granary.clusters;

import io.granary.engine.ClusterSnapshot;
import java.util.Map;

/**
 * What the cache holds per cluster: the last snapshot, read/write rates per RegionServer and per
 * region (by encoded name) derived from the two last snapshots, the last collection error, and the health computed from all of it.
 */
public record ClusterState(ClusterSnapshot snapshot, Map<String, Rates> rates, Map<String, Rates> regionRates,
    String collectionError, Health health) {
  public record Rates(double readsPerSecond, double writesPerSecond) {}
}
