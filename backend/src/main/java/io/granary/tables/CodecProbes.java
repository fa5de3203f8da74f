package io.granary.tables;

import io.granary.clusters.Cluster;
import io.granary.clusters.ClusterState;
import io.granary.clusters.ClustersService;
import io.granary.engine.EngineTables;
import io.granary.operations.Operation;
import io.granary.operations.OperationsService;
import io.granary.shared.problem.ProblemException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Service;

/**
 * Which compression codecs really work on each cluster. A cluster is probed once when it is
 * first reachable, and again on request; results live in PostgreSQL.
 */
@Service
public class CodecProbes {
  public static final String PROBE = "CODEC_PROBE";
  public static final List<String> CODECS = List.of("NONE", "GZ", "SNAPPY", "LZ4", "ZSTD");
  static final String SYSTEM_USER = "system";
  private static final Logger log = LoggerFactory.getLogger(CodecProbes.class);

  public record Result(String codec, boolean available, String detail, Instant probedAt) {}

  public record Report(Instant probedAt, boolean running, List<Result> codecs) {}

  private final JdbcClient jdbc;
  private final ClustersService clusters;
  private final EngineTables engine;
  private final OperationsService operations;
  private final TaskScheduler scheduler;
  private final TablesProperties props;
  private final Set<Long> running = ConcurrentHashMap.newKeySet();

  public CodecProbes(JdbcClient jdbc, ClustersService clusters, EngineTables engine, OperationsService operations,
      TaskScheduler scheduler, TablesProperties props) {
    this.jdbc = jdbc;
    this.clusters = clusters;
    this.engine = engine;
    this.operations = operations;
    this.scheduler = scheduler;
    this.props = props;
  }

  @EventListener(ApplicationReadyEvent.class)
  public void schedule() {
    scheduler.scheduleWithFixedDelay(this::probeUnprobed, props.codecProbeInterval());
  }

  /**
   * Starts a probe for every reachable cluster that has no result yet, unless a provisioning run
   * (install, scale-in, rolling restart, configuration change) is changing it: the probe creates and
   * drops tables, and the region mover of a scale-in or restart fails on a table dropped under it.
   */
  void probeUnprobed() {
    for (Cluster c : clusters.list()) {
      ClusterState st = clusters.state(c.id());
      boolean reachable = st.snapshot() != null && st.snapshot().hbase().reachable();
      if (reachable && !running.contains(c.id()) && results(c.id()).isEmpty() && !beingProvisioned(c.name())) {
        try {
          start(c.id(), SYSTEM_USER);
        } catch (ProblemException e) {
          log.debug("codec probe of cluster {} not started: {}", c.name(), e.getMessage());
        }
      }
    }
  }

  private boolean beingProvisioned(String cluster) {
    return jdbc.sql("SELECT count(*) FROM provisioning_runs WHERE cluster_name = ? AND state IN ('RUNNING', 'PAUSED')")
        .param(cluster).query(Long.class).single() > 0;
  }

  public Operation start(long clusterId, String user) {
    Cluster c = clusters.get(clusterId);
    return operations.start(PROBE, c.id(), "compression codecs",
        "hbase org.apache.hadoop.hbase.util.CompressionTest hdfs:///tmp/codec-test <gz|snappy|lz4|zstd>", user, ctx -> {
          running.add(c.id());
          try {
            List<String> ok = new ArrayList<>();
            for (int i = 0; i < CODECS.size(); i++) {
              String codec = CODECS.get(i);
              ctx.progress(i * 100 / CODECS.size(), "probing " + codec);
              EngineTables.CodecResult r = engine.probeCodec(c.endpoints(), codec);
              save(c.id(), r);
              ctx.info(codec + ": " + (r.available() ? "works" : "unavailable") + " (" + r.detail() + ")");
              if (r.available()) {
                ok.add(codec);
              }
            }
            return "available: " + String.join(", ", ok);
          } finally {
            running.remove(c.id());
          }
        });
  }

  private void save(long clusterId, EngineTables.CodecResult r) {
    jdbc.sql("""
        INSERT INTO codec_probes (cluster_id, codec, available, detail, probed_at) VALUES (?, ?, ?, ?, now())
        ON CONFLICT (cluster_id, codec) DO UPDATE
          SET available = EXCLUDED.available, detail = EXCLUDED.detail, probed_at = EXCLUDED.probed_at""")
        .params(clusterId, r.codec(), r.available(), r.detail()).update();
  }

  public List<Result> results(long clusterId) {
    return jdbc.sql("SELECT codec, available, detail, probed_at FROM codec_probes WHERE cluster_id = ?")
        .param(clusterId)
        .query((rs, n) -> new Result(rs.getString(1), rs.getBoolean(2), rs.getString(3),
            rs.getTimestamp(4).toInstant()))
        .list();
  }

  /** Every codec in a fixed order; those never probed are unavailable with a reason. */
  public Report report(long clusterId) {
    Cluster c = clusters.get(clusterId);
    Map<String, Result> byCodec = new java.util.HashMap<>();
    results(c.id()).forEach(r -> byCodec.put(r.codec(), r));
    List<Result> out = new ArrayList<>();
    Instant probedAt = null;
    for (String codec : CODECS) {
      Result r = byCodec.get(codec);
      if (r == null) {
        out.add(new Result(codec, false, "not probed on this cluster yet", null));
      } else {
        out.add(r);
        probedAt = probedAt == null || r.probedAt().isAfter(probedAt) ? r.probedAt() : probedAt;
      }
    }
    return new Report(probedAt, running.contains(c.id()), out);
  }

  /** Empty when the codec works; otherwise why it cannot be used on this cluster. */
  public Optional<String> refusal(long clusterId, String codec) {
    if ("NONE".equals(codec)) {
      return Optional.empty();
    }
    for (Result r : report(clusterId).codecs()) {
      if (r.codec().equals(codec)) {
        return r.available() ? Optional.empty()
            : Optional.of(codec + " does not work on this cluster: " + r.detail());
      }
    }
    return Optional.of("unknown codec " + codec);
  }
}
