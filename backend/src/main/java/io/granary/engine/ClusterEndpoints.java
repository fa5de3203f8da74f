package io.granary.engine;

/**
 * How to reach one cluster; the engine package's only input about a cluster.
 *
 * @param hdfsUser the user HDFS calls are made as (simple auth); null for the control plane's own
 *     user. Provisioned clusters run the NameNode as the service user, which is HDFS's superuser.
 * @param ha every NameNode and HMaster of a highly available cluster; null for one of each
 * @param kerberos how to log in to a Kerberized cluster; null for simple authentication
 */
public record ClusterEndpoints(long clusterId, String zookeeperQuorum, String namenodeUri, String hdfsUser,
    HaEndpoints ha, EngineKerberos kerberos) {
  public ClusterEndpoints(long clusterId, String zookeeperQuorum, String namenodeUri, String hdfsUser,
      HaEndpoints ha) {
    this(clusterId, zookeeperQuorum, namenodeUri, hdfsUser, ha, null);
  }

  public ClusterEndpoints(long clusterId, String zookeeperQuorum, String namenodeUri, String hdfsUser) {
    this(clusterId, zookeeperQuorum, namenodeUri, hdfsUser, null);
  }

  public ClusterEndpoints(long clusterId, String zookeeperQuorum, String namenodeUri) {
    this(clusterId, zookeeperQuorum, namenodeUri, null, null);
  }

  /** The HDFS nameservice HDFS calls go through, or null when they go to the one NameNode. */
  public String nameservice() {
    return ha == null ? null : ha.nameservice();
  }
}
