package io.granary.observability;

import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Where each cluster's Prometheus and Alertmanager answer; absent for a cluster without them. */
@Repository
public class MonitoringRepository {
  public record Urls(String prometheus, String alertmanager) {}

  private final JdbcClient jdbc;

  public MonitoringRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  public Optional<Urls> find(long clusterId) {
    return jdbc.sql("SELECT prometheus_url, alertmanager_url FROM cluster_monitoring WHERE cluster_id = ?")
        .param(clusterId)
        .query((rs, n) -> new Urls(rs.getString(1), rs.getString(2)))
        .optional();
  }

  public void save(long clusterId, String prometheus, String alertmanager) {
    jdbc.sql("""
        INSERT INTO cluster_monitoring (cluster_id, prometheus_url, alertmanager_url) VALUES (?, ?, ?)
        ON CONFLICT (cluster_id) DO UPDATE SET prometheus_url = EXCLUDED.prometheus_url,
          alertmanager_url = EXCLUDED.alertmanager_url, updated_at = now()""")
        .params(clusterId, prometheus, alertmanager)
        .update();
  }

  public void forget(long clusterId) {
    jdbc.sql("DELETE FROM cluster_monitoring WHERE cluster_id = ?").param(clusterId).update();
  }
}
