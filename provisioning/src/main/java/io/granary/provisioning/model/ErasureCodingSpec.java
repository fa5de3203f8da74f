package io.granary.provisioning.model;

import java.util.List;

/** HDFS erasure-coding policies to enable after the NameNode is up. */
public record ErasureCodingSpec(List<String> policies) {}
