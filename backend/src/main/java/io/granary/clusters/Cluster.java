package io.granary.clusters;

import io.granary.engine.ClusterEndpoints;
import java.time.Instant;

/** A registered cluster. */
public record Cluster(long id, String name, ClusterKind kind, String zookeeperQuorum, String namenodeUri,
    String namenodeWebUrl, String masterWebUrl, Instant createdAt) {
  /** The service user the Ansible roles run the engine as (granary_user), HDFS's superuser there. */
  public static final String PROVISIONED_HDFS_USER = "granary";

  public ClusterEndpoints endpoints() {
    return new ClusterEndpoints(id, zookeeperQuorum, namenodeUri,
        kind == ClusterKind.PROVISIONED ? PROVISIONED_HDFS_USER : null);
  }
}
