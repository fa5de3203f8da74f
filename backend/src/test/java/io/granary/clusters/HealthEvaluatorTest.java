package io.granary.clusters;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.engine.ClusterSnapshot;
import io.granary.engine.ClusterSnapshot.DataNode;
import io.granary.engine.ClusterSnapshot.DataNodeStatus;
import io.granary.engine.ClusterSnapshot.Hbase;
import io.granary.engine.ClusterSnapshot.Hdfs;
import io.granary.engine.ClusterSnapshot.NativeSupport;
import io.granary.engine.ClusterSnapshot.RegionServer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HealthEvaluatorTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");
  static final Duration STALE = Duration.ofSeconds(60);

  static DataNode dn(int i, DataNodeStatus st) {
    return new DataNode("127.0.0.1:1931" + i, "localhost", "127.0.0.1:1932" + i, st, 100, 10, 90, 0, 5);
  }

  static Hdfs hdfs(List<DataNode> nodes, boolean safeMode, long underReplicated, long missing, long used) {
    return new Hdfs(true, null, "3.4.2", safeMode, 1000, used, 1000 - used, underReplicated, missing, nodes);
  }

  static List<DataNode> live(int n) {
    List<DataNode> l = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      l.add(dn(i, DataNodeStatus.LIVE));
    }
    return l;
  }

  static Hbase hbase(int servers, List<String> dead, int rit) {
    List<RegionServer> rs = new ArrayList<>();
    for (int i = 0; i < servers; i++) {
      rs.add(new RegionServer("rs" + i, 2, 0, 0, 0, 50, 640, 1));
    }
    return new Hbase(true, null, "2.6.4-hadoop3", "id", "master", rs, dead, rit, 1, true);
  }

  static final NativeSupport ISAL = new NativeSupport(true, "NativeRSRawEncoder", "XORRawEncoder", "CRC32C", true, "dn");

  static Health eval(Hdfs h, Hbase b, NativeSupport n) {
    return HealthEvaluator.evaluate(new ClusterSnapshot(NOW, h, b, n), null, NOW, STALE);
  }

  static List<HealthReasonCode> codes(Health h) {
    return h.reasons().stream().map(Health.Reason::code).toList();
  }

  @Test
  void aFullClusterIsHealthyWithNoReasons() {
    Health h = eval(hdfs(live(5), false, 0, 0, 10), hbase(2, List.of(), 0), ISAL);
    assertThat(h.status()).isEqualTo(HealthStatus.HEALTHY);
    assertThat(h.reasons()).isEmpty();
  }

  @Test
  void aDeadDataNodeDegradesAndIsNamed() {
    List<DataNode> nodes = live(4);
    nodes.add(dn(5, DataNodeStatus.DEAD));
    Health h = eval(hdfs(nodes, false, 0, 0, 10), hbase(2, List.of(), 0), ISAL);
    assertThat(h.status()).isEqualTo(HealthStatus.DEGRADED);
    assertThat(codes(h)).containsExactly(HealthReasonCode.DATANODE_DEAD);
    assertThat(h.reasons().get(0).message()).contains("127.0.0.1:19315");
  }

  @Test
  void safeModeOrMissingBlocksOrNoRegionServersAreUnhealthy() {
    assertThat(eval(hdfs(live(5), true, 0, 0, 10), hbase(2, List.of(), 0), ISAL).status())
        .isEqualTo(HealthStatus.UNHEALTHY);
    assertThat(eval(hdfs(live(5), false, 3, 2, 10), hbase(2, List.of(), 0), ISAL).status())
        .isEqualTo(HealthStatus.UNHEALTHY);
    Health noRs = eval(hdfs(live(5), false, 0, 0, 10), hbase(0, List.of(), 0), ISAL);
    assertThat(noRs.status()).isEqualTo(HealthStatus.UNHEALTHY);
    assertThat(codes(noRs)).contains(HealthReasonCode.NO_LIVE_REGIONSERVERS);
  }

  @Test
  void theWorstReasonWins() {
    List<DataNode> nodes = live(4);
    nodes.add(dn(5, DataNodeStatus.DEAD));
    Health h = eval(hdfs(nodes, true, 1, 0, 10), hbase(2, List.of("rs9"), 1), ISAL);
    assertThat(h.status()).isEqualTo(HealthStatus.UNHEALTHY);
    assertThat(codes(h)).contains(HealthReasonCode.HDFS_SAFE_MODE, HealthReasonCode.DATANODE_DEAD,
        HealthReasonCode.UNDER_REPLICATED_BLOCKS, HealthReasonCode.REGIONSERVER_DEAD,
        HealthReasonCode.REGIONS_IN_TRANSITION);
  }

  @Test
  void unreachableServicesAreUnhealthyWithTheirError() {
    Health h = eval(Hdfs.unreachable("connection refused"), Hbase.unreachable("HMaster not running"),
        NativeSupport.unknown());
    assertThat(h.status()).isEqualTo(HealthStatus.UNHEALTHY);
    assertThat(codes(h)).containsExactly(HealthReasonCode.NAMENODE_UNREACHABLE, HealthReasonCode.MASTER_UNREACHABLE);
    assertThat(h.reasons().get(0).message()).isEqualTo("connection refused");
  }

  @Test
  void capacityAboveEightyFivePercentDegrades() {
    assertThat(codes(eval(hdfs(live(5), false, 0, 0, 900), hbase(2, List.of(), 0), ISAL)))
        .containsExactly(HealthReasonCode.HDFS_CAPACITY_HIGH);
    assertThat(eval(hdfs(live(5), false, 0, 0, 850), hbase(2, List.of(), 0), ISAL).status())
        .isEqualTo(HealthStatus.HEALTHY);
  }

  @Test
  void theJavaCoderIsReportedWithoutChangingStatus() {
    NativeSupport java = new NativeSupport(true, "RSRawEncoder", "XORRawEncoder", "CRC32C", false, "dn");
    Health h = eval(hdfs(live(5), false, 0, 0, 10), hbase(2, List.of(), 0), java);
    assertThat(h.status()).isEqualTo(HealthStatus.HEALTHY);
    assertThat(codes(h)).containsExactly(HealthReasonCode.EC_JAVA_CODER);
  }

  @Test
  void oldStateIsStaleAndNoStateIsUnknown() {
    ClusterSnapshot old = new ClusterSnapshot(NOW.minusSeconds(120), hdfs(live(5), false, 0, 0, 10),
        hbase(2, List.of(), 0), ISAL);
    Health stale = HealthEvaluator.evaluate(old, "timed out", NOW, STALE);
    assertThat(stale.status()).isEqualTo(HealthStatus.DEGRADED);
    assertThat(stale.reasons().get(0).message()).contains("120 s ago").contains("timed out");
    Health none = HealthEvaluator.evaluate(null, null, NOW, STALE);
    assertThat(none.status()).isEqualTo(HealthStatus.UNKNOWN);
    assertThat(codes(none)).containsExactly(HealthReasonCode.STATE_NOT_COLLECTED);
  }

  @Test
  void everyReasonCodeHasAContractValue() {
    for (HealthReasonCode c : HealthReasonCode.values()) {
      assertThat(io.granary.api.model.HealthReasonCodeDto.fromValue(c.name())).isNotNull();
    }
  }

  @Test
  void aRegionServerThatDoesNotAnswerDegradesHealthBeforeTheMasterDeclaresItDead() {
    Hbase b = hbase(2, List.of(), 0);
    Hbase silent = new Hbase(true, null, b.version(), b.clusterId(), b.master(), b.regionServers(), List.of(), 0, 1,
        true, List.of("rs1"));
    Health h = eval(hdfs(live(5), false, 0, 0, 10), silent, ISAL);
    assertThat(h.status()).isEqualTo(HealthStatus.DEGRADED);
    assertThat(codes(h)).containsExactly(HealthReasonCode.REGIONSERVER_UNREACHABLE);
    assertThat(h.reasons().get(0).message()).contains("rs1");
  }

  @Test
  void healthCarriesTheAgeOfTheStateItIsJudgedFrom() {
    ClusterSnapshot s = new ClusterSnapshot(NOW.minusSeconds(7), hdfs(live(5), false, 0, 0, 10),
        hbase(2, List.of(), 0), ISAL);
    assertThat(HealthEvaluator.evaluate(s, null, NOW, STALE).ageSeconds()).isEqualTo(7);
    assertThat(HealthEvaluator.evaluate(null, null, NOW, STALE).ageSeconds()).isNull();
  }

  @Test
  void aProbeNewerThanTheSnapshotMarksTheSilentServerAmongThoseTheMasterLists() {
    ClusterSnapshot s = new ClusterSnapshot(NOW, hdfs(live(5), false, 0, 0, 10), hbase(2, List.of(), 0), ISAL);
    Health h = HealthEvaluator.evaluate(s, null, NOW, STALE, List.of("rs0", "gone-already"));
    assertThat(h.status()).isEqualTo(HealthStatus.DEGRADED);
    assertThat(codes(h)).containsExactly(HealthReasonCode.REGIONSERVER_UNREACHABLE);
    assertThat(h.reasons().get(0).message()).startsWith("RegionServer rs0 ");
  }
}
