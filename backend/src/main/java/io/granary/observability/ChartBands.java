package io.granary.observability;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Benchmark runs and compactions overlapping a chart's range: what the operator did to the cluster. */
@Repository
public class ChartBands {
  public record Band(String kind, String id, String label, Instant from, Instant to) {}

  private final JdbcClient jdbc;

  public ChartBands(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  public List<Band> between(long clusterId, Instant from, Instant to) {
    List<Band> out = new ArrayList<>();
    out.addAll(jdbc.sql("""
        SELECT id, label, workload, started_at, finished_at FROM benchmark_runs
        WHERE cluster_id = ? AND started_at IS NOT NULL AND started_at <= ?
          AND (finished_at IS NULL OR finished_at >= ?)
        ORDER BY started_at LIMIT 50""")
        .params(clusterId, Timestamp.from(to), Timestamp.from(from))
        .query((rs, n) -> new Band("benchmark", Long.toString(rs.getLong(1)),
            rs.getString(2) + " (" + rs.getString(3) + ")", rs.getTimestamp(4).toInstant(), instant(rs.getTimestamp(5))))
        .list());
    out.addAll(jdbc.sql("""
        SELECT id, kind, target, started_at, finished_at FROM compaction_runs
        WHERE cluster_id = ? AND started_at <= ? AND (finished_at IS NULL OR finished_at >= ?)
        ORDER BY started_at LIMIT 50""")
        .params(clusterId, Timestamp.from(to), Timestamp.from(from))
        .query((rs, n) -> new Band("compaction", Long.toString(rs.getLong(1)),
            rs.getString(2).toLowerCase(java.util.Locale.ROOT) + " compaction of " + rs.getString(3),
            rs.getTimestamp(4).toInstant(), instant(rs.getTimestamp(5))))
        .list());
    return out;
  }

  private static Instant instant(Timestamp t) {
    return t == null ? null : t.toInstant();
  }
}
