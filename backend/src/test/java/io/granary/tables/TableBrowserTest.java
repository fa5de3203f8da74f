package io.granary.tables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.granary.clusters.ClusterState;
import io.granary.engine.ClusterSnapshot;
import io.granary.shared.problem.ProblemException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TableBrowserTest {
  /** Three tables; t1 has regions on two servers, listed out of key order as the metrics return them. */
  static TableCatalog catalog() {
    List<ClusterSnapshot.RegionLoad> regions = new ArrayList<>();
    regions.add(load("ns:t1", "r2", "m", "rs2", 300, 100));
    regions.add(load("ns:t1", "r1", "", "rs1", 200, 0));
    regions.add(load("t2", "r3", "", "rs1", 50, 5000));
    ClusterSnapshot snap = new ClusterSnapshot(Instant.parse("2026-11-21T10:00:00Z"), null, null, null,
        new ClusterSnapshot.Tables(List.of("default", "empty", "ns"), List.of(
            new ClusterSnapshot.TableInfo("ns:t1", "ns", true), new ClusterSnapshot.TableInfo("t2", "default", true),
            new ClusterSnapshot.TableInfo("t3", "default", false)), regions));
    return TableCatalog.of(new ClusterState(snap, Map.of(), Map.of("r2", new ClusterState.Rates(1, 2),
        "r3", new ClusterState.Rates(0, 40)), null, null));
  }

  static ClusterSnapshot.RegionLoad load(String table, String region, String start, String server, long size,
      long writes) {
    return new ClusterSnapshot.RegionLoad(table, region, start.getBytes(StandardCharsets.UTF_8), server, size, 0, 2,
        1f, 0, writes);
  }

  static TableBrowser browser() {
    TableCatalog c = catalog();
    return new TableBrowser(null) {
      @Override
      public TableCatalog catalog(long clusterId) {
        return c;
      }
    };
  }

  @Test
  void regionsAreInKeyOrderWithEndKeysAndTotals() {
    TableCatalog.Table t = catalog().table("ns:t1");
    assertThat(t.regions()).extracting(TableCatalog.Region::encodedName).containsExactly("r1", "r2");
    assertThat(t.regions().get(0).endKeyText()).isEqualTo("m");
    assertThat(t.regions().get(1).endKeyText()).isEmpty();
    assertThat(t.sizeBytes()).isEqualTo(500);
    assertThat(t.storeFiles()).isEqualTo(4);
    assertThat(t.writesPerSecond()).isEqualTo(2.0);
    assertThat(catalog().table("t3").regions()).isEmpty();
    assertThat(catalog().namespaces()).containsExactly(Map.entry("default", 2), Map.entry("empty", 0),
        Map.entry("ns", 1));
  }

  @Test
  void listsFilterSortAndPage() {
    TableBrowser b = browser();
    assertThat(b.list(1, null, null, "name", 0, 2).items()).extracting(TableCatalog.Table::name)
        .containsExactly("ns:t1", "t2");
    assertThat(b.list(1, null, null, "name", 1, 2).items()).extracting(TableCatalog.Table::name).containsExactly("t3");
    assertThat(b.list(1, null, null, "name", 5, 2).items()).isEmpty();
    assertThat(b.list(1, null, null, "name", 5, 2).total()).isEqualTo(3);
    assertThat(b.list(1, "default", "T", "writes", 0, 10).items()).extracting(TableCatalog.Table::name)
        .containsExactly("t2", "t3");
    assertThat(b.list(1, null, null, "size", 0, 10).items().get(0).name()).isEqualTo("ns:t1");
  }

  @Test
  void badPagingAndUnknownTablesAreProblems() {
    TableBrowser b = browser();
    assertThatThrownBy(() -> b.list(1, null, null, "colour", 0, 10)).isInstanceOf(ProblemException.class)
        .hasMessageContaining("sort must be");
    assertThatThrownBy(() -> b.list(1, null, null, "name", 0, 501)).hasMessageContaining("between 1 and 500");
    assertThatThrownBy(() -> b.regions(1, "nope", 0, 10)).hasMessageContaining("no table 'nope'");
    assertThat(b.regions(1, "default:t2", 0, 10).items()).hasSize(1);
    assertThat(b.regionMap(1, "ns:t1")).containsOnlyKeys("rs1", "rs2");
  }
}
