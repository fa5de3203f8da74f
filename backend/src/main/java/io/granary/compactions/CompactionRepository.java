package io.granary.compactions;

import static io.granary.shared.db.Rows.floatOrNull;
import static io.granary.shared.db.Rows.instant;
import static io.granary.shared.db.Rows.intOrNull;
import static io.granary.shared.db.Rows.longOrNull;
import static io.granary.shared.db.Rows.timestamp;

import io.granary.compactions.Schedule.Selection;
import io.granary.compactions.Schedule.TargetKind;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
public class CompactionRepository {
  private final JdbcClient jdbc;

  public CompactionRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  // ---- schedules

  static Schedule schedule(ResultSet rs, int row) throws SQLException {
    return new Schedule(rs.getLong("id"), rs.getLong("cluster_id"), rs.getString("name"),
        TargetKind.valueOf(rs.getString("target_kind")), rs.getString("target"), rs.getString("cron"),
        rs.getString("time_zone"), rs.getInt("duration_minutes"), rs.getInt("max_per_server"),
        rs.getInt("max_per_cluster"), Selection.valueOf(rs.getString("selection")), intOrNull(rs, "min_store_files"),
        intOrNull(rs, "max_locality_percent"), intOrNull(rs, "min_hours_since_major"), rs.getBoolean("pause_outside"),
        rs.getBoolean("enabled"), rs.getString("created_by"), instant(rs, "created_at"));
  }

  public Schedule insertSchedule(long clusterId, Schedule.Input in, String user) {
    return jdbc.sql("""
            INSERT INTO compaction_schedules (cluster_id, name, target_kind, target, cron, time_zone, duration_minutes,
              max_per_server, max_per_cluster, selection, min_store_files, max_locality_percent, min_hours_since_major,
              pause_outside, enabled, created_by)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *""")
        .params(clusterId, in.name(), in.targetKind().name(), in.target(), in.cron(), in.timeZone(),
            in.durationMinutes(), in.maxPerServer(), in.maxPerCluster(), in.selection().name(), in.minStoreFiles(),
            in.maxLocalityPercent(), in.minHoursSinceMajor(), in.pauseOutside(), in.enabled(), user)
        .query(CompactionRepository::schedule).single();
  }

  public Optional<Schedule> updateSchedule(long clusterId, long id, Schedule.Input in) {
    return jdbc.sql("""
            UPDATE compaction_schedules SET name = ?, target_kind = ?, target = ?, cron = ?, time_zone = ?,
              duration_minutes = ?, max_per_server = ?, max_per_cluster = ?, selection = ?, min_store_files = ?,
              max_locality_percent = ?, min_hours_since_major = ?, pause_outside = ?, enabled = ?, updated_at = now()
            WHERE cluster_id = ? AND id = ? RETURNING *""")
        .params(in.name(), in.targetKind().name(), in.target(), in.cron(), in.timeZone(), in.durationMinutes(),
            in.maxPerServer(), in.maxPerCluster(), in.selection().name(), in.minStoreFiles(), in.maxLocalityPercent(),
            in.minHoursSinceMajor(), in.pauseOutside(), in.enabled(), clusterId, id)
        .query(CompactionRepository::schedule).optional();
  }

  public boolean deleteSchedule(long clusterId, long id) {
    return jdbc.sql("DELETE FROM compaction_schedules WHERE cluster_id = ? AND id = ?").params(clusterId, id).update() > 0;
  }

  public Optional<Schedule> schedule(long clusterId, long id) {
    return jdbc.sql("SELECT * FROM compaction_schedules WHERE cluster_id = ? AND id = ?").params(clusterId, id)
        .query(CompactionRepository::schedule).optional();
  }

  public Optional<Schedule> scheduleById(long id) {
    return jdbc.sql("SELECT * FROM compaction_schedules WHERE id = ?").param(id)
        .query(CompactionRepository::schedule).optional();
  }

  public boolean scheduleNameTaken(long clusterId, String name, Long exceptId) {
    return jdbc.sql("SELECT count(*) FROM compaction_schedules WHERE cluster_id = ? AND name = ? AND id <> ?")
        .params(clusterId, name, exceptId == null ? -1L : exceptId).query(Long.class).single() > 0;
  }

