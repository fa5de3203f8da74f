package io.granary.clusters;

public enum ClusterKind { LOCAL, PROVISIONED }
