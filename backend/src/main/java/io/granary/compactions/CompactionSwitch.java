package io.granary.compactions;

import io.granary.clusters.Cluster;
import io.granary.engine.EngineCompactions;
import java.io.IOException;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The compaction switch of each RegionServer as the "pause outside windows" schedules want it.
 * HBase does not persist the switch, so what Granary set is recorded per server (name with start
 * code): a restarted server is a new name, comes back with compactions on, and is switched again.
 */
@Component
public class CompactionSwitch {
  private static final Logger log = LoggerFactory.getLogger(CompactionSwitch.class);

  private final CompactionRepository repo;
  private final EngineCompactions engine;

  public CompactionSwitch(CompactionRepository repo, EngineCompactions engine) {
    this.repo = repo;
    this.engine = engine;
  }

  /** Off outside the windows of enabled pausing schedules; on while any run of the cluster is under way. */
  public void reconcile(Cluster c, Instant now) throws IOException {
    List<Schedule> pausing = repo.schedules(c.id()).stream().filter(s -> s.enabled() && s.pauseOutside()).toList();
    Map<String, Boolean> recorded = repo.switchStates(c.id());
    if (pausing.isEmpty() && recorded.isEmpty()) {
      return;
    }
    boolean open = pausing.stream().anyMatch(s -> s.windows().openAt(now).isPresent()) || repo.clusterRunning(c.id());
    apply(c, pausing.isEmpty() || open, recorded, pausing.isEmpty());
  }

  /** Before a run requests compactions: a server with compactions off would silently ignore them. */
  public void ensureOn(Cluster c) throws IOException {
    Map<String, Boolean> recorded = repo.switchStates(c.id());
    if (recorded.containsValue(false)) {
      apply(c, true, recorded, false);
    }
  }

  private void apply(Cluster c, boolean on, Map<String, Boolean> recorded, boolean forget) throws IOException {
    List<String> live = engine.liveServers(c.endpoints());
    Set<String> gone = new HashSet<>(recorded.keySet());
    live.forEach(gone::remove);
    gone.forEach(s -> repo.forgetSwitch(c.id(), s));
    for (String server : live) {
      if (!Objects.equals(recorded.get(server), on)) {
        engine.compactionSwitch(c.endpoints(), on, List.of(server));
        repo.recordSwitch(c.id(), server, on);
        log.info("compaction_switch {} on {} of cluster {}", on, server, c.name());
      }
      if (forget) {
        repo.forgetSwitch(c.id(), server);
      }
    }
  }
}
