package io.granary.provisioning.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Placement, sizing and config of a cluster, each value with its provenance.
 *
 * @param config cluster-wide config per file; a host's overlay in {@link PlannedHost#config()} wins
 *     over it
 * @param erasureCodingPolicies HDFS policy names to enable once the NameNode runs
 * @param roleConfig role-group values (the spec's {@code roleOverrides}, provenance {@code
 *     USER_OVERRIDE}): role → file → key; only that role's files get them, over the cluster-wide
 *     value and the host's overlay. Left out of the JSON when empty; a plan without it has none.
 * @param kerberos null without Kerberos (left out of the JSON, so older plans read as without)
 */
public record Plan(
    String cluster,
    Profile profile,
    Workload workload,
    String sshUser,
    HighAvailability ha,
    List<PlannedHost> hosts,
    Map<ConfigFile, SortedMap<String, ConfigValue>> config,
    List<String> erasureCodingPolicies,
    @JsonInclude(Include.NON_EMPTY)
        Map<Role, Map<ConfigFile, SortedMap<String, ConfigValue>>> roleConfig,
    @JsonInclude(Include.NON_NULL) Kerberos kerberos) {

  public Plan {
    roleConfig = roleConfig == null ? Map.of() : roleConfig;
  }

  /** A plan without role-group values or Kerberos. */
  public Plan(
      String cluster,
      Profile profile,
      Workload workload,
      String sshUser,
      HighAvailability ha,
      List<PlannedHost> hosts,
      Map<ConfigFile, SortedMap<String, ConfigValue>> config,
      List<String> erasureCodingPolicies) {
    this(cluster, profile, workload, sshUser, ha, hosts, config, erasureCodingPolicies, null, null);
  }

  public List<PlannedHost> hostsRunning(Role role) {
    return hosts.stream().filter(h -> h.runs(role)).toList();
  }

  /** The effective value of a key on a host: the host's overlay, else the cluster-wide value. */
  public ConfigValue effective(PlannedHost host, ConfigFile file, String key) {
    ConfigValue v = host.config().get(file).get(key);
    return v != null ? v : config.get(file).get(key);
  }

  /**
   * What {@code role} on {@code host} reads for a key: its role-group value, else the host's
   * overlay, else the cluster-wide value; null when none sets it.
   */
  public ConfigValue effective(PlannedHost host, Role role, ConfigFile file, String key) {
    ConfigValue v = roleValues(role, file).get(key);
    return v != null ? v : effective(host, file, key);
  }

  /** The role group's own values of one file (empty when it has none). */
  public SortedMap<String, ConfigValue> roleValues(Role role, ConfigFile file) {
    Map<ConfigFile, SortedMap<String, ConfigValue>> files = roleConfig.get(role);
    SortedMap<String, ConfigValue> m = files == null ? null : files.get(file);
    return m == null ? Collections.emptySortedMap() : m;
  }

  /** The whole file as {@code role} on {@code host} reads it: cluster-wide, overlay, role group. */
  public SortedMap<String, ConfigValue> effectiveConfig(
      PlannedHost host, Role role, ConfigFile file) {
    SortedMap<String, ConfigValue> m = new TreeMap<>(config.get(file));
    m.putAll(host.config().get(file));
    m.putAll(roleValues(role, file));
    return m;
  }
}
