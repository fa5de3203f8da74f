package io.granary.clusters;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.engine.ClusterSnapshot;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The benchmark's content is what backend/bench/tables-api.sh checks and reports. */
class SyntheticClusterTest {
  @Test
  void theSnapshotHoldsTheAskedTablesAndRegionsWithATenthInBenchBig() {
    ClusterSnapshot.Tables t = SyntheticCluster.snapshot(Instant.EPOCH, 1000, 10_000).tables();
    assertThat(t.tables()).hasSize(1000);
    assertThat(t.tables().get(0).name()).isEqualTo("bench:big");
    assertThat(t.regions()).hasSize(10_000);
    assertThat(t.regions()).filteredOn(r -> r.table().equals("bench:big")).hasSize(1000);
  }
}
