package io.granary.provisioning.diff;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;

/**
 * One value that differs between two plans.
 *
 * @param file a {@link io.granary.provisioning.model.ConfigFile} id ({@code core-site}, {@code
 *     hdfs-site}, {@code hbase-site}, {@code zoo.cfg}), or {@value PlanDiff#HEAP} / {@value
 *     PlanDiff#JVM_OPTS} (key = the role's id), {@value PlanDiff#RACK} (key {@code rack}), {@value
 *     PlanDiff#EC_POLICIES} (key = the policy's name, value {@code enabled})
 * @param key the config key
 * @param host inventory name of the host whose value changed; null for a cluster-wide value
 * @param role for a role-group value ({@link io.granary.provisioning.model.Plan#roleConfig()}):
 *     the role's id; only that role reads it. Null otherwise, and then left out of the JSON.
 * @param oldValue null when the key is new; for a role-group value, what the role read before
 *     (its group's value, else the value of its hosts)
 * @param newValue null when the key is gone; for a role-group value, what the role reads now
 */
public record ConfigChange(
    String file,
    String key,
    String host,
    @JsonInclude(Include.NON_NULL) String role,
    String oldValue,
    String newValue) {

  /** A cluster-wide or per-host change (no role group). */
  public ConfigChange(String file, String key, String host, String oldValue, String newValue) {
    this(file, key, host, null, oldValue, newValue);
  }

  /** Cluster-wide: neither one host's value nor one role group's. */
  public boolean clusterWide() {
    return host == null && role == null;
  }
}
