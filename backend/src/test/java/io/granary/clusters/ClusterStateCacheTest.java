package io.granary.clusters;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.engine.ClusterSnapshot;
import io.granary.engine.ClusterSnapshot.Hbase;
import io.granary.engine.ClusterSnapshot.RegionServer;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterStateCacheTest {
  static ClusterSnapshot snap(Instant at, long reads, long writes) {
    Hbase hb = new Hbase(true, null, "v", "id", "m",
        List.of(new RegionServer("rs1", 1, 0, reads, writes, 1, 2, 0)), List.of(), 0, 1, true);
    return new ClusterSnapshot(at, ClusterSnapshot.Hdfs.unreachable("x"), hb, ClusterSnapshot.NativeSupport.unknown());
  }

  @Test
  void ratesAreCounterDeltasOverElapsedTime() {
    Instant t0 = Instant.parse("2026-11-21T12:00:00Z");
    var rates = ClusterStateCache.rates(snap(t0, 100, 10), snap(t0.plusSeconds(5), 600, 60));
    assertThat(rates.get("rs1").readsPerSecond()).isEqualTo(100.0);
    assertThat(rates.get("rs1").writesPerSecond()).isEqualTo(10.0);
  }

  @Test
  void aRestartedServerNeverShowsNegativeRates() {
    Instant t0 = Instant.parse("2026-11-21T12:00:00Z");
    var rates = ClusterStateCache.rates(snap(t0, 1000, 1000), snap(t0.plusSeconds(5), 10, 10));
    assertThat(rates.get("rs1").readsPerSecond()).isZero();
  }
}
