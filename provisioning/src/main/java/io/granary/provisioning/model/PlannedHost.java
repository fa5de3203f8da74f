package io.granary.provisioning.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * One host of the plan.
 *
 * @param heaps JVM heap per role on this host ("640m")
 * @param jvmOpts extra JVM options per role on this host
 * @param config per-host overlay on the cluster-wide config (data dirs, handler counts, ...)
 * @param dirs directories the roles on this host need, for Ansible to create
 */
@JsonInclude(Include.NON_NULL)
public record PlannedHost(
    String hostname,
    String address,
    String rack,
    int cores,
    int ramMb,
    List<String> dataDisks,
    List<Role> roles,
    Integer zookeeperId,
    Map<Role, ConfigValue> heaps,
    Map<Role, ConfigValue> jvmOpts,
    Map<ConfigFile, SortedMap<String, ConfigValue>> config,
    List<String> dirs) {

  public boolean runs(Role role) {
    return roles.contains(role);
  }
}
