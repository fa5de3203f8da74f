package io.granary.operations;

import static io.granary.shared.db.Rows.instant;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
public class OperationRepository {
  private final JdbcClient jdbc;

  public OperationRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  static Operation map(ResultSet rs, int row) throws SQLException {
    long cluster = rs.getLong("cluster_id");
    return new Operation(rs.getObject("id", UUID.class), rs.getString("type"), rs.wasNull() ? null : cluster,
        rs.getString("target"), OperationState.valueOf(rs.getString("state")), rs.getInt("progress"),
        rs.getString("message"), rs.getString("shell_equivalent"), rs.getString("created_by"),
        instant(rs, "created_at"), instant(rs, "started_at"), instant(rs, "finished_at"),
        rs.getBoolean("cancel_requested"));
  }

  public Operation insert(UUID id, String type, Long clusterId, String target, String shell, String user, String runner) {
    return jdbc.sql("""
            INSERT INTO operations (id, type, cluster_id, target, state, shell_equivalent, created_by, runner, heartbeat_at)
            VALUES (?, ?, ?, ?, 'PENDING', ?, ?, ?, now()) RETURNING *""")
        .params(id, type, clusterId, target, shell, user, runner).query(OperationRepository::map).single();
  }

  public Optional<Operation> find(UUID id) {
    return jdbc.sql("SELECT * FROM operations WHERE id = ?").param(id).query(OperationRepository::map).optional();
  }

  public List<Operation> list(Long clusterId, OperationState state, int limit) {
    return jdbc.sql("""
            SELECT * FROM operations
            WHERE (CAST(? AS BIGINT) IS NULL OR cluster_id = ?) AND (CAST(? AS VARCHAR) IS NULL OR state = ?)
            ORDER BY created_at DESC LIMIT ?""")
        .params(clusterId, clusterId, state == null ? null : state.name(), state == null ? null : state.name(), limit)
        .query(OperationRepository::map).list();
  }

  /** The type of an open operation on the same target of the cluster, if there is one. */
  public java.util.Optional<String> openOnTarget(Long clusterId, String target) {
    return jdbc.sql("""
            SELECT type FROM operations WHERE cluster_id = ? AND target = ? AND state IN ('PENDING', 'RUNNING')
            LIMIT 1""")
        .params(clusterId, target).query(String.class).optional();
  }

  public Operation markRunning(UUID id) {
    return jdbc.sql("""
            UPDATE operations SET state = 'RUNNING', started_at = now(), heartbeat_at = now()
            WHERE id = ? RETURNING *""").param(id).query(OperationRepository::map).single();
  }

  public Operation progress(UUID id, int progress, String message) {
    return jdbc.sql("""
            UPDATE operations SET progress = ?, message = COALESCE(?, message), heartbeat_at = now()
            WHERE id = ? RETURNING *""").params(progress, message, id).query(OperationRepository::map).single();
  }

  /** Sets a final state unless one is already set (a reaper and a runner may race). */
  public Optional<Operation> finish(UUID id, OperationState state, String message) {
    return jdbc.sql("""
            UPDATE operations SET state = ?, message = ?, finished_at = now(),
                   progress = CASE WHEN ? = 'SUCCEEDED' THEN 100 ELSE progress END
            WHERE id = ? AND state IN ('PENDING', 'RUNNING') RETURNING *""")
        .params(state.name(), message, state.name(), id).query(OperationRepository::map).optional();
  }

  public Optional<Operation> requestCancel(UUID id) {
    return jdbc.sql("""
            UPDATE operations SET cancel_requested = TRUE
            WHERE id = ? AND state IN ('PENDING', 'RUNNING') RETURNING *""")
        .param(id).query(OperationRepository::map).optional();
  }

  public boolean cancelRequested(UUID id) {
    return jdbc.sql("SELECT cancel_requested FROM operations WHERE id = ?").param(id).query(Boolean.class).single();
  }

  public void heartbeat(String runner) {
    jdbc.sql("UPDATE operations SET heartbeat_at = now() WHERE runner = ? AND state IN ('PENDING', 'RUNNING')")
        .param(runner).update();
  }

  /** Fails open operations of other runners, or of any runner when silent too long. */
  public List<Operation> failOrphans(String currentRunner, boolean allOtherRunners, Instant staleBefore, String message) {
    return jdbc.sql("""
            UPDATE operations SET state = 'FAILED', message = ?, finished_at = now()
            WHERE state IN ('PENDING', 'RUNNING')
              AND ((? AND runner IS DISTINCT FROM ?) OR heartbeat_at IS NULL OR heartbeat_at < ?)
            RETURNING *""")
        .params(message, allOtherRunners, currentRunner, Timestamp.from(staleBefore))
        .query(OperationRepository::map).list();
  }

  public OperationEvent addEvent(UUID id, OperationEvent.Level level, String message, Integer progress) {
    return jdbc.sql("""
            INSERT INTO operation_events (operation_id, level, message, progress) VALUES (?, ?, ?, ?)
            RETURNING id, operation_id, at, level, message, progress""")
        .params(id, level.name(), message, progress).query(OperationRepository::mapEvent).single();
  }

  public List<OperationEvent> events(UUID id) {
    return jdbc.sql("SELECT * FROM operation_events WHERE operation_id = ? ORDER BY id")
        .param(id).query(OperationRepository::mapEvent).list();
  }

  static OperationEvent mapEvent(ResultSet rs, int row) throws SQLException {
    int p = rs.getInt("progress");
    Integer progress = rs.wasNull() ? null : p;
    return new OperationEvent(rs.getLong("id"), rs.getObject("operation_id", UUID.class), instant(rs, "at"),
        OperationEvent.Level.valueOf(rs.getString("level")), rs.getString("message"), progress);
  }
}
