package io.granary.engine.client;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The HBase/HDFS client timeouts and retries of each caller, as ordered name/value pairs. Each
 * side applies them to its own Hadoop {@code Configuration} ({@code settings.forEach(conf::set)}):
 * the launcher uses the unshaded client, the control plane and the bench agent the shaded one, so
 * this module names no Hadoop type. The values differ per caller on purpose.
 */
public final class ClientSettings {
  /** The bench agent's client timeout when the control plane names none. */
  public static final int BENCH_AGENT_TIMEOUT_MS = 30_000;

  private ClientSettings() {}

  /**
   * The control plane's clients for pages, checks and health collection: the console must stay
   * responsive when a cluster is down, so fail fast; the collector retries.
   */
  public static Map<String, String> controlPlane() {
    return settings(
        "hbase.client.retries.number", "2",
        "hbase.client.pause", "200",
        "hbase.rpc.timeout", "5000",
        "hbase.client.operation.timeout", "10000",
        "hbase.client.meta.operation.timeout", "10000",
        "zookeeper.recovery.retry", "1",
        "zookeeper.session.timeout", "15000",
        "ipc.client.connect.max.retries", "1",
        "ipc.client.connect.max.retries.on.timeouts", "1",
        "ipc.client.connect.timeout", "3000",
        "ipc.client.rpc-timeout.ms", "10000");
  }

  /**
   * The control plane's second connection, for calls that legitimately take long inside
   * operations (the balancer moving regions, DDL on many regions, flushes): the fail-fast set
   * would abort them half-way, so its HBase timeouts and retries are raised.
   */
  public static Map<String, String> controlPlaneLongCalls() {
    Map<String, String> s = new LinkedHashMap<>(controlPlane());
    s.putAll(settings(
        "hbase.client.retries.number", "10",
        "hbase.rpc.timeout", "600000",
        "hbase.client.operation.timeout", "1200000",
        "hbase.client.sync.wait.timeout.msec", "1200000"));
    return Collections.unmodifiableMap(s);
  }

  /** The launcher's local-cluster calls (HDFS layout, put/get probe, shutdown): fail fast, the caller polls with its own deadline. */
  public static Map<String, String> launcher() {
    return settings(
        "hbase.client.retries.number", "3",
        "hbase.client.pause", "200",
        "hbase.rpc.timeout", "5000",
        "hbase.client.operation.timeout", "15000",
        "zookeeper.recovery.retry", "1",
        "zookeeper.session.timeout", "10000");
  }

  /**
   * The bench agent: one timeout for RPCs, operations and scanner leases, long enough for a
   * loaded cluster; {@code timeoutMs <= 0} means {@link #BENCH_AGENT_TIMEOUT_MS}.
   */
  public static Map<String, String> benchAgent(int timeoutMs) {
    String timeout = Integer.toString(timeoutMs > 0 ? timeoutMs : BENCH_AGENT_TIMEOUT_MS);
    return settings(
        "hbase.rpc.timeout", timeout,
        "hbase.client.operation.timeout", timeout,
        "hbase.client.scanner.timeout.period", timeout);
  }

  private static Map<String, String> settings(String... namesAndValues) {
    Map<String, String> s = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      s.put(namesAndValues[i], namesAndValues[i + 1]);
    }
    return Collections.unmodifiableMap(s);
  }
}
