package io.granary.node.config;

import io.granary.node.Role;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The local cluster's Prometheus configuration: the values for conf-templates/prometheus.yml and
 * one file_sd target file per job (docs/adr/0017-observability.md). The control plane writes its
 * own target (control-plane.json): only it knows its port.
 */
public final class Monitoring {
  /** Scrape and rule evaluation interval of a local cluster: failures show within seconds. */
  public static final String LOCAL_INTERVAL = "10s";
  public static final String TOKEN_FILE = "control-plane.token";

  private Monitoring() {}

  public static Path targetsDir(LocalLayout l) {
    return l.monitoringDir().resolve("targets");
  }

  public static Path rulesDir(LocalLayout l) {
    return l.monitoringDir().resolve("rules");
  }

  public static Map<String, String> variables(LocalLayout l, String cluster) {
    Map<String, String> v = new LinkedHashMap<>();
    v.put("scrape_interval", LOCAL_INTERVAL);
    v.put("cluster", cluster);
    v.put("rules_dir", rulesDir(l).toString());
    v.put("targets_dir", targetsDir(l).toString());
    v.put("alertmanager", LocalLayout.HOST + ":" + l.alertmanagerPort());
    v.put("control_plane_token_file", l.monitoringDir().resolve(TOKEN_FILE).toString());
    return v;
  }

  /** job → host:port targets, every role of the layout plus Prometheus and Alertmanager themselves. */
  public static Map<String, List<String>> targets(LocalLayout l) {
    Map<String, List<String>> jobs = new LinkedHashMap<>();
    jobs.put("prometheus", List.of(hostPort(l.prometheusPort())));
    jobs.put("alertmanager", List.of(hostPort(l.alertmanagerPort())));
    for (Instance i : l.instances()) {
      String job = job(i.role());
      if (job == null) {
        continue;
      }
      int port = i.role() == Role.ZOOKEEPER ? l.zookeeperMetricsPort(Math.max(1, i.index())) : i.ports().get("http");
      jobs.computeIfAbsent(job, j -> new ArrayList<>()).add(hostPort(port));
    }
    return jobs;
  }

  /** The file_sd JSON of one job: its targets, labelled with the cluster and each target's instance name. */
  public static String targetFile(String cluster, List<String> targets) {
    StringBuilder out = new StringBuilder("[\n");
    for (int i = 0; i < targets.size(); i++) {
      out.append("  {\"targets\": [\"").append(targets.get(i)).append("\"], \"labels\": {\"cluster\": \"")
          .append(cluster).append("\", \"host\": \"").append(LocalLayout.HOST).append("\"}}")
          .append(i + 1 < targets.size() ? ",\n" : "\n");
    }
    return out.append("]\n").toString();
  }

  /**
   * The first alertmanager.yml: group by alert, cluster and instance, one receiver without a
   * destination. The control plane points it at its webhook (it alone knows its URL) and reloads.
   */
  public static String alertmanagerConfig() {
    return """
        # Granary's Alertmanager (docs/adr/0017-observability.md); the control plane adds its webhook
        route:
          receiver: control-plane
          group_by: [alertname, cluster, instance]
          group_wait: 10s
          group_interval: 30s
          repeat_interval: 4h
        receivers:
          - name: control-plane
        """;
  }

  /** The scrape job of a role; null for one without a metrics endpoint (the ZKFC has no web server). */
  static String job(Role role) {
    return switch (role) {
      case ZOOKEEPER -> "zookeeper";
      case JOURNALNODE -> "journalnode";
      case NAMENODE -> "namenode";
      case DATANODE -> "datanode";
      case MASTER -> "master";
      case REGIONSERVER -> "regionserver";
      default -> null;
    };
  }

  private static String hostPort(int port) {
    return LocalLayout.HOST + ":" + port;
  }
}
