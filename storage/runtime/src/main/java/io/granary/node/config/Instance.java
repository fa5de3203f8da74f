package io.granary.node.config;

import io.granary.node.Role;
import java.util.Map;

/** One role process of a cluster: its name (also its log and PID file name), heap and ports. */
public record Instance(
    String name, Role role, int index, String heap, String jvmOpts, Map<String, Integer> ports) {
  public Instance {
    ports = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(ports));
  }
}
