package io.granary.engine.client;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The HBase/HDFS client timeouts and retries of each caller, as ordered name/value pairs. Each
 * side applies them to its own Hadoop {@code Configuration} ({@code settings.forEach(conf::set)}):
 * the launcher uses the unshaded client, the control plane and the bench agent the shaded one, so
 * this module names no Hadoop type. The values differ per caller on purpose; each set and its
 * reasons are in a {@code .properties} file beside this class.
 */
public final class ClientSettings {
  /** The bench agent's client timeout when the control plane names none. */
  public static final int BENCH_AGENT_TIMEOUT_MS = 30_000;

  private ClientSettings() {}

  /**
   * An HBase client of a Kerberized cluster (the control plane's and the bench agent's): SASL with the
   * servers' principals {@code hbase/_HOST@realm} and this quality of protection.
   */
  public static Map<String, String> hbaseKerberos(String realm, String rpcProtection) {
    return Map.of("hadoop.security.authentication", "kerberos", "hbase.security.authentication", "kerberos",
        "hbase.rpc.protection", rpcProtection, "hbase.master.kerberos.principal", "hbase/_HOST@" + realm,
        "hbase.regionserver.kerberos.principal", "hbase/_HOST@" + realm);
  }

  /** The control plane's page-serving and health-collecting clients: fail fast. */
  public static Map<String, String> controlPlane() {
    return Collections.unmodifiableMap(read("control-plane.properties"));
  }

  /** The control plane's connection for long calls inside operations: {@link #controlPlane()} with longer HBase timeouts. */
  public static Map<String, String> controlPlaneLongCalls() {
    Map<String, String> s = read("control-plane.properties");
    s.putAll(read("control-plane-long-calls.properties"));
    return Collections.unmodifiableMap(s);
  }

  /** The launcher's local-cluster calls: fail fast, the caller polls with its own deadline. */
  public static Map<String, String> launcher() {
    return Collections.unmodifiableMap(read("launcher.properties"));
  }

  /**
   * The bench agent: one timeout for RPCs, operations and scanner leases, long enough for a
   * loaded cluster; {@code timeoutMs <= 0} means {@link #BENCH_AGENT_TIMEOUT_MS}.
   */
  public static Map<String, String> benchAgent(int timeoutMs) {
    String timeout = Integer.toString(timeoutMs > 0 ? timeoutMs : BENCH_AGENT_TIMEOUT_MS);
    Map<String, String> s = new LinkedHashMap<>();
    for (String name : new String[] {"hbase.rpc.timeout", "hbase.client.operation.timeout",
        "hbase.client.scanner.timeout.period"}) {
      s.put(name, timeout);
    }
    return Collections.unmodifiableMap(s);
  }

  /** {@code name=value} lines in file order ({@link java.util.Properties} forgets the order); {@code #} comments. */
  static Map<String, String> read(String resource) {
    Map<String, String> s = new LinkedHashMap<>();
    try (InputStream in = ClientSettings.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + resource + " beside " + ClientSettings.class.getName());
      }
      BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        String t = line.strip();
        if (t.isEmpty() || t.startsWith("#")) {
          continue;
        }
        int eq = t.indexOf('=');
        if (eq <= 0) {
          throw new IllegalStateException(resource + ": not name=value: " + line);
        }
        s.put(t.substring(0, eq).strip(), t.substring(eq + 1).strip());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return s;
  }
}
