package io.granary.observability;

import static io.granary.shared.web.Dtos.time;

import io.granary.api.ObservabilityApi;
import io.granary.api.model.AlertDto;
import io.granary.api.model.AlertListDto;
import io.granary.api.model.AlertStateDto;
import io.granary.api.model.AlertmanagerWebhookDto;
import io.granary.api.model.ChartIdDto;
import io.granary.api.model.HealthReasonCodeDto;
import io.granary.api.model.MetricsBandDto;
import io.granary.api.model.MetricsChartDto;
import io.granary.api.model.MetricsSeriesDto;
import io.granary.api.model.SilenceDto;
import io.granary.api.model.SilenceInputDto;
import io.granary.api.model.SilenceMatcherDto;
import io.granary.audit.AuditService;
import io.granary.clusters.Cluster;
import io.granary.clusters.ClustersService;
import io.granary.shared.problem.FieldError;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.web.CurrentUser;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

@RestController
public class ObservabilityController implements ObservabilityApi {
  /** The scrape interval Prometheus runs at; steps are never finer. Provisioned clusters use 15 s. */
  static final long SCRAPE_SECONDS = 10;
  static final int RESOLVED_SHOWN = 50;

  private final ClustersService clusters;
  private final MonitoringRepository monitoring;
  private final MetricsClient client;
  private final ChartBands bands;
  private final AlertsWebhook webhook;
  private final HttpServletRequest request;

  public ObservabilityController(ClustersService clusters, MonitoringRepository monitoring, MetricsClient client,
      ChartBands bands, AlertsWebhook webhook, HttpServletRequest request) {
    this.clusters = clusters;
    this.monitoring = monitoring;
    this.client = client;
    this.bands = bands;
    this.webhook = webhook;
    this.request = request;
  }

  private MonitoringRepository.Urls urls(Cluster c) {
    return monitoring.find(c.id()).orElseThrow(() -> MetricsClient.unavailable(
        "cluster " + c.name() + " has no Prometheus: start the local cluster with 'make run' (it passes --metrics)"
            + " or provision it with the monitoring role"));
  }

  private String alertmanager(Cluster c) {
    String url = urls(c).alertmanager();
    if (url == null) {
      throw MetricsClient.unavailable("cluster " + c.name() + " has no Alertmanager");
    }
    return url;
  }

  @Override
  public ResponseEntity<MetricsChartDto> getMetricsChart(Long clusterId, String chartName, String range, String table) {
    Cluster c = clusters.get(clusterId);
    Charts.Chart chart = Charts.CATALOGUE.get(chartName);
    if (chart == null) {
      throw ProblemException.invalid(List.of(new FieldError("chart", "one of "
          + new java.util.TreeSet<>(Charts.CATALOGUE.keySet()))));
    }
    ChartIdDto chartId = ChartIdDto.fromValue(chartName);
    String r = range == null ? "1h" : range;
    Duration length = Charts.range(r);
    if (length == null) {
      throw ProblemException.invalid(List.of(new FieldError("range", "one of " + Charts.RANGES)));
    }
    String ns = null;
    String qualifier = null;
    if (chart.perTable()) {
      if (table == null || table.isBlank()) {
        throw ProblemException.invalid(List.of(new FieldError("table", "this chart is per table: name one")));
      }
      int colon = table.indexOf(':');
      ns = Charts.mangle(colon < 0 ? "default" : table.substring(0, colon));
      qualifier = Charts.mangle(colon < 0 ? table : table.substring(colon + 1));
    }
    MonitoringRepository.Urls urls = urls(c);
    long step = Charts.stepSeconds(length, SCRAPE_SECONDS);
    long end = Instant.now().getEpochSecond() / step * step;
    long start = end - length.toSeconds();
    List<MetricsSeriesDto> series = new ArrayList<>();
    List<String> queries = new ArrayList<>();
    for (Charts.Query q : chart.queries()) {
      String promql = Charts.render(q.promql(), c.name(), ns, qualifier, step, SCRAPE_SECONDS);
      queries.add(promql);
      for (MetricsClient.Series s : client.queryRange(urls.prometheus(), promql, start, end, step)) {
        series.add(new MetricsSeriesDto(legend(q.legend(), s.labels()),
            s.points().stream().map(p -> Arrays.asList(p[0], p[1])).toList()));
      }
    }
    Instant from = Instant.ofEpochSecond(start);
    Instant to = Instant.ofEpochSecond(end);
    List<MetricsBandDto> bandDtos = bands.between(c.id(), from, to).stream().map(b -> {
      MetricsBandDto d = new MetricsBandDto(MetricsBandDto.KindEnum.fromValue(b.kind()), b.id(), b.label(), time(b.from()));
      if (b.to() != null) {
        d.setTo(time(b.to()));
      }
      return d;
    }).toList();
    return ResponseEntity.ok(new MetricsChartDto(chartId, chart.title(), chart.unit(), r, (int) step, time(from),
        time(to), series, bandDtos, queries, urls.prometheus()));
  }