  public List<Schedule> schedules(long clusterId) {
    return jdbc.sql("SELECT * FROM compaction_schedules WHERE cluster_id = ? ORDER BY name").param(clusterId)
        .query(CompactionRepository::schedule).list();
  }

  public List<Schedule> enabledSchedules() {
    return jdbc.sql("SELECT * FROM compaction_schedules WHERE enabled ORDER BY id")
        .query(CompactionRepository::schedule).list();
  }

  // ---- runs

  static Run run(ResultSet rs, int row) throws SQLException {
    return new Run(rs.getLong("id"), rs.getLong("cluster_id"), longOrNull(rs, "schedule_id"),
        rs.getString("schedule_name"), Run.Trigger.valueOf(rs.getString("trigger")), "MAJOR".equals(rs.getString("kind")),
        TargetKind.valueOf(rs.getString("target_kind")), rs.getString("target"), rs.getString("family"),
        instant(rs, "window_start"), instant(rs, "window_end"), rs.getInt("max_per_server"),
        rs.getInt("max_per_cluster"), Run.State.valueOf(rs.getString("state")), rs.getString("message"),
        rs.getBoolean("planned"), rs.getObject("operation_id", UUID.class), rs.getString("runner_id"),
        instant(rs, "heartbeat_at"), rs.getString("shell_command"), rs.getString("created_by"),
        instant(rs, "started_at"), instant(rs, "finished_at"));
  }

  /** A new run owned by {@code runner}; for a scheduled window, empty when another runner claimed it first. */
  public Optional<Run> insertRun(long clusterId, Schedule s, Run.Trigger trigger, boolean major, TargetKind kind,
      String target, String family, Instant windowStart, Instant windowEnd, int maxPerServer, int maxPerCluster,
      String shell, String user, String runner) {
    return jdbc.sql("""
            INSERT INTO compaction_runs (cluster_id, schedule_id, schedule_name, trigger, kind, target_kind, target,
              family, window_start, window_end, max_per_server, max_per_cluster, state, runner_id, heartbeat_at,
              shell_command, created_by)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'RUNNING', ?, now(), ?, ?)
            ON CONFLICT (schedule_id, window_start) DO NOTHING RETURNING *""")
        .params(clusterId, s == null ? null : s.id(), s == null ? null : s.name(), trigger.name(),
            major ? "MAJOR" : "MINOR", kind.name(), target, family, timestamp(windowStart), timestamp(windowEnd), maxPerServer,
            maxPerCluster, runner, shell, user)
        .query(CompactionRepository::run).optional();
  }

  public Optional<Run> run(long id) {
    return jdbc.sql("SELECT * FROM compaction_runs WHERE id = ?").param(id).query(CompactionRepository::run).optional();
  }

  public boolean windowClaimed(long scheduleId, Instant windowStart) {
    return jdbc.sql("SELECT count(*) FROM compaction_runs WHERE schedule_id = ? AND window_start = ?")
        .params(scheduleId, timestamp(windowStart)).query(Long.class).single() > 0;
  }

  public List<Run> runs(long clusterId, String table, Long scheduleId, int limit) {
    return jdbc.sql("""
            SELECT * FROM compaction_runs r
            WHERE cluster_id = ? AND (CAST(? AS BIGINT) IS NULL OR schedule_id = ?)
              AND (CAST(? AS VARCHAR) IS NULL
                   OR EXISTS (SELECT 1 FROM compaction_run_regions g WHERE g.run_id = r.id AND g.table_name = ?))
            ORDER BY started_at DESC, id DESC LIMIT ?""")
        .params(clusterId, scheduleId, scheduleId, table, table, limit).query(CompactionRepository::run).list();
  }

  public List<Run> running() {
    return jdbc.sql("SELECT * FROM compaction_runs WHERE state = 'RUNNING' ORDER BY id")
        .query(CompactionRepository::run).list();
  }

  public boolean scheduleRunning(long scheduleId) {
    return jdbc.sql("SELECT count(*) FROM compaction_runs WHERE schedule_id = ? AND state = 'RUNNING'")
        .param(scheduleId).query(Long.class).single() > 0;
  }

  public boolean clusterRunning(long clusterId) {
    return jdbc.sql("SELECT count(*) FROM compaction_runs WHERE cluster_id = ? AND state = 'RUNNING'")
        .param(clusterId).query(Long.class).single() > 0;
  }

