package io.granary.engine;

/**
 * How to reach one cluster; the engine package's only input about a cluster.
 *
 * @param hdfsUser the user HDFS calls are made as (simple auth); null for the control plane's own
 *     user. Provisioned clusters run the NameNode as the service user, which is HDFS's superuser.
 */
public record ClusterEndpoints(long clusterId, String zookeeperQuorum, String namenodeUri, String hdfsUser) {
  public ClusterEndpoints(long clusterId, String zookeeperQuorum, String namenodeUri) {
    this(clusterId, zookeeperQuorum, namenodeUri, null);
  }
}
