package io.granary.benchmarks;

import static io.granary.shared.db.Rows.instant;

import io.granary.engine.client.BenchmarkSpec;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import tools.jackson.databind.json.JsonMapper;

@Repository
public class BenchmarkRepository {
  // experiment runs share the tables (kind EXPERIMENT, no spec) and are read by the experiments' repository
  private static final String SELECT = """
      SELECT r.*, s.name AS series_name, s.operation_id
      FROM benchmark_runs r JOIN benchmark_series s ON s.id = r.series_id AND s.experiment IS NULL
      """;

  private final JdbcClient jdbc;
  private final JsonMapper json;

  public BenchmarkRepository(JdbcClient jdbc, JsonMapper json) {
    this.jdbc = jdbc;
    this.json = json;
  }

  private Run map(ResultSet rs, int row) throws SQLException {
    return new Run(rs.getLong("id"), rs.getLong("cluster_id"), rs.getLong("series_id"), rs.getString("series_name"),
        rs.getInt("seq"), rs.getInt("variant"), rs.getString("label"), rs.getInt("repetition"),
        Run.Kind.valueOf(rs.getString("kind")), rs.getString("workload"), rs.getString("table_name"),
        json.readValue(rs.getString("spec"), BenchmarkSpec.class), Run.State.valueOf(rs.getString("state")),
        rs.getString("phase"), rs.getString("message"), rs.getDouble("progress"), rs.getString("provenance"),
        rs.getString("summary"), (Double) rs.getObject("ops_per_sec"), (Double) rs.getObject("mb_per_sec"),
        (Double) rs.getObject("p99_corrected_ms"), (Double) rs.getObject("p99_service_ms"),
        (Double) rs.getObject("agent_cpu"), (Long) rs.getObject("errors"), (Long) rs.getObject("timeouts"),
        (Boolean) rs.getObject("complete"), (Double) rs.getObject("ceiling_ops_per_sec"),
        (Long) rs.getObject("agent_pid"), rs.getObject("operation_id", UUID.class), instant(rs, "created_at"),
        instant(rs, "started_at"), instant(rs, "finished_at"), rs.getBoolean("profiled"));
  }

  public long insertSeries(long clusterId, String name, int repetitions, String user) {
    return jdbc.sql("INSERT INTO benchmark_series (cluster_id, name, repetitions, created_by) VALUES (?, ?, ?, ?) "
        + "RETURNING id").params(clusterId, name, repetitions, user).query(Long.class).single();
  }

  public void deleteSeries(long seriesId) {
    jdbc.sql("DELETE FROM benchmark_series WHERE id = ?").params(seriesId).update();
  }

  public void setSeriesOperation(long seriesId, UUID operationId) {
    jdbc.sql("UPDATE benchmark_series SET operation_id = ? WHERE id = ?").params(operationId, seriesId).update();
  }

  public record SeriesRow(long id, long clusterId, String name, int repetitions, UUID operationId) {}

  public Optional<SeriesRow> series(long clusterId, long seriesId) {
    return jdbc.sql("SELECT * FROM benchmark_series WHERE cluster_id = ? AND id = ? AND experiment IS NULL")
        .params(clusterId, seriesId).query((rs, i) -> new SeriesRow(rs.getLong("id"), rs.getLong("cluster_id"), rs.getString("name"),
            rs.getInt("repetitions"), rs.getObject("operation_id", UUID.class))).optional();
  }

  public long insertRun(long clusterId, long seriesId, int seq, int variant, int repetition, Run.Kind kind, BenchmarkSpec spec,
      boolean profiled) {
    return jdbc.sql("""
            INSERT INTO benchmark_runs (cluster_id, series_id, seq, variant, label, repetition, kind, workload,
              table_name, spec, state, profiled)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'QUEUED', ?) RETURNING id""")
        .params(clusterId, seriesId, seq, variant, spec.label(), repetition, kind.name(), spec.title(), spec.table(),
            json.writeValueAsString(spec), profiled)
        .query(Long.class).single();
  }

  /** The RegionServers' CPU profile of a profiled run (JSON), once the run ended. */
  public void profile(long runId, String profile) {
    jdbc.sql("UPDATE benchmark_runs SET profile = ?::jsonb WHERE id = ?").params(profile, runId).update();
  }

  public Optional<String> profile(long runId) {
    return jdbc.sql("SELECT profile::text FROM benchmark_runs WHERE id = ?").params(runId).query(String.class).optional();
  }

  public Optional<Run> find(long clusterId, long id) {
    return jdbc.sql(SELECT + " WHERE r.cluster_id = ? AND r.id = ?").params(clusterId, id).query(this::map).optional();
  }

  public List<Run> list(long clusterId, Long seriesId, int limit) {
    return jdbc.sql(SELECT + " WHERE r.cluster_id = ? AND (?::bigint IS NULL OR r.series_id = ?) "
            + "ORDER BY r.id DESC LIMIT ?")
        .params(clusterId, seriesId, seriesId, limit).query(this::map).list();
  }

  public List<Run> ofSeries(long seriesId) {
    return jdbc.sql(SELECT + " WHERE r.series_id = ? ORDER BY r.seq").params(seriesId).query(this::map).list();
  }