  public Optional<Run> latestRun(long scheduleId) {
    return jdbc.sql("SELECT * FROM compaction_runs WHERE schedule_id = ? ORDER BY started_at DESC, id DESC LIMIT 1")
        .param(scheduleId).query(CompactionRepository::run).optional();
  }

  /** Takes over a run whose runner is gone; false when someone else took it first. */
  public boolean adopt(long runId, String fromRunner, String toRunner) {
    return jdbc.sql("""
            UPDATE compaction_runs SET runner_id = ?, heartbeat_at = now()
            WHERE id = ? AND state = 'RUNNING' AND runner_id IS NOT DISTINCT FROM ?""")
        .params(toRunner, runId, fromRunner).update() == 1;
  }

  /** Heartbeats the run; false when it is no longer ours (adopted by another runner, or finished). */
  public boolean heartbeat(long runId, String runner) {
    return jdbc.sql("UPDATE compaction_runs SET heartbeat_at = now() WHERE id = ? AND runner_id = ? AND state = 'RUNNING'")
        .params(runId, runner).update() == 1;
  }

  public void setOperation(long runId, UUID operationId) {
    jdbc.sql("UPDATE compaction_runs SET operation_id = ? WHERE id = ?").params(operationId, runId).update();
  }

  public void markPlanned(long runId) {
    jdbc.sql("UPDATE compaction_runs SET planned = TRUE WHERE id = ?").param(runId).update();
  }

  public Optional<Run> finish(long runId, Run.State state, String message) {
    return jdbc.sql("""
            UPDATE compaction_runs SET state = ?, message = ?, finished_at = now()
            WHERE id = ? AND state = 'RUNNING' RETURNING *""")
        .params(state.name(), message, runId).query(CompactionRepository::run).optional();
  }

  // ---- regions

  static RunRegion region(ResultSet rs, int row) throws SQLException {
    return new RunRegion(rs.getLong("run_id"), rs.getString("region"), rs.getBytes("region_name"),
        rs.getString("table_name"), rs.getBytes("start_key"), rs.getString("server"),
        RunRegion.State.valueOf(rs.getString("state")), rs.getString("reason"), rs.getInt("priority"),
        intOrNull(rs, "stores"), intOrNull(rs, "store_files_before"), intOrNull(rs, "store_files_after"),
        longOrNull(rs, "bytes_before"), longOrNull(rs, "bytes_after"), floatOrNull(rs, "locality_before"),
        floatOrNull(rs, "locality_after"), instant(rs, "last_major_before"), instant(rs, "requested_at"),
        instant(rs, "started_at"), instant(rs, "finished_at"));
  }

  public void insertRegion(RunRegion r) {
    jdbc.sql("""
            INSERT INTO compaction_run_regions (run_id, region, region_name, table_name, start_key, server, state,
              reason, priority, stores, store_files_before, bytes_before, locality_before, last_major_before)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING""")
        .params(r.runId(), r.region(), r.regionName(), r.table(), r.startKey(), r.server(), r.state().name(),
            r.reason(), r.priority(), r.stores(), r.storeFilesBefore(), r.bytesBefore(), r.localityBefore(),
            timestamp(r.lastMajorBefore()))
        .update();
  }

  public List<RunRegion> regions(long runId) {
    return jdbc.sql("SELECT * FROM compaction_run_regions WHERE run_id = ? ORDER BY priority, region").param(runId)
        .query(CompactionRepository::region).list();
  }

  /** PENDING → RUNNING, refreshing the before-figures to what the server reports just before the request. */
  public void markRunning(long runId, String region, Integer storeFiles, Long bytes, Float locality) {
    jdbc.sql("""
            UPDATE compaction_run_regions SET state = 'RUNNING', started_at = now(),
              store_files_before = COALESCE(?, store_files_before), bytes_before = COALESCE(?, bytes_before),
              locality_before = COALESCE(?, locality_before)
            WHERE run_id = ? AND region = ?""")
        .params(storeFiles, bytes, locality, runId, region).update();
  }

  public void markRequested(long runId, String region) {
    jdbc.sql("UPDATE compaction_run_regions SET requested_at = now() WHERE run_id = ? AND region = ?")
        .params(runId, region).update();
  }

