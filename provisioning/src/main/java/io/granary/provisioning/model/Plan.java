package io.granary.provisioning.model;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * Placement, sizing and config of a cluster, each value with its provenance.
 *
 * @param config cluster-wide config per file; a host's overlay in {@link PlannedHost#config()} wins
 *     over it
 * @param erasureCodingPolicies HDFS policy names to enable once the NameNode runs
 */
public record Plan(
    String cluster,
    Profile profile,
    Workload workload,
    String sshUser,
    HighAvailability ha,
    List<PlannedHost> hosts,
    Map<ConfigFile, SortedMap<String, ConfigValue>> config,
    List<String> erasureCodingPolicies) {

  public List<PlannedHost> hostsRunning(Role role) {
    return hosts.stream().filter(h -> h.runs(role)).toList();
  }

  /** The effective value of a key on a host: the host's overlay, else the cluster-wide value. */
  public ConfigValue effective(PlannedHost host, ConfigFile file, String key) {
    ConfigValue v = host.config().get(file).get(key);
    return v != null ? v : config.get(file).get(key);
  }
}
