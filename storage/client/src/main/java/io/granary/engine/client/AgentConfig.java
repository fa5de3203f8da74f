package io.granary.engine.client;

/**
 * What the control plane hands the bench agent for one run (JSON on its stdin): the spec and where
 * the cluster is. Every value is resolved; the agent applies no defaults.
 *
 * @param clientTimeoutMs the agent's HBase operation timeout
 * @param kerberos how to log in to a Kerberized cluster; null for simple authentication
 */
public record AgentConfig(long runId, String zookeeper, String znodeParent, int clientTimeoutMs, BenchmarkSpec spec,
    Kerberos kerberos) {

  public AgentConfig(long runId, String zookeeper, String znodeParent, int clientTimeoutMs, BenchmarkSpec spec) {
    this(runId, zookeeper, znodeParent, clientTimeoutMs, spec, null);
  }

  /**
   * A Kerberized cluster: the agent logs in as {@code principal} from {@code keytab} (the control plane's,
   * opened 0600 for its own user) with the control plane's {@code krb5Conf}.
   */
  public record Kerberos(String principal, String keytab, String krb5Conf, String realm, String rpcProtection) {}

  /** What would make the run meaningless; the control plane validates first, this is the agent's backstop. */
  public void validate() {
    require(spec != null, "spec is required");
    require(spec.table() != null && !spec.table().isBlank(), "table is required");
    require(zookeeper != null && !zookeeper.isBlank(), "zookeeper is required");
    require(spec.threads() >= 1 && spec.threads() <= 1024, "threads must be 1..1024");
    require(spec.durationSeconds() >= 1, "durationSeconds must be at least 1");
    require(spec.warmupSeconds() >= 0, "warmupSeconds must not be negative");
    require(spec.targetRate() >= 0, "targetRate must not be negative");
    require(spec.operationCount() >= 0, "operationCount must not be negative");
    require(spec.rows() >= 1, "rows must be at least 1");
    require(spec.valueSize() >= 1, "valueSize must be at least 1");
    require(spec.batchSize() >= 1, "batchSize must be at least 1");
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }
}