  /** "{instance}" takes that label's value; a fixed name stays as is. */
  static String legend(String pattern, Map<String, String> labels) {
    String out = pattern;
    for (Map.Entry<String, String> e : labels.entrySet()) {
      out = out.replace("{" + e.getKey() + "}", e.getValue());
    }
    return out.replaceAll("\\{[a-z_]+}", "").trim();
  }

  // ---------------------------------------------------------------- alerts

  @Override
  public ResponseEntity<AlertListDto> listAlerts(Long clusterId) {
    Cluster c = clusters.get(clusterId);
    String am = alertmanager(c);
    MonitoringRepository.Urls urls = urls(c);
    List<AlertDto> alerts = new ArrayList<>();
    JsonNode live = client.alertmanager(am, "GET", "/alerts?filter="
        + java.net.URLEncoder.encode("cluster=\"" + c.name() + "\"", java.nio.charset.StandardCharsets.UTF_8), null);
    for (JsonNode a : live) {
      Map<String, String> labels = strings(a.path("labels"));
      Map<String, String> annotations = strings(a.path("annotations"));
      List<String> silencedBy = new ArrayList<>();
      a.path("status").path("silencedBy").forEach(s -> silencedBy.add(s.asString()));
      AlertDto d = alert(a.path("fingerprint").asString(), labels, annotations,
          silencedBy.isEmpty() ? AlertStateDto.FIRING : AlertStateDto.SILENCED,
          OffsetDateTime.parse(a.path("startsAt").asString()), null);
      d.setSilencedBy(silencedBy);
      alerts.add(d);
    }
    for (AlertsWebhook.Stored s : webhook.resolved(c.id(), RESOLVED_SHOWN)) {
      alerts.add(alert(s.fingerprint(), s.labels(), s.annotations(), AlertStateDto.RESOLVED, s.startsAt(), s.endsAt()));
    }
    List<SilenceDto> silences = new ArrayList<>();
    for (JsonNode s : client.alertmanager(am, "GET", "/silences", null)) {
      if (!"expired".equals(s.path("status").path("state").asString()) && matchesCluster(s, c.name())) {
        silences.add(silence(s));
      }
    }
    return ResponseEntity.ok(new AlertListDto(am, urls.prometheus(), alerts, silences));
  }

  private static boolean matchesCluster(JsonNode silence, String cluster) {
    for (JsonNode m : silence.path("matchers")) {
      if ("cluster".equals(m.path("name").asString())) {
        return cluster.equals(m.path("value").asString());
      }
    }
    return true;
  }

  static AlertDto alert(String fingerprint, Map<String, String> labels, Map<String, String> annotations,
      AlertStateDto state, OffsetDateTime startsAt, OffsetDateTime endsAt) {
    AlertDto d = new AlertDto(fingerprint, labels.getOrDefault("alertname", "?"), state,
        labels.getOrDefault("severity", "warning"), startsAt, labels);
    d.setInstance(labels.get("instance"));
    d.setSummary(annotations.get("summary"));
    d.setDescription(annotations.get("description"));
    d.setEndsAt(endsAt);
    String reason = labels.get("granary_reason");
    if (reason != null) {
      try {
        d.setReason(HealthReasonCodeDto.fromValue(reason));
      } catch (IllegalArgumentException e) {
        // an edited rule naming a reason this version does not know: shown without the link
      }
    }
    return d;
  }

