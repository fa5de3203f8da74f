package io.granary.observability;

import io.granary.clusters.ClusterRepository;
import java.sql.Timestamp;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import tools.jackson.databind.json.JsonMapper;

/**
 * Alertmanager's notifications, kept as alert history: one row per fingerprint and start, updated
 * by later notifications of the same occurrence (firing, then resolved).
 */
@Repository
public class AlertsWebhook {
  public static final String PATH = "/api/v1/alerts/webhook";
  /** Alertmanager writes 0001-01-01 as the end of an alert that has none yet. */
  private static final int NO_END_BEFORE_YEAR = 1970;

  public record Stored(String fingerprint, String alertname, String status, Map<String, String> labels,
      Map<String, String> annotations, OffsetDateTime startsAt, OffsetDateTime endsAt) {}

  private final JdbcClient jdbc;
  private final ClusterRepository clusters;
  private final JsonMapper json;

  public AlertsWebhook(JdbcClient jdbc, ClusterRepository clusters, JsonMapper json) {
    this.jdbc = jdbc;
    this.clusters = clusters;
    this.json = json;
  }

  /** One alert of a notification, as Alertmanager sends it. */
  public record Notified(String fingerprint, String status, Map<String, String> labels, Map<String, String> annotations,
      OffsetDateTime startsAt, OffsetDateTime endsAt) {}

  public int store(List<Notified> alerts) {
    int n = 0;
    for (Notified a : alerts) {
      Map<String, String> labels = a.labels() == null ? Map.of() : a.labels();
      String cluster = labels.getOrDefault("cluster", "");
      Long clusterId = clusters.findByName(cluster).map(c -> c.id()).orElse(null);
      OffsetDateTime end = a.endsAt() != null && a.endsAt().getYear() >= NO_END_BEFORE_YEAR ? a.endsAt() : null;
      jdbc.sql("""
          INSERT INTO alert_events (cluster_id, cluster_name, fingerprint, alertname, status, labels, annotations,
            starts_at, ends_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (fingerprint, starts_at) DO UPDATE SET status = EXCLUDED.status, ends_at = EXCLUDED.ends_at,
            annotations = EXCLUDED.annotations, received_at = now()""")
          .params(clusterId, cluster, a.fingerprint(), labels.getOrDefault("alertname", "?"), a.status(),
              json.writeValueAsString(labels),
              json.writeValueAsString(a.annotations() == null ? Map.of() : a.annotations()),
              Timestamp.from(a.startsAt().toInstant()), end == null ? null : Timestamp.from(end.toInstant()))
          .update();
      n++;
    }
    return n;
  }

  /** The resolved occurrences of a cluster, newest first. */
  @SuppressWarnings("unchecked")
  public List<Stored> resolved(long clusterId, int limit) {
    return jdbc.sql("""
        SELECT fingerprint, alertname, status, labels, annotations, starts_at, ends_at FROM alert_events
        WHERE cluster_id = ? AND status = 'resolved' ORDER BY COALESCE(ends_at, starts_at) DESC LIMIT ?""")
        .params(clusterId, limit)
        .query((rs, i) -> new Stored(rs.getString(1), rs.getString(2), rs.getString(3),
            json.readValue(rs.getString(4), Map.class), json.readValue(rs.getString(5), Map.class),
            rs.getTimestamp(6).toInstant().atOffset(java.time.ZoneOffset.UTC),
            rs.getTimestamp(7) == null ? null : rs.getTimestamp(7).toInstant().atOffset(java.time.ZoneOffset.UTC)))
        .list();
  }
}
