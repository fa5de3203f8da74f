package io.granary.provisioning.diff;

/**
 * One value that differs between two plans.
 *
 * @param file a {@link io.granary.provisioning.model.ConfigFile} id ({@code core-site}, {@code
 *     hdfs-site}, {@code hbase-site}, {@code zoo.cfg}), or {@value PlanDiff#HEAP} / {@value
 *     PlanDiff#JVM_OPTS} (key = the role's id), {@value PlanDiff#RACK} (key {@code rack}), {@value
 *     PlanDiff#EC_POLICIES} (key = the policy's name, value {@code enabled})
 * @param key the config key
 * @param host inventory name of the host whose value changed; null for a cluster-wide value
 * @param oldValue null when the key is new
 * @param newValue null when the key is gone
 */
public record ConfigChange(
    String file, String key, String host, String oldValue, String newValue) {

  public boolean clusterWide() {
    return host == null;
  }
}