  private static Map<String, String> strings(JsonNode obj) {
    Map<String, String> m = new LinkedHashMap<>();
    obj.properties().forEach(e -> m.put(e.getKey(), e.getValue().asString()));
    return m;
  }

  @Override
  public ResponseEntity<SilenceDto> createSilence(Long clusterId, SilenceInputDto body) {
    Cluster c = clusters.get(clusterId);
    String am = alertmanager(c);
    // always within this cluster, whatever the matchers say
    List<Map<String, Object>> matchers = new ArrayList<>();
    matchers.add(Map.of("name", "cluster", "value", c.name(), "isRegex", false, "isEqual", true));
    for (SilenceMatcherDto m : body.getMatchers()) {
      if (!m.getName().equals("cluster")) {
        matchers.add(Map.of("name", m.getName(), "value", m.getValue(), "isRegex", false, "isEqual", true));
      }
    }
    Instant now = Instant.now();
    Map<String, Object> silence = new LinkedHashMap<>();
    silence.put("matchers", matchers);
    silence.put("startsAt", now.toString());
    silence.put("endsAt", now.plus(Duration.ofMinutes(body.getDurationMinutes())).toString());
    silence.put("createdBy", CurrentUser.name());
    silence.put("comment", body.getComment());
    String id = client.alertmanager(am, "POST", "/silences", silence).path("silenceID").asString();
    JsonNode created = client.alertmanager(am, "GET", "/silence/" + id, null);
    SilenceDto dto = silence(created);
    request.setAttribute(AuditService.TARGET_ATTRIBUTE, "cluster " + c.name() + " · silence " + id);
    request.setAttribute(AuditService.DETAIL_ATTRIBUTE, dto.getCommand() + " — " + body.getComment());
    return ResponseEntity.created(URI.create("/api/v1/clusters/" + c.id() + "/alerts/silences/" + id)).body(dto);
  }

  @Override
  public ResponseEntity<Void> expireSilence(Long clusterId, String silenceId) {
    Cluster c = clusters.get(clusterId);
    String am = alertmanager(c);
    client.alertmanager(am, "DELETE", "/silence/" + silenceId, null);
    request.setAttribute(AuditService.TARGET_ATTRIBUTE, "cluster " + c.name() + " · silence " + silenceId);
    request.setAttribute(AuditService.DETAIL_ATTRIBUTE, "amtool silence expire " + silenceId);
    return ResponseEntity.noContent().build();
  }

  static SilenceDto silence(JsonNode s) {
    List<SilenceMatcherDto> matchers = new ArrayList<>();
    s.path("matchers").forEach(m -> matchers.add(new SilenceMatcherDto(m.path("name").asString(),
        m.path("value").asString())));
    String amtool = "amtool silence add --alertmanager.url=<alertmanager> --duration=<d> --comment='"
        + s.path("comment").asString().replace("'", "") + "' "
        + matchers.stream().map(m -> m.getName() + "=\"" + m.getValue() + "\"").collect(Collectors.joining(" "));
    return new SilenceDto(s.path("id").asString(), matchers, OffsetDateTime.parse(s.path("startsAt").asString()),
        OffsetDateTime.parse(s.path("endsAt").asString()), s.path("createdBy").asString(),
        s.path("comment").asString(), s.path("status").path("state").asString(), amtool);
  }

  @Override
  public ResponseEntity<Void> receiveAlerts(AlertmanagerWebhookDto body) {
    webhook.store(body.getAlerts().stream().map(a -> new AlertsWebhook.Notified(a.getFingerprint(),
        a.getStatus().getValue(), a.getLabels(), a.getAnnotations(), a.getStartsAt(), a.getEndsAt())).toList());
    return ResponseEntity.noContent().build();
  }
}
