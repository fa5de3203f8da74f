package io.granary.engine;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Optional;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.client.Admin;

/** The active master's effective configuration, from its web UI's /conf servlet (JSON). */
final class MasterConf {
  private MasterConf() {}

  /**
   * The servlet's JSON, all keys or only {@code name}; empty when the master's web UI does not
   * answer (it is optional for what callers do with it).
   */
  static Optional<String> json(EngineHttp web, Admin admin, String name) throws IOException {
    ClusterMetrics m = admin.getClusterMetrics(EnumSet.of(ClusterMetrics.Option.MASTER,
        ClusterMetrics.Option.MASTER_INFO_PORT));
    if (m.getMasterInfoPort() <= 0) {
      return Optional.empty();
    }
    String query = name == null ? "" : "&name=" + URLEncoder.encode(name, StandardCharsets.UTF_8);
    return Optional.ofNullable(web.get(m.getMasterName().getHostname() + ":" + m.getMasterInfoPort(),
        "/conf?format=json" + query, Duration.ofSeconds(5)));
  }
}
