package io.granary.erasurecoding;

import static io.granary.shared.db.Rows.instant;
import static io.granary.shared.db.Rows.longOrNull;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
public class ConversionRepository {
  private static final String SELECT = """
      SELECT c.*, t.files, t.done, t.failed, t.bytes, t.bytes_done, t.raw_before, t.raw_now
      FROM ec_conversions c, LATERAL (
        SELECT count(*) AS files, count(*) FILTER (WHERE state = 'DONE') AS done,
          count(*) FILTER (WHERE state = 'FAILED') AS failed, COALESCE(sum(length), 0) AS bytes,
          COALESCE(sum(length) FILTER (WHERE state = 'DONE'), 0) AS bytes_done,
          COALESCE(sum(raw_before), 0) AS raw_before,
          COALESCE(sum(CASE WHEN state = 'DONE' THEN raw_after ELSE raw_before END), 0) AS raw_now
        FROM ec_conversion_files f WHERE f.conversion_id = c.id) t
      """;

  private final JdbcClient jdbc;

  public ConversionRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  public record FileRow(long conversionId, int seq, String path, long length, long rawBefore, Long rawAfter,
      String state, String error) {}

  static Conversion map(ResultSet rs, int row) throws SQLException {
    return new Conversion(rs.getLong("id"), rs.getLong("cluster_id"), rs.getString("path"), rs.getString("policy"),
        rs.getInt("throttle_mbps"), Conversion.State.valueOf(rs.getString("state")), rs.getString("message"),
        rs.getLong("predicted_raw"), rs.getObject("operation_id", UUID.class), rs.getString("runner_id"),
        instant(rs, "heartbeat_at"), rs.getString("created_by"), instant(rs, "started_at"), instant(rs, "finished_at"),
        new Conversion.Totals(rs.getInt("files"), rs.getInt("done"), rs.getInt("failed"), rs.getLong("bytes"),
            rs.getLong("bytes_done"), rs.getLong("raw_before"), rs.getLong("raw_now")),
        new Conversion.Copy(rs.getString("coder"), rs.getInt("parallel_files"), rs.getLong("bytes_copied"),
            rs.getLong("copy_millis")));
  }

  public long insert(long clusterId, String path, String policy, int throttle, long predictedRaw, String user,
      String runner) {
    return jdbc.sql("""
            INSERT INTO ec_conversions (cluster_id, path, policy, throttle_mbps, state, predicted_raw, runner_id,
              heartbeat_at, created_by)
            VALUES (?, ?, ?, ?, 'RUNNING', ?, ?, now(), ?) RETURNING id""")
        .params(clusterId, path, policy, throttle, predictedRaw, runner, user).query(Long.class).single();
  }

  public void insertFile(long id, int seq, String path, long length, long rawBefore) {
    jdbc.sql("""
            INSERT INTO ec_conversion_files (conversion_id, seq, path, length, raw_before, state)
            VALUES (?, ?, ?, ?, ?, 'PENDING')""").params(id, seq, path, length, rawBefore).update();
  }

  public Optional<Conversion> find(long id) {
    return jdbc.sql(SELECT + " WHERE c.id = ?").param(id).query(ConversionRepository::map).optional();
  }

  public List<Conversion> list(long clusterId, int limit) {
    return jdbc.sql(SELECT + " WHERE c.cluster_id = ? ORDER BY c.id DESC LIMIT ?").params(clusterId, limit)
        .query(ConversionRepository::map).list();
  }

  public List<Conversion> running() {
    return jdbc.sql(SELECT + " WHERE c.state = 'RUNNING' ORDER BY c.id").query(ConversionRepository::map).list();
  }

  public boolean runningOn(long clusterId, String path) {
    return jdbc.sql("SELECT count(*) FROM ec_conversions WHERE cluster_id = ? AND path = ? AND state = 'RUNNING'")
        .params(clusterId, path).query(Long.class).single() > 0;
  }

  public List<FileRow> pending(long id) {
    return jdbc.sql("SELECT * FROM ec_conversion_files WHERE conversion_id = ? AND state = 'PENDING' ORDER BY seq")
        .param(id).query((rs, i) -> new FileRow(rs.getLong("conversion_id"), rs.getInt("seq"), rs.getString("path"),
            rs.getLong("length"), rs.getLong("raw_before"), longOrNull(rs, "raw_after"), rs.getString("state"),
            rs.getString("error"))).list();
  }

  public void fileDone(long id, int seq, long rawAfter) {
    jdbc.sql("""
            UPDATE ec_conversion_files SET state = 'DONE', raw_after = ?, finished_at = now()
            WHERE conversion_id = ? AND seq = ?""").params(rawAfter, id, seq).update();
  }

  public void fileFailed(long id, int seq, String error) {
    jdbc.sql("""
            UPDATE ec_conversion_files SET state = 'FAILED', error = ?, finished_at = now()
            WHERE conversion_id = ? AND seq = ?""").params(error, id, seq).update();
  }

  /** The coder and parallelism of the pass that starts now. */
  public void copying(long id, String coder, int parallelFiles) {
    jdbc.sql("UPDATE ec_conversions SET coder = ?, parallel_files = ? WHERE id = ?").params(coder, parallelFiles, id)
        .update();
  }

  /** Adds a pass's copied bytes and copying time. */
  public void copied(long id, long bytes, long millis) {
    jdbc.sql("UPDATE ec_conversions SET bytes_copied = bytes_copied + ?, copy_millis = copy_millis + ? WHERE id = ?")
        .params(bytes, millis, id).update();
  }

  public void setOperation(long id, UUID op) {
    jdbc.sql("UPDATE ec_conversions SET operation_id = ? WHERE id = ?").params(op, id).update();
  }

  public boolean heartbeat(long id, String runner) {
    return jdbc.sql("UPDATE ec_conversions SET heartbeat_at = now() WHERE id = ? AND runner_id = ? AND state = 'RUNNING'")
        .params(id, runner).update() == 1;
  }

  public boolean adopt(long id, String from, String to) {
    return jdbc.sql("""
            UPDATE ec_conversions SET runner_id = ?, heartbeat_at = now()
            WHERE id = ? AND state = 'RUNNING' AND runner_id IS NOT DISTINCT FROM ?""").params(to, id, from).update() == 1;
  }

  public void finish(long id, Conversion.State state, String message) {
    jdbc.sql("""
            UPDATE ec_conversions SET state = ?, message = ?, finished_at = now()
            WHERE id = ? AND state = 'RUNNING'""").params(state.name(), message, id).update();
  }
}
