package io.granary.observability;

import io.granary.clusters.ClusterRepository;
import io.granary.clusters.ClustersProperties;
import io.granary.clusters.LocalClusterRegistrar;
import io.granary.security.ConsoleTls;
import io.granary.shared.files.PrivateFiles;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

/**
 * Joins the local cluster's Prometheus and Alertmanager ({@code local up --metrics}): records their
 * URLs, hands Prometheus the scrape token and this control plane as a target (only this process
 * knows its port), and points Alertmanager's webhook here, then reloads both.
 */
@Component
@Order(20)
public class LocalMonitoringLink implements ApplicationRunner {
  private static final Logger log = LoggerFactory.getLogger(LocalMonitoringLink.class);
  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private final ClustersProperties props;
  private final ClusterRepository clusters;
  private final MonitoringRepository monitoring;
  private final ScrapeToken token;
  private final WebServerApplicationContext web;
  private final ConsoleTls tls;

  public LocalMonitoringLink(ClustersProperties props, ClusterRepository clusters, MonitoringRepository monitoring,
      ScrapeToken token, WebServerApplicationContext web, ConsoleTls tls) {
    this.tls = tls;
    this.props = props;
    this.clusters = clusters;
    this.monitoring = monitoring;
    this.token = token;
    this.web = web;
  }

  @Override
  public void run(ApplicationArguments args) {
    if (props.localDir() == null || props.localDir().isBlank()) {
      return;
    }
    Path file = Path.of(props.localDir()).resolve("endpoints.properties");
    var cluster = clusters.findByName(LocalClusterRegistrar.LOCAL_NAME);
    if (!Files.exists(file) || cluster.isEmpty()) {
      return;
    }
    Properties p = LocalClusterRegistrar.endpoints(file);
    if (p == null) {
      return;
    }
    String prometheus = p.getProperty("prometheus.url");
    String dir = p.getProperty("monitoring.dir");
    if (prometheus == null || dir == null) {
      // started without --metrics: charts say so, everything else works
      monitoring.forget(cluster.get().id());
      return;
    }
    String alertmanager = p.getProperty("alertmanager.url");
    monitoring.save(cluster.get().id(), prometheus, alertmanager);
    try {
      // with TLS on they use the plain port, which serves them (on loopback) rather than redirect
      link(Path.of(dir), tls.enabled() ? tls.httpPort() : web.getWebServer().getPort(), alertmanager);
      reload(prometheus);
      reload(alertmanager);
      log.info("local cluster metrics: Prometheus {} scrapes this control plane; Alertmanager {} posts here",
          prometheus, alertmanager);
    } catch (IOException e) {
      log.warn("could not join the local cluster's Prometheus in {}: {}", dir, e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  void link(Path dir, int port, String alertmanager) throws IOException {
    Path tokenFile = dir.resolve("control-plane.token");
    PrivateFiles.write(tokenFile, token.value() + "\n");
    String address = "127.0.0.1:" + port;
    Files.writeString(dir.resolve("targets/control-plane.json"), "[{\"targets\": [\"" + address
        + "\"], \"labels\": {\"cluster\": \"" + LocalClusterRegistrar.LOCAL_NAME + "\", \"host\": \"127.0.0.1\"}}]\n");
    if (alertmanager != null) {
      Files.writeString(dir.resolve("alertmanager.yml"), alertmanagerConfig("http://" + address + AlertsWebhook.PATH,
          tokenFile.toString()));
    }
  }

  /** Same route as the launcher writes; the receiver now posts here. */
  static String alertmanagerConfig(String webhookUrl, String tokenFile) {
    return """
        # Granary's Alertmanager (docs/adr/0017-observability.md); written by the control plane at its start
        route:
          receiver: control-plane
          group_by: [alertname, cluster, instance]
          group_wait: 10s
          group_interval: 30s
          repeat_interval: 4h
        receivers:
          - name: control-plane
            webhook_configs:
              - url: %s
                send_resolved: true
                http_config:
                  authorization:
                    credentials_file: %s
        """.formatted(webhookUrl, tokenFile);
  }

  private static void reload(String base) throws IOException, InterruptedException {
    if (base == null) {
      return;
    }
    HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/-/reload"))
        .timeout(Duration.ofSeconds(10)).POST(HttpRequest.BodyPublishers.noBody()).build(),
        HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() / 100 != 2) {
      throw new IOException(base + "/-/reload answered " + r.statusCode() + ": " + r.body().strip());
    }
  }
}
