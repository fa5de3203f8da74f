package io.granary.experiments;

import static io.granary.shared.db.Rows.instant;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Experiment series and runs: rows of the benchmark tables with an experiment named and kind EXPERIMENT. */
@Repository
public class ExperimentRepository {
  static final String KIND = "EXPERIMENT";

  private final JdbcClient jdbc;

  public ExperimentRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  record SeriesRow(long id, long clusterId, String experiment, String name, int repetitions, String params,
      UUID operationId, String createdBy, Instant createdAt, int runs, int succeeded, int running, int queued,
      int failed, int cancelled) {}

  record RunRow(long id, long seriesId, int seq, int variant, String label, int repetition, String state,
      String message, double progress, String params, String command, String summary, Double mbPerSec, Long pid,
      Instant startedAt, Instant finishedAt) {}

  private static final String SERIES = """
      SELECT s.*,
        (SELECT count(*) FROM benchmark_runs r WHERE r.series_id = s.id) AS runs,
        (SELECT count(*) FROM benchmark_runs r WHERE r.series_id = s.id AND r.state = 'SUCCEEDED') AS succeeded,
        (SELECT count(*) FROM benchmark_runs r WHERE r.series_id = s.id AND r.state = 'RUNNING') AS running,
        (SELECT count(*) FROM benchmark_runs r WHERE r.series_id = s.id AND r.state = 'QUEUED') AS queued,
        (SELECT count(*) FROM benchmark_runs r WHERE r.series_id = s.id AND r.state = 'FAILED') AS failed,
        (SELECT count(*) FROM benchmark_runs r WHERE r.series_id = s.id AND r.state = 'CANCELLED') AS cancelled
      FROM benchmark_series s WHERE s.experiment IS NOT NULL
      """;

  private static SeriesRow series(ResultSet rs, int n) throws SQLException {
    return new SeriesRow(rs.getLong("id"), rs.getLong("cluster_id"), rs.getString("experiment"), rs.getString("name"),
        rs.getInt("repetitions"), rs.getString("params"), rs.getObject("operation_id", UUID.class),
        rs.getString("created_by"), instant(rs, "created_at"), rs.getInt("runs"), rs.getInt("succeeded"),
        rs.getInt("running"), rs.getInt("queued"), rs.getInt("failed"), rs.getInt("cancelled"));
  }

  private static RunRow run(ResultSet rs, int n) throws SQLException {
    return new RunRow(rs.getLong("id"), rs.getLong("series_id"), rs.getInt("seq"), rs.getInt("variant"),
        rs.getString("label"), rs.getInt("repetition"), rs.getString("state"), rs.getString("message"),
        rs.getDouble("progress"), rs.getString("params"), rs.getString("command"), rs.getString("summary"),
        (Double) rs.getObject("mb_per_sec"), (Long) rs.getObject("agent_pid"), instant(rs, "started_at"),
        instant(rs, "finished_at"));
  }

  long insertSeries(long clusterId, String experiment, String name, int repetitions, String params, String user) {
    return jdbc.sql("INSERT INTO benchmark_series (cluster_id, experiment, name, repetitions, params, created_by) "
        + "VALUES (?, ?, ?, ?, ?, ?) RETURNING id").params(clusterId, experiment, name, repetitions, params, user)
        .query(Long.class).single();
  }

  long insertRun(long clusterId, long seriesId, int seq, int variant, int repetition, String label, String experiment,
      String params, String command) {
    return jdbc.sql("""
            INSERT INTO benchmark_runs (cluster_id, series_id, seq, variant, label, repetition, kind, workload,
              table_name, params, command, state)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, '', ?, ?, 'QUEUED') RETURNING id""")
        .params(clusterId, seriesId, seq, variant, label, repetition, KIND, experiment, params, command)
        .query(Long.class).single();
  }

  void setSeriesOperation(long seriesId, UUID operationId) {
    jdbc.sql("UPDATE benchmark_series SET operation_id = ? WHERE id = ?").params(operationId, seriesId).update();
  }

  void deleteSeries(long seriesId) {
    jdbc.sql("DELETE FROM benchmark_series WHERE id = ?").params(seriesId).update();
  }

  Optional<SeriesRow> series(long clusterId, long seriesId) {
    return jdbc.sql(SERIES + " AND s.cluster_id = ? AND s.id = ?").params(clusterId, seriesId)
        .query(ExperimentRepository::series).optional();
  }

  List<SeriesRow> list(long clusterId, int limit) {
    return jdbc.sql(SERIES + " AND s.cluster_id = ? ORDER BY s.id DESC LIMIT ?").params(clusterId, limit)
        .query(ExperimentRepository::series).list();
  }

  List<RunRow> runs(long seriesId) {
    return jdbc.sql("SELECT * FROM benchmark_runs WHERE series_id = ? ORDER BY seq").params(seriesId)
        .query(ExperimentRepository::run).list();
  }

  void started(long id, long pid) {
    jdbc.sql("UPDATE benchmark_runs SET state = 'RUNNING', phase = 'run', started_at = now(), agent_pid = ? "
        + "WHERE id = ?").params(pid, id).update();
  }

  void progress(long id, double progress) {
    jdbc.sql("UPDATE benchmark_runs SET progress = ? WHERE id = ?").params(progress, id).update();
  }

  void finish(long id, String state, String message, String summary, Double mbPerSec) {
    jdbc.sql("""
            UPDATE benchmark_runs SET state = ?, message = ?, summary = ?, mb_per_sec = ?, phase = 'done',
              finished_at = now(), progress = CASE WHEN ? = 'SUCCEEDED' THEN 1 ELSE progress END
            WHERE id = ? AND state IN ('QUEUED', 'RUNNING')""")
        .params(state, message, summary, mbPerSec, state, id).update();
  }
}