  /** The latest finished ceiling probe of the cluster. */
  public Optional<Run> latestCeiling(long clusterId) {
    return jdbc.sql(SELECT + " WHERE r.cluster_id = ? AND r.kind = 'CEILING' AND r.state = 'SUCCEEDED' "
        + "ORDER BY r.finished_at DESC LIMIT 1").params(clusterId).query(this::map).optional();
  }

  public Optional<Run> latestCeilingAttempt(long clusterId) {
    return jdbc.sql(SELECT + " WHERE r.cluster_id = ? AND r.kind = 'CEILING' ORDER BY r.id DESC LIMIT 1")
        .params(clusterId).query(this::map).optional();
  }

  public void started(long id, String provenance, Double ceiling) {
    jdbc.sql("UPDATE benchmark_runs SET state = 'RUNNING', phase = 'starting', started_at = now(), provenance = ?, "
        + "ceiling_ops_per_sec = ? WHERE id = ?").params(provenance, ceiling, id).update();
  }

  public void provenance(long id, String provenance) {
    jdbc.sql("UPDATE benchmark_runs SET provenance = ? WHERE id = ?").params(provenance, id).update();
  }

  public void agent(long id, long pid, String provenance) {
    jdbc.sql("UPDATE benchmark_runs SET agent_pid = ?, provenance = ? WHERE id = ?").params(pid, provenance, id)
        .update();
  }

  public void phase(long id, String phase, double progress) {
    jdbc.sql("UPDATE benchmark_runs SET phase = ?, progress = ? WHERE id = ?").params(phase, progress, id).update();
  }

  public void interval(long runId, Interval i, double progress) {
    jdbc.sql("""
            INSERT INTO benchmark_intervals (run_id, idx, start_s, seconds, warmup, ops, errors, timeouts, bytes,
              p50_corrected_ms, p99_corrected_ms, p99_service_ms, max_corrected_ms, agent_cpu, system_cpu, per_op)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING""")
        .params(runId, i.index(), i.startSeconds(), i.seconds(), i.warmup(), i.count(), i.errors(), i.timeouts(),
            i.bytes(), i.p50CorrectedMs(), i.p99CorrectedMs(), i.p99ServiceMs(), i.maxCorrectedMs(), i.agentCpu(),
            i.systemCpu(), i.perOp())
        .update();
    jdbc.sql("UPDATE benchmark_runs SET phase = 'run', progress = ? WHERE id = ?").params(progress, runId).update();
  }

  public List<Interval> intervals(long runId, int after) {
    return jdbc.sql("SELECT * FROM benchmark_intervals WHERE run_id = ? AND idx > ? ORDER BY idx")
        .params(runId, after)
        .query((rs, n) -> new Interval(rs.getInt("idx"), rs.getDouble("start_s"), rs.getDouble("seconds"),
            rs.getBoolean("warmup"), rs.getLong("ops"), rs.getLong("errors"), rs.getLong("timeouts"),
            rs.getLong("bytes"), rs.getDouble("p50_corrected_ms"), rs.getDouble("p99_corrected_ms"),
            rs.getDouble("p99_service_ms"), rs.getDouble("max_corrected_ms"), rs.getDouble("agent_cpu"),
            rs.getDouble("system_cpu"), rs.getString("per_op")))
        .list();
  }

  /** Figures the list shows, from the agent's summary. */
  public record Headline(double opsPerSec, double mbPerSec, double p99CorrectedMs, double p99ServiceMs,
      double agentCpu, long errors, long timeouts, boolean complete) {}

  public void finish(long id, Run.State state, String message, String summary, Headline h) {
    jdbc.sql("""
            UPDATE benchmark_runs SET state = ?, message = ?, summary = ?, phase = 'done', finished_at = now(),
              progress = CASE WHEN ? = 'SUCCEEDED' THEN 1 ELSE progress END,
              ops_per_sec = ?, mb_per_sec = ?, p99_corrected_ms = ?, p99_service_ms = ?, agent_cpu = ?,
              errors = ?, timeouts = ?, complete = ?
            WHERE id = ? AND state IN ('QUEUED', 'RUNNING')""")
        .params(state.name(), message, summary, state.name(), h == null ? null : h.opsPerSec(),
            h == null ? null : h.mbPerSec(), h == null ? null : h.p99CorrectedMs(),
            h == null ? null : h.p99ServiceMs(), h == null ? null : h.agentCpu(), h == null ? null : h.errors(),
            h == null ? null : h.timeouts(), h == null ? null : h.complete(), id)
        .update();
  }

  /** Runs left QUEUED/RUNNING by an operation that already ended (control plane stopped, cancelled series). */
  public int closeAbandoned() {
    return jdbc.sql("""
            UPDATE benchmark_runs r SET state = CASE WHEN o.state = 'CANCELLED' THEN 'CANCELLED' ELSE 'FAILED' END,
              message = COALESCE(r.message, 'the series ended before this run finished (' || o.state || ')'),
              phase = 'done', finished_at = now()
            FROM benchmark_series s, operations o
            WHERE s.id = r.series_id AND o.id = s.operation_id AND r.state IN ('QUEUED', 'RUNNING')
              AND o.state IN ('SUCCEEDED', 'FAILED', 'CANCELLED')""").update();
  }
}
