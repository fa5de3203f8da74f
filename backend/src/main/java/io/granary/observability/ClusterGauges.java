package io.granary.observability;

import io.granary.clusters.Cluster;
import io.granary.clusters.ClusterRepository;
import io.granary.clusters.ClusterState;
import io.granary.clusters.ClusterStateCache;
import io.granary.engine.EngineGateway;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * What Prometheus cannot scrape from the engine itself (docs/adr/0017-observability.md): HDFS safe
 * mode (a JMX-only attribute, from the state collector) and the bytes under /hbase/oldWALs
 * (an HDFS content summary, read once a minute). NaN when unknown, so an alert never fires on a guess.
 */
@Component
public class ClusterGauges {
  private static final Logger log = LoggerFactory.getLogger(ClusterGauges.class);

  private final MeterRegistry registry;
  private final ClusterRepository clusters;
  private final ClusterStateCache states;
  private final EngineGateway engine;
  private final Map<Long, Double> oldWals = new ConcurrentHashMap<>();
  private final Map<Long, Boolean> registered = new ConcurrentHashMap<>();

  public ClusterGauges(MeterRegistry registry, ClusterRepository clusters, ClusterStateCache states,
      EngineGateway engine) {
    this.registry = registry;
    this.clusters = clusters;
    this.states = states;
    this.engine = engine;
  }

  @Scheduled(fixedDelayString = "PT60S", initialDelayString = "PT2S")
  void refresh() {
    for (Cluster c : clusters.findAll()) {
      register(c);
      try {
        oldWals.put(c.id(), (double) engine.oldWalsBytes(c.endpoints()));
      } catch (Exception e) {
        oldWals.put(c.id(), Double.NaN);
        log.debug("oldWALs of cluster {}: {}", c.name(), e.toString());
      }
    }
  }

  void register(Cluster c) {
    if (registered.putIfAbsent(c.id(), true) != null) {
      return;
    }
    Gauge.builder("granary_hdfs_safe_mode", () -> safeMode(c.id()))
        .description("1 while HDFS is in safe mode, 0 out of it, NaN when not collected")
        .tag("cluster", c.name()).register(registry);
    Gauge.builder("granary_hbase_oldwals_bytes", () -> oldWals.getOrDefault(c.id(), Double.NaN))
        .description("bytes under /hbase/oldWALs").baseUnit("bytes")
        .tag("cluster", c.name()).register(registry);
  }

  double safeMode(long clusterId) {
    ClusterState s = states.get(clusterId);
    if (s == null || s.snapshot() == null || !s.snapshot().hdfs().reachable()) {
      return Double.NaN;
    }
    return s.snapshot().hdfs().safeMode() ? 1 : 0;
  }
}