  public void markDone(long runId, String region, Integer storeFiles, Long bytes, Float locality) {
    jdbc.sql("""
            UPDATE compaction_run_regions SET state = 'DONE', finished_at = now(), store_files_after = ?,
              bytes_after = ?, locality_after = ?
            WHERE run_id = ? AND region = ? AND state = 'RUNNING'""")
        .params(storeFiles, bytes, locality, runId, region).update();
  }

  public void markFailed(long runId, String region, String reason) {
    jdbc.sql("""
            UPDATE compaction_run_regions SET state = 'FAILED', finished_at = now(), reason = ?
            WHERE run_id = ? AND region = ? AND state IN ('PENDING', 'RUNNING')""")
        .params(reason, runId, region).update();
  }

  public int skipPending(long runId, String reason) {
    return jdbc.sql("""
            UPDATE compaction_run_regions SET state = 'SKIPPED', reason = ?, finished_at = now()
            WHERE run_id = ? AND state = 'PENDING'""")
        .params(reason, runId).update();
  }

  /** Region counts per state of each run. */
  public Map<Long, Map<RunRegion.State, Integer>> counts(List<Long> runIds) {
    if (runIds.isEmpty()) {
      return Map.of();
    }
    record Row(long run, String state, int n) {}
    return jdbc.sql("""
            SELECT run_id, state, count(*) AS n FROM compaction_run_regions WHERE run_id = ANY(?)
            GROUP BY run_id, state""")
        .param(runIds.toArray(Long[]::new))
        .query((rs, i) -> new Row(rs.getLong("run_id"), rs.getString("state"), rs.getInt("n"))).list().stream()
        .collect(Collectors.groupingBy(Row::run, Collectors.toMap(r -> RunRegion.State.valueOf(r.state()), Row::n)));
  }

  /** Before/after totals over the DONE regions of each run, optionally of one table. */
  public record Totals(long runId, int regions, long filesBefore, long filesAfter, long bytesBefore, long bytesAfter,
      Double localityBefore, Double localityAfter) {}

  public Map<Long, Totals> totals(List<Long> runIds, String table) {
    if (runIds.isEmpty()) {
      return Map.of();
    }
    return jdbc.sql("""
            SELECT run_id, count(*) AS n, COALESCE(sum(store_files_before), 0) AS fb,
              COALESCE(sum(store_files_after), 0) AS fa, COALESCE(sum(bytes_before), 0) AS bb,
              COALESCE(sum(bytes_after), 0) AS ba, avg(locality_before) AS lb, avg(locality_after) AS la
            FROM compaction_run_regions WHERE run_id = ANY(?) AND state = 'DONE'
              AND (CAST(? AS VARCHAR) IS NULL OR table_name = ?)
            GROUP BY run_id""")
        .params(runIds.toArray(Long[]::new), table, table)
        .query((rs, i) -> new Totals(rs.getLong("run_id"), rs.getInt("n"), rs.getLong("fb"), rs.getLong("fa"),
            rs.getLong("bb"), rs.getLong("ba"), (Double) rs.getObject("lb", Double.class),
            (Double) rs.getObject("la", Double.class)))
        .list().stream().collect(Collectors.toMap(Totals::runId, t -> t));
  }

  // ---- compaction switch

  public Map<String, Boolean> switchStates(long clusterId) {
    return jdbc.sql("SELECT server, enabled FROM compaction_switch WHERE cluster_id = ?").param(clusterId)
        .query((rs, i) -> Map.entry(rs.getString("server"), rs.getBoolean("enabled"))).list().stream()
        .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
  }

  public void recordSwitch(long clusterId, String server, boolean enabled) {
    jdbc.sql("""
            INSERT INTO compaction_switch (cluster_id, server, enabled, set_at) VALUES (?, ?, ?, now())
            ON CONFLICT (cluster_id, server) DO UPDATE SET enabled = EXCLUDED.enabled, set_at = now()""")
        .params(clusterId, server, enabled).update();
  }

  public void forgetSwitch(long clusterId, String server) {
    jdbc.sql("DELETE FROM compaction_switch WHERE cluster_id = ? AND server = ?").params(clusterId, server).update();
  }
}
