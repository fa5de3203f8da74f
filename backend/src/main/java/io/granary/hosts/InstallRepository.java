package io.granary.hosts;

import static io.granary.shared.db.Rows.instant;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Installed versions of provisioned clusters, and the per-host state of scale-in runs. */
@Repository
public class InstallRepository {
  private final JdbcClient jdbc;

  public InstallRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  // ---- installed versions

  /** {@code spec} is the run's spec input as JSON, {@code plan} the planner's Plan as JSON. */
  public record Version(String cluster, int version, Long runId, String playbook, String spec, String plan,
      String createdBy, Instant createdAt) {}

  private static Version map(java.sql.ResultSet rs, int i) throws java.sql.SQLException {
    return new Version(rs.getString("cluster_name"), rs.getInt("version"), (Long) rs.getObject("run_id"),
        rs.getString("playbook"), rs.getString("spec"), rs.getString("plan"), rs.getString("created_by"),
        instant(rs, "created_at"));
  }

  /** Appends the next version; concurrent runs of one cluster are refused earlier, the key guards the rest. */
  public int insertVersion(String cluster, Long runId, String playbook, String spec, String plan, String user) {
    return jdbc.sql("""
            INSERT INTO cluster_installs (cluster_name, version, run_id, playbook, spec, plan, created_by)
            SELECT ?, COALESCE(MAX(version), 0) + 1, ?, ?, ?, ?, ? FROM cluster_installs WHERE cluster_name = ?
            RETURNING version""")
        .params(cluster, runId, playbook, spec, plan, user, cluster).query(Integer.class).single();
  }

  public List<Version> versions(String cluster) {
    return jdbc.sql("SELECT * FROM cluster_installs WHERE cluster_name = ? ORDER BY version DESC").param(cluster)
        .query(InstallRepository::map).list();
  }

  public Optional<Version> latest(String cluster) {
    return jdbc.sql("SELECT * FROM cluster_installs WHERE cluster_name = ? ORDER BY version DESC LIMIT 1")
        .param(cluster).query(InstallRepository::map).optional();
  }

  public Optional<Version> version(String cluster, int version) {
    return jdbc.sql("SELECT * FROM cluster_installs WHERE cluster_name = ? AND version = ?").params(cluster, version)
        .query(InstallRepository::map).optional();
  }

  // ---- scale-in hosts

  public record ScaleInHost(long runId, int seq, String host, String phase, Integer regionsLeft, Long blocksLeft,
      Instant startedAt, Instant finishedAt) {
    public boolean done() {
      return "DONE".equals(phase);
    }
  }

  public void insertScaleInHost(long runId, int seq, String host) {
    jdbc.sql("INSERT INTO scale_in_hosts (run_id, seq, host, phase) VALUES (?, ?, ?, 'PENDING')")
        .params(runId, seq, host).update();
  }

  public List<ScaleInHost> scaleInHosts(long runId) {
    return jdbc.sql("SELECT * FROM scale_in_hosts WHERE run_id = ? ORDER BY seq").param(runId)
        .query((rs, i) -> new ScaleInHost(rs.getLong("run_id"), rs.getInt("seq"), rs.getString("host"),
            rs.getString("phase"), (Integer) rs.getObject("regions_left"), (Long) rs.getObject("blocks_left"),
            instant(rs, "started_at"), instant(rs, "finished_at")))
        .list();
  }

  public void phase(long runId, int seq, String phase) {
    jdbc.sql("""
            UPDATE scale_in_hosts SET phase = ?, started_at = COALESCE(started_at, now()),
              finished_at = CASE WHEN ? = 'DONE' THEN now() ELSE NULL END
            WHERE run_id = ? AND seq = ?""").params(phase, phase, runId, seq).update();
  }

  public void counts(long runId, int seq, Integer regionsLeft, Long blocksLeft) {
    jdbc.sql("""
            UPDATE scale_in_hosts SET regions_left = COALESCE(?, regions_left), blocks_left = COALESCE(?, blocks_left)
            WHERE run_id = ? AND seq = ?""").params(regionsLeft, blocksLeft, runId, seq).update();
  }

  // ---- driving a run

  public void claim(long runId, String runner) {
    jdbc.sql("UPDATE provisioning_runs SET runner_id = ?, heartbeat_at = now() WHERE id = ?").params(runner, runId)
        .update();
  }

  /** Only the owner's claim is refreshed: an adopter that took the run over is not overwritten. */
  public void heartbeat(long runId, String runner) {
    jdbc.sql("UPDATE provisioning_runs SET heartbeat_at = now() WHERE id = ? AND runner_id = ?").params(runId, runner)
        .update();
  }

  /** Gives a run back for adoption at the next tick (no heartbeat counts as a dead runner's). */
  public void release(long runId) {
    jdbc.sql("UPDATE provisioning_runs SET heartbeat_at = NULL WHERE id = ?").param(runId).update();
  }

  /** Takes a run over from a dead runner; false when someone else was faster. */
  public boolean adopt(long runId, String fromRunner, String toRunner) {
    return jdbc.sql("""
            UPDATE provisioning_runs SET runner_id = ?, heartbeat_at = now()
            WHERE id = ? AND state = 'RUNNING' AND runner_id IS NOT DISTINCT FROM ?""")
        .params(toRunner, runId, fromRunner).update() == 1;
  }

