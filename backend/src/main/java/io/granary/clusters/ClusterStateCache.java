package io.granary.clusters;

import io.granary.engine.ClusterSnapshot;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/** Latest state per cluster. Pages read only from here, so they never wait on a cluster. */
@Component
public class ClusterStateCache {
  private final Map<Long, ClusterState> states = new ConcurrentHashMap<>();
  private final java.util.Set<Long> pinned = ConcurrentHashMap.newKeySet();
  /** RegionServers the last quick probe found silent, per cluster (between full collections). */
  private final Map<Long, java.util.List<String>> silent = new ConcurrentHashMap<>();
  private final ClustersProperties props;
  private final Clock clock;

  public ClusterStateCache(ClustersProperties props, Clock clock) {
    this.props = props;
    this.clock = clock;
  }

  /** The state with health re-evaluated now, so staleness shows even when collection stalls. */
  public ClusterState get(long clusterId) {
    ClusterState s = states.get(clusterId);
    ClusterSnapshot snap = s == null ? null : s.snapshot();
    String error = s == null ? null : s.collectionError();
    Health health = HealthEvaluator.evaluate(snap, error, clock.instant(), props.staleAfter(),
        silent.getOrDefault(clusterId, java.util.List.of()));
    return new ClusterState(snap, s == null ? Map.of() : s.rates(), s == null ? Map.of() : s.regionRates(), error,
        health);
  }

  /** Keeps the cluster's current content: the collector leaves it alone (synthetic benchmark content). */
  void pin(long clusterId) {
    pinned.add(clusterId);
  }

  boolean pinned(long clusterId) {
    return pinned.contains(clusterId);
  }

  void recordSuccess(long clusterId, ClusterSnapshot snap) {
    ClusterState prev = states.get(clusterId);
    Map<String, ClusterState.Rates> rates = rates(prev == null ? null : prev.snapshot(), snap);
    Map<String, ClusterState.Rates> regionRates = regionRates(prev == null ? null : prev.snapshot(), snap);
    states.put(clusterId, new ClusterState(snap, rates, regionRates, null,
        HealthEvaluator.evaluate(snap, null, snap.collectedAt(), props.staleAfter())));
  }

  /** The quick probe's finding; the next full collection sees the same servers for itself. */
  void recordSilent(long clusterId, java.util.List<String> servers) {
    silent.put(clusterId, java.util.List.copyOf(servers));
  }

  void recordFailure(long clusterId, String error) {
    ClusterState prev = states.get(clusterId);
    states.put(clusterId, new ClusterState(prev == null ? null : prev.snapshot(),
        prev == null ? Map.of() : prev.rates(), prev == null ? Map.of() : prev.regionRates(), error, null));
  }

  static Map<String, ClusterState.Rates> regionRates(ClusterSnapshot prev, ClusterSnapshot cur) {
    Map<String, ClusterState.Rates> out = new HashMap<>();
    double seconds = prev == null ? 0 : (cur.collectedAt().toEpochMilli() - prev.collectedAt().toEpochMilli()) / 1000.0;
    if (seconds <= 0) {
      return out;
    }
    Map<String, ClusterSnapshot.RegionLoad> before = new HashMap<>();
    prev.tables().regions().forEach(r -> before.put(r.encodedName(), r));
    for (ClusterSnapshot.RegionLoad r : cur.tables().regions()) {
      ClusterSnapshot.RegionLoad b = before.get(r.encodedName());
      // a region that moved restarts its counters on the new server
      if (b != null && b.server().equals(r.server())) {
        out.put(r.encodedName(), new ClusterState.Rates(Math.max(0, r.readRequests() - b.readRequests()) / seconds,
            Math.max(0, r.writeRequests() - b.writeRequests()) / seconds));
      }
    }
    return out;
  }

  static Map<String, ClusterState.Rates> rates(ClusterSnapshot prev, ClusterSnapshot cur) {
    Map<String, ClusterState.Rates> out = new HashMap<>();
    if (prev == null) {
      return out;
    }
    double seconds = (cur.collectedAt().toEpochMilli() - prev.collectedAt().toEpochMilli()) / 1000.0;
    if (seconds <= 0) {
      return out;
    }
    Map<String, ClusterSnapshot.RegionServer> before = new HashMap<>();
    prev.hbase().regionServers().forEach(rs -> before.put(rs.name(), rs));
    for (ClusterSnapshot.RegionServer rs : cur.hbase().regionServers()) {
      ClusterSnapshot.RegionServer b = before.get(rs.name());
      if (b != null) {
        // counters restart with a RegionServer or drop when regions move away: never report negative rates
        out.put(rs.name(), new ClusterState.Rates(
            Math.max(0, rs.readRequests() - b.readRequests()) / seconds,
            Math.max(0, rs.writeRequests() - b.writeRequests()) / seconds));
      }
    }
    return out;
  }
}
