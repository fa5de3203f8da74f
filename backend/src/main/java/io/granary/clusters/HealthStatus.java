package io.granary.clusters;

/** Ordered by severity: the worst reason decides a cluster's status. */
public enum HealthStatus { HEALTHY, DEGRADED, UNHEALTHY, UNKNOWN }
