package io.granary.hosts;

import static io.granary.shared.db.Rows.instant;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
public class HostRepository {
  private final JdbcClient jdbc;

  public HostRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  static Host map(ResultSet rs, int row) throws SQLException {
    String disks = rs.getString("data_disks");
    return new Host(rs.getLong("id"), rs.getString("address"), rs.getString("hostname"), rs.getString("ssh_user"),
        rs.getString("key_fingerprint"), (Integer) rs.getObject("cores"), (Integer) rs.getObject("ram_mb"),
        disks == null || disks.isEmpty() ? List.of() : Arrays.asList(disks.split("\n")), rs.getString("rack"),
        rs.getBoolean("reachable"), rs.getString("check_message"), instant(rs, "created_at"));
  }

  public Host insert(String address, String hostname, String user, byte[] sealedKey, String fingerprint, Integer cores,
      Integer ramMb, List<String> disks, String rack, boolean reachable, String message, String createdBy) {
    return jdbc.sql("""
            INSERT INTO hosts (address, hostname, ssh_user, ssh_key, key_fingerprint, cores, ram_mb, data_disks, rack,
              reachable, check_message, created_by)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *""")
        .params(address, hostname, user, sealedKey, fingerprint, cores, ramMb, String.join("\n", disks), rack,
            reachable, message, createdBy)
        .query(HostRepository::map).single();
  }

  public List<Host> list() {
    return jdbc.sql("SELECT * FROM hosts ORDER BY address").query(HostRepository::map).list();
  }

  public Optional<Host> find(long id) {
    return jdbc.sql("SELECT * FROM hosts WHERE id = ?").param(id).query(HostRepository::map).optional();
  }

  public Optional<Host> byAddress(String address) {
    return jdbc.sql("SELECT * FROM hosts WHERE address = ?").param(address).query(HostRepository::map).optional();
  }

  public Optional<byte[]> sealedKey(long id) {
    return jdbc.sql("SELECT ssh_key FROM hosts WHERE id = ?").param(id).query(byte[].class).optional();
  }

  public boolean delete(long id) {
    return jdbc.sql("DELETE FROM hosts WHERE id = ?").param(id).update() > 0;
  }

  // ---- runs

  /** {@code runnerId}, {@code heartbeatAt}, {@code ansiblePid}: who drives a scale-in, for adoption after a restart. */
  public record RunRow(long id, String cluster, String playbook, String state, String message, UUID operationId,
      Long clusterId, Integer changed, String command, java.time.Instant createdAt, java.time.Instant finishedAt,
      String spec, boolean pauseRequested, String runnerId, java.time.Instant heartbeatAt, Long ansiblePid,
      String createdBy, boolean abortRequested) {}

  private static RunRow mapRun(ResultSet rs, int row) throws SQLException {
    return new RunRow(rs.getLong("id"), rs.getString("cluster_name"), rs.getString("playbook"), rs.getString("state"),
        rs.getString("message"), rs.getObject("operation_id", UUID.class), (Long) rs.getObject("cluster_id"),
        (Integer) rs.getObject("changed"), rs.getString("command"), instant(rs, "created_at"),
        instant(rs, "finished_at"), rs.getString("spec"), rs.getBoolean("pause_requested"), rs.getString("runner_id"),
        instant(rs, "heartbeat_at"), (Long) rs.getObject("ansible_pid"), rs.getString("created_by"),
        rs.getBoolean("abort_requested"));
  }

  public long insertRun(String cluster, String playbook, String spec, String command, String user) {
    return jdbc.sql("""
            INSERT INTO provisioning_runs (cluster_name, playbook, spec, state, command, created_by)
            VALUES (?, ?, ?, 'RUNNING', ?, ?) RETURNING id""")
        .params(cluster, playbook, spec, command, user).query(Long.class).single();
  }

  public void setCommand(long id, String command) {
    jdbc.sql("UPDATE provisioning_runs SET command = ? WHERE id = ?").params(command, id).update();
  }

  public void setOperation(long id, UUID op) {
    jdbc.sql("UPDATE provisioning_runs SET operation_id = ? WHERE id = ?").params(op, id).update();
  }

  public void finishRun(long id, String state, String message, Integer changed, Long clusterId) {
    jdbc.sql("""
            UPDATE provisioning_runs SET state = ?, message = ?, changed = ?, cluster_id = ?, finished_at = now()
            WHERE id = ?""").params(state, message, changed, clusterId, id).update();
  }

  public List<RunRow> runs() {
    return jdbc.sql("SELECT * FROM provisioning_runs ORDER BY id DESC LIMIT 100").query(HostRepository::mapRun).list();
  }

  public Optional<RunRow> run(long id) {
    return jdbc.sql("SELECT * FROM provisioning_runs WHERE id = ?").param(id).query(HostRepository::mapRun).optional();
  }

  public record TaskRow(int seq, String host, String task, String status, String message, java.time.Instant at) {}

  public void addTask(long runId, int seq, String host, String task, String status, String message) {
    jdbc.sql("INSERT INTO provisioning_tasks (run_id, seq, host, task, status, message) VALUES (?, ?, ?, ?, ?, ?)")
        .params(runId, seq, host, task, status, message).update();
  }

  /** The next free task number of a run that starts ansible-playbook more than once (a scale-in, a resumed one). */
  public int nextTaskSeq(long runId) {
    return jdbc.sql("SELECT COALESCE(MAX(seq), 0) + 1 FROM provisioning_tasks WHERE run_id = ?").param(runId)
        .query(Integer.class).single();
  }

  public List<TaskRow> tasks(long runId) {
    return jdbc.sql("SELECT * FROM provisioning_tasks WHERE run_id = ? ORDER BY seq").param(runId)
        .query((rs, i) -> new TaskRow(rs.getInt("seq"), rs.getString("host"), rs.getString("task"),
            rs.getString("status"), rs.getString("message"), instant(rs, "at")))
        .list();
  }
}
