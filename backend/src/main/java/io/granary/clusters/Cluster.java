package io.granary.clusters;

import io.granary.engine.ClusterEndpoints;
import io.granary.engine.EngineKerberos;
import io.granary.engine.HaEndpoints;
import java.time.Instant;

/**
 * A registered cluster; {@code ha} is null unless it was registered with more than one of a role,
 * {@code kerberos} null unless its install Kerberized it.
 */
public record Cluster(long id, String name, ClusterKind kind, String zookeeperQuorum, String namenodeUri,
    String namenodeWebUrl, String masterWebUrl, Instant createdAt, HaEndpoints ha, EngineKerberos kerberos) {
  /** The service user the Ansible roles run the engine as (granary_user), HDFS's superuser there. */
  public static final String PROVISIONED_HDFS_USER = "granary";

  public Cluster(long id, String name, ClusterKind kind, String zookeeperQuorum, String namenodeUri,
      String namenodeWebUrl, String masterWebUrl, Instant createdAt, HaEndpoints ha) {
    this(id, name, kind, zookeeperQuorum, namenodeUri, namenodeWebUrl, masterWebUrl, createdAt, ha, null);
  }

  public Cluster(long id, String name, ClusterKind kind, String zookeeperQuorum, String namenodeUri,
      String namenodeWebUrl, String masterWebUrl, Instant createdAt) {
    this(id, name, kind, zookeeperQuorum, namenodeUri, namenodeWebUrl, masterWebUrl, createdAt, null, null);
  }

  public ClusterEndpoints endpoints() {
    // a Kerberized cluster is reached as the control plane's own principal, HDFS and HBase superuser there
    return new ClusterEndpoints(id, zookeeperQuorum, namenodeUri,
        kind == ClusterKind.PROVISIONED && kerberos == null ? PROVISIONED_HDFS_USER : null, ha, kerberos);
  }
}
