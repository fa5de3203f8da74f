package io.granary.engine;

/** How to reach one cluster; the engine package's only input about a cluster. */
public record ClusterEndpoints(long clusterId, String zookeeperQuorum, String namenodeUri) {}
