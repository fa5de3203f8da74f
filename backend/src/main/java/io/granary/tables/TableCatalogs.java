package io.granary.tables;

import io.granary.clusters.ClusterState;
import io.granary.clusters.ClustersService;
import io.granary.engine.ClusterSnapshot;
import java.util.Map;
import java.util.function.Predicate;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/** One {@link TableCatalog} per cluster, rebuilt only when the state cache holds a new snapshot. */
@Component
public class TableCatalogs {
  private record Built(ClusterSnapshot snapshot, TableCatalog catalog) {}

  private final ClustersService clusters;
  private final Map<Long, Built> built = new ConcurrentHashMap<>();

  public TableCatalogs(ClustersService clusters) {
    this.clusters = clusters;
  }

  /**
   * Re-collects until the cached table (null when absent) satisfies {@code done}, or gives up
   * quietly after {@code seconds}. RegionServers report region changes with their next heartbeat
   * (3 s), so an operation waits for this before it reports success: a page opened right after
   * then shows the result.
   */
  public void awaitVisible(long clusterId, String table, Predicate<TableCatalog.Table> done, int seconds) {
    long deadline = System.nanoTime() + seconds * 1_000_000_000L;
    while (true) {
      clusters.refresh(clusterId);
      if (done.test(get(clusterId).table(table)) || System.nanoTime() > deadline) {
        return;
      }
      try {
        Thread.sleep(500);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  public TableCatalog get(long clusterId) {
    ClusterState state = clusters.state(clusterId);
    Built b = built.get(clusterId);
    if (b != null && b.snapshot() == state.snapshot()) {
      return b.catalog();
    }
    TableCatalog c = TableCatalog.of(state);
    built.put(clusterId, new Built(state.snapshot(), c));
    return c;
  }
}
