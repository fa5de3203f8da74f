package io.granary.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.granary.clusters.Cluster;
import io.granary.clusters.ClusterKind;
import io.granary.clusters.ClusterRepository;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AuditTargetsTest {
  final ClusterRepository clusters = mock(ClusterRepository.class);
  final AuditTargets targets = new AuditTargets(clusters);

  AuditTargetsTest() {
    when(clusters.findById(1L)).thenReturn(Optional.of(new Cluster(1, "local", ClusterKind.LOCAL, "zk:2181",
        "hdfs://nn", null, null, Instant.EPOCH)));
    when(clusters.findById(9L)).thenReturn(Optional.empty());
  }

  String describe(String path, String body) {
    return targets.describe(path, Map.of(), body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void theClusterIsNamedAndEachIdKeepsItsNoun() {
    assertThat(describe("/clusters/1/tables/ns:t1/flush", null)).isEqualTo("cluster local (#1) · table ns:t1");
    assertThat(describe("/clusters/9/compactions/schedules/4", null)).isEqualTo("cluster #9 · schedule 4");
    assertThat(describe("/clusters/1/benchmarks/runs/7/cancel", null))
        .isEqualTo("cluster local (#1) · benchmarks run 7");
    assertThat(describe("/users/alice", null)).isEqualTo("user alice");
    assertThat(describe("/clusters/1/tables/a%3Ab", null)).isEqualTo("cluster local (#1) · table a:b");
  }

  @Test
  void bodyAndQueryFieldsNameWhatACreateOrSetTargets() {
    assertThat(describe("/clusters/1/erasure-coding/directories/policy", "{\"path\":\"/data\",\"policy\":\"RS-3-2-1024k\"}"))
        .isEqualTo("cluster local (#1) · path /data · policy RS-3-2-1024k");
    assertThat(describe("/provisioning/runs", "{\"spec\":{\"name\":\"prod\"}}")).isEqualTo("name prod");
    assertThat(targets.describe("/clusters/1/erasure-coding/report", Map.of("path", new String[] {"/hbase"}), null))
        .isEqualTo("cluster local (#1) · path /hbase");
  }

  @Test
  void withNothingToNameTheRouteStaysAndBadBodiesAreIgnored() {
    assertThat(describe("/auth/logout", null)).isEqualTo("/auth/logout");
    assertThat(describe("/tokens", "{not json")).isEqualTo("/tokens");
    assertThat(describe("/tokens", "[1,2]")).isEqualTo("/tokens");
  }
}
