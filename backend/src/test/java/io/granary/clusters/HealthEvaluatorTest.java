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

  static final Hdfs HDFS = hdfs(live(3), false, 0, 0, 10);
  static final Hbase HBASE = hbase(2, List.of(), 0);

  static ClusterSnapshot.Ha ha(List<ClusterSnapshot.NameNodeState> nns, List<ClusterSnapshot.MasterState> masters,
      List<ClusterSnapshot.ZooKeeperMode> zks) {
    List<ClusterSnapshot.NameNodeHa> n = new ArrayList<>();
    for (int i = 0; i < nns.size(); i++) {
      n.add(new ClusterSnapshot.NameNodeHa("nn" + (i + 1), "nn" + (i + 1) + ":8020", "http://nn" + (i + 1) + ":9870",
          nns.get(i)));
    }
    List<ClusterSnapshot.MasterHa> m = new ArrayList<>();
    for (int i = 0; i < masters.size(); i++) {
      m.add(new ClusterSnapshot.MasterHa("http://m" + (i + 1) + ":16010", masters.get(i)));
    }
    List<ClusterSnapshot.ZooKeeperHa> z = new ArrayList<>();
    for (int i = 0; i < zks.size(); i++) {
      z.add(new ClusterSnapshot.ZooKeeperHa("zk" + (i + 1) + ":2181", zks.get(i)));
    }
    return new ClusterSnapshot.Ha("ns", n, m, z);
  }

  static Health evalHa(ClusterSnapshot.Ha ha) {
    return HealthEvaluator.evaluate(new ClusterSnapshot(NOW, HDFS, HBASE, ISAL, ClusterSnapshot.Tables.EMPTY, ha),
        null, NOW, STALE);
  }

  static final List<ClusterSnapshot.NameNodeState> NN_OK =
      List.of(ClusterSnapshot.NameNodeState.ACTIVE, ClusterSnapshot.NameNodeState.STANDBY);
  static final List<ClusterSnapshot.MasterState> MASTERS_OK =
      List.of(ClusterSnapshot.MasterState.BACKUP, ClusterSnapshot.MasterState.ACTIVE);
  static final List<ClusterSnapshot.ZooKeeperMode> ZK_OK = List.of(ClusterSnapshot.ZooKeeperMode.FOLLOWER,
      ClusterSnapshot.ZooKeeperMode.LEADER, ClusterSnapshot.ZooKeeperMode.FOLLOWER);

  @Test
  void aHighlyAvailableClusterWithEveryMemberServingIsHealthy() {
    assertThat(evalHa(ha(NN_OK, MASTERS_OK, ZK_OK)).reasons()).isEmpty();
  }

  @Test
  void aLostStandbyOrBackupDegradesAndNoActiveMemberIsUnhealthy() {
    Health standbyDown = evalHa(ha(List.of(ClusterSnapshot.NameNodeState.DOWN, ClusterSnapshot.NameNodeState.ACTIVE),
        MASTERS_OK, ZK_OK));
    assertThat(standbyDown.status()).isEqualTo(HealthStatus.DEGRADED);
    assertThat(codes(standbyDown)).containsExactly(HealthReasonCode.NAMENODE_STANDBY_DOWN);
    assertThat(standbyDown.reasons().get(0).message()).contains("nn1", "nn1:8020");
    Health noActive = evalHa(ha(List.of(ClusterSnapshot.NameNodeState.STANDBY, ClusterSnapshot.NameNodeState.DOWN),
        MASTERS_OK, ZK_OK));
    assertThat(noActive.status()).isEqualTo(HealthStatus.UNHEALTHY);
    assertThat(codes(noActive)).containsExactly(HealthReasonCode.NO_ACTIVE_NAMENODE);
    assertThat(noActive.reasons().get(0).message()).contains("nn1 standby", "nn2 down");
    Health backupMissing = evalHa(ha(NN_OK, List.of(ClusterSnapshot.MasterState.ACTIVE,
        ClusterSnapshot.MasterState.DOWN), ZK_OK));
    assertThat(backupMissing.status()).isEqualTo(HealthStatus.DEGRADED);
    assertThat(codes(backupMissing)).containsExactly(HealthReasonCode.BACKUP_MASTER_MISSING);
    assertThat(backupMissing.reasons().get(0).message()).contains("http://m2:16010");
    Health noMaster = evalHa(ha(NN_OK, List.of(ClusterSnapshot.MasterState.BACKUP, ClusterSnapshot.MasterState.DOWN),
        ZK_OK));
    assertThat(noMaster.status()).isEqualTo(HealthStatus.UNHEALTHY);
    assertThat(codes(noMaster)).containsExactly(HealthReasonCode.NO_ACTIVE_MASTER);
    // masters whose web URLs are unknown are not judged
    assertThat(evalHa(ha(NN_OK, List.of(), ZK_OK)).reasons()).isEmpty();
  }

  @Test
  void aZooKeeperMinorityDownDegradesAndLosingTheMajorityIsUnhealthy() {
    Health degraded = evalHa(ha(NN_OK, MASTERS_OK, List.of(ClusterSnapshot.ZooKeeperMode.FOLLOWER,
        ClusterSnapshot.ZooKeeperMode.LEADER, ClusterSnapshot.ZooKeeperMode.DOWN)));
    assertThat(degraded.status()).isEqualTo(HealthStatus.DEGRADED);
    assertThat(codes(degraded)).containsExactly(HealthReasonCode.ZOOKEEPER_QUORUM_DEGRADED);
    assertThat(degraded.reasons().get(0).message()).contains("zk3:2181", "2 of 3", "loses");
    Health lost = evalHa(ha(NN_OK, MASTERS_OK, List.of(ClusterSnapshot.ZooKeeperMode.DOWN,
        ClusterSnapshot.ZooKeeperMode.DOWN, ClusterSnapshot.ZooKeeperMode.STANDALONE)));
    assertThat(lost.status()).isEqualTo(HealthStatus.UNHEALTHY);
    assertThat(codes(lost)).containsExactly(HealthReasonCode.ZOOKEEPER_QUORUM_LOST);
    Health fiveOneDown = evalHa(ha(NN_OK, MASTERS_OK, List.of(ClusterSnapshot.ZooKeeperMode.DOWN,
        ClusterSnapshot.ZooKeeperMode.LEADER, ClusterSnapshot.ZooKeeperMode.FOLLOWER,
        ClusterSnapshot.ZooKeeperMode.FOLLOWER, ClusterSnapshot.ZooKeeperMode.FOLLOWER)));
    assertThat(fiveOneDown.reasons().get(0).message()).contains("still keeps");
  }

  @Test
  void aClusterWithoutHighAvailabilityGetsNoneOfItsReasons() {
    assertThat(evalHa(null).reasons()).isEmpty();
  }
}
