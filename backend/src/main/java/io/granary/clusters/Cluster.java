package io.granary.clusters;

import io.granary.engine.ClusterEndpoints;
import java.time.Instant;

/** A registered cluster. */
public record Cluster(long id, String name, ClusterKind kind, String zookeeperQuorum, String namenodeUri,
    String namenodeWebUrl, String masterWebUrl, Instant createdAt) {
  public ClusterEndpoints endpoints() {
    return new ClusterEndpoints(id, zookeeperQuorum, namenodeUri);
  }
}