  /** A scale-in names its cluster from the start (an install only once it registered one). */
  public void cluster(long runId, long clusterId) {
    jdbc.sql("UPDATE provisioning_runs SET cluster_id = ? WHERE id = ?").params(clusterId, runId).update();
  }

  public void ansiblePid(long runId, Long pid) {
    jdbc.sql("UPDATE provisioning_runs SET ansible_pid = ? WHERE id = ?").params(pid, runId).update();
  }

  public void pauseRequested(long runId, boolean on) {
    jdbc.sql("UPDATE provisioning_runs SET pause_requested = ? WHERE id = ?").params(on, runId).update();
  }

  public void state(long runId, String state, String message) {
    jdbc.sql("UPDATE provisioning_runs SET state = ?, message = ? WHERE id = ?").params(state, message, runId).update();
  }

  public List<Long> runningScaleIns() {
    return running(List.of("scale_in"));
  }

  public List<Long> running(List<String> playbooks) {
    return jdbc.sql("SELECT id FROM provisioning_runs WHERE playbook IN (:p) AND state = 'RUNNING' ORDER BY id")
        .param("p", playbooks).query(Long.class).list();
  }

  /** Whether the run switched the balancer off and owes the cluster a switch back on. */
  public boolean balancerRestore(long runId) {
    return jdbc.sql("SELECT balancer_restore FROM provisioning_runs WHERE id = ?").param(runId).query(Boolean.class)
        .single();
  }

  public void balancerRestore(long runId, boolean owed) {
    jdbc.sql("UPDATE provisioning_runs SET balancer_restore = ? WHERE id = ?").params(owed, runId).update();
  }

  public void abortRequested(long runId, boolean on) {
    jdbc.sql("UPDATE provisioning_runs SET abort_requested = ? WHERE id = ?").params(on, runId).update();
  }

  // ---- steps of a rolling restart or configuration change

  /**
   * A step: {@code role} on {@code hosts} (inventory names) restarted together, or the configuration write.
   *
   * @param regionsBack regions of the step's RegionServers open on their new instances after it
   * @param regionsBefore JSON host → encoded region name → table, taken before the step's first run
   */
  public record Step(long runId, int seq, String role, List<String> hosts, String phase, Integer regionsMoved,
      Integer regionsBack, String regionsBefore, Instant startedAt, Instant finishedAt) {
    public boolean done() {
      return "DONE".equals(phase);
    }
  }

  public record StepEvent(int seq, String host, String phase, Instant at) {}

  public void insertStep(long runId, int seq, String role, List<String> hosts) {
    jdbc.sql("INSERT INTO run_steps (run_id, seq, role, hosts, phase) VALUES (?, ?, ?, ?, 'PENDING')")
        .params(runId, seq, role, String.join(",", hosts)).update();
  }

  public List<Step> steps(long runId) {
    return jdbc.sql("SELECT * FROM run_steps WHERE run_id = ? ORDER BY seq").param(runId)
        .query((rs, i) -> new Step(rs.getLong("run_id"), rs.getInt("seq"), rs.getString("role"),
            List.of(rs.getString("hosts").split(",")), rs.getString("phase"), (Integer) rs.getObject("regions_moved"),
            (Integer) rs.getObject("regions_back"), rs.getString("regions_before"), instant(rs, "started_at"),
            instant(rs, "finished_at")))
        .list();
  }

  public void stepPhase(long runId, int seq, String phase) {
    jdbc.sql("""
            UPDATE run_steps SET phase = ?, started_at = COALESCE(started_at, now()),
              finished_at = CASE WHEN ? IN ('DONE', 'FAILED') THEN now() ELSE NULL END
            WHERE run_id = ? AND seq = ?""").params(phase, phase, runId, seq).update();
  }

  public void regionsMoved(long runId, int seq, int regions) {
    jdbc.sql("UPDATE run_steps SET regions_moved = COALESCE(regions_moved, 0) + ? WHERE run_id = ? AND seq = ?")
        .params(regions, runId, seq).update();
  }

  /** Only the first time: a step run again keeps what its servers held before it started. */
  public void regionsBefore(long runId, int seq, String json) {
    jdbc.sql("UPDATE run_steps SET regions_before = ? WHERE run_id = ? AND seq = ? AND regions_before IS NULL")
        .params(json, runId, seq).update();
  }

  public void regionsBack(long runId, int seq, int regions) {
    jdbc.sql("UPDATE run_steps SET regions_back = ? WHERE run_id = ? AND seq = ?").params(regions, runId, seq).update();
  }

  public void stepEvent(long runId, int seq, String host, String phase) {
    jdbc.sql("INSERT INTO run_step_events (run_id, seq, host, phase) VALUES (?, ?, ?, ?)")
        .params(runId, seq, host, phase).update();
  }

  public List<StepEvent> stepEvents(long runId) {
    return jdbc.sql("SELECT * FROM run_step_events WHERE run_id = ? ORDER BY at, seq").param(runId)
        .query((rs, i) -> new StepEvent(rs.getInt("seq"), rs.getString("host"), rs.getString("phase"),
            instant(rs, "at")))
        .list();
  }

  /** The newest run of a cluster with one of these playbooks. */
  public Optional<Long> newestRun(String cluster, List<String> playbooks) {
    return jdbc.sql("SELECT id FROM provisioning_runs WHERE cluster_name = :c AND playbook IN (:p) ORDER BY id DESC"
        + " LIMIT 1").param("c", cluster).param("p", playbooks).query(Long.class).optional();
  }
}
