package io.granary.clusters;

import io.granary.GranaryApplication;
import io.granary.engine.ClusterSnapshot;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;

/**
 * Benchmark aid (test scope, started by backend/bench/tables-api.sh): the control plane plus a
 * cluster "synthetic" whose state cache holds {@code granary.bench.synthetic-tables} tables
 * (namespace {@code bench}) and {@code granary.bench.synthetic-regions} regions, one table
 * ({@code bench:big}) holding a tenth of them. The cache pins this content: the collector never
 * contacts the (nonexistent) cluster. Not a component, so no test context picks it up.
 */
public final class SyntheticCluster {
  private static final Logger log = LoggerFactory.getLogger(SyntheticCluster.class);
  static final String NAME = "synthetic";

  private final ClusterRepository clusters;
  private final ClusterStateCache cache;
  private final int tables;
  private final int regions;

  SyntheticCluster(ClusterRepository clusters, ClusterStateCache cache,
      @Value("${granary.bench.synthetic-tables}") int tables,
      @Value("${granary.bench.synthetic-regions:10000}") int regions) {
    this.clusters = clusters;
    this.cache = cache;
    this.tables = tables;
    this.regions = regions;
  }

  /** The control plane as {@code GranaryApplication.main} starts it, with this content registered. */
  public static void main(String[] args) {
    SpringApplication.run(new Class<?>[] {GranaryApplication.class, SyntheticCluster.class}, args);
  }

  @EventListener(ApplicationReadyEvent.class)
  public void load() {
    Cluster c = clusters.findByName(NAME).orElseGet(() ->
        clusters.insert(NAME, ClusterKind.LOCAL, "127.0.0.1:9", "hdfs://127.0.0.1:9", null, null));
    cache.recordSuccess(c.id(), snapshot(Instant.now(), tables, regions));
    cache.pin(c.id());
    log.info("synthetic cluster {} holds {} tables and {} regions", c.id(), tables, regions);
  }

  static ClusterSnapshot snapshot(Instant at, int tableCount, int regionCount) {
    List<ClusterSnapshot.TableInfo> infos = new ArrayList<>();
    List<ClusterSnapshot.RegionLoad> loads = new ArrayList<>();
    int big = Math.max(1, regionCount / 10);
    int rest = regionCount - big;
    for (int t = 0; t < tableCount; t++) {
      String name = t == 0 ? "bench:big" : String.format("bench:t%04d", t);
      infos.add(new ClusterSnapshot.TableInfo(name, "bench", t % 50 != 7));
      int n = t == 0 ? big : rest / (tableCount - 1) + (t <= rest % (tableCount - 1) ? 1 : 0);
      for (int r = 0; r < n; r++) {
        byte[] start = r == 0 ? new byte[0] : String.format("%08x", (long) r * (0xffffffffL / n))
            .getBytes(StandardCharsets.US_ASCII);
        loads.add(new ClusterSnapshot.RegionLoad(name, String.format("%032x", (long) t * 1_000_003L + r), start,
            "rs" + (r % 8) + ".bench,16020,1", (r * 7919L % 1000) << 20, (r % 13) << 20, 1 + r % 9,
            0.5f + (r % 50) / 100f, r * 31L, r * 17L));
      }
    }
    return new ClusterSnapshot(at, ClusterSnapshot.Hdfs.unreachable("synthetic"),
        ClusterSnapshot.Hbase.unreachable("synthetic"), ClusterSnapshot.NativeSupport.unknown(),
        new ClusterSnapshot.Tables(List.of("bench", "default"), infos, loads));
  }
}
