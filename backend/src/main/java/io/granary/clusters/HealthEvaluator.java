package io.granary.clusters;

import io.granary.clusters.Health.Reason;
import io.granary.engine.ClusterSnapshot;
import io.granary.engine.ClusterSnapshot.DataNode;
import io.granary.engine.ClusterSnapshot.DataNodeStatus;
import io.granary.engine.ClusterSnapshot.MasterHa;
import io.granary.engine.ClusterSnapshot.MasterState;
import io.granary.engine.ClusterSnapshot.NameNodeHa;
import io.granary.engine.ClusterSnapshot.NameNodeState;
import io.granary.engine.ClusterSnapshot.ZooKeeperHa;
import io.granary.engine.ClusterSnapshot.ZooKeeperMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Health = the worst severity among the reasons found in a snapshot. Pure: unit-tested. */
public final class HealthEvaluator {
  static final double CAPACITY_HIGH = 0.85;

  private HealthEvaluator() {}

  public static Health evaluate(ClusterSnapshot s, String collectionError, Instant now, Duration staleAfter) {
    return evaluate(s, collectionError, now, staleAfter, List.of());
  }

  /**
   * @param silent RegionServers a probe newer than the snapshot found not answering (their regions are
   *     unavailable although the master still lists them)
   */
  public static Health evaluate(ClusterSnapshot s, String collectionError, Instant now, Duration staleAfter,
      List<String> silent) {
    List<Reason> reasons = new ArrayList<>();
    if (s == null) {
      reasons.add(new Reason(HealthReasonCode.STATE_NOT_COLLECTED, HealthStatus.UNKNOWN,
          collectionError == null ? "waiting for the first collection" : collectionError));
      return new Health(HealthStatus.UNKNOWN, reasons, null, null);
    }
    long age = Duration.between(s.collectedAt(), now).toSeconds();
    if (Duration.between(s.collectedAt(), now).compareTo(staleAfter) > 0) {
      reasons.add(new Reason(HealthReasonCode.STATE_STALE, HealthStatus.DEGRADED,
          "last successful collection " + age + " s ago" + (collectionError == null ? "" : ": " + collectionError)));
    }
    hdfs(s.hdfs(), reasons);
    hbase(s.hbase(), silent, reasons);
    if (s.ha() != null) {
      ha(s.ha(), reasons);
    }
    if (s.nativeSupport().known() && !s.nativeSupport().rsNative()) {
      reasons.add(new Reason(HealthReasonCode.EC_JAVA_CODER, HealthStatus.HEALTHY,
          "erasure coding runs on the Java coder " + s.nativeSupport().rsCoder() + " (ISA-L not loaded)"));
    }
    HealthStatus status = reasons.stream().map(Reason::severity)
        .max(Comparator.naturalOrder()).orElse(HealthStatus.HEALTHY);
    return new Health(status, List.copyOf(reasons), s.collectedAt(), Math.max(0, age));
  }

  private static void hdfs(ClusterSnapshot.Hdfs h, List<Reason> reasons) {
    if (!h.reachable()) {
      reasons.add(new Reason(HealthReasonCode.NAMENODE_UNREACHABLE, HealthStatus.UNHEALTHY, h.error()));
      return;
    }
    if (h.safeMode()) {
      reasons.add(new Reason(HealthReasonCode.HDFS_SAFE_MODE, HealthStatus.UNHEALTHY,
          "the NameNode is in safe mode: HDFS is read-only"));
    }
    if (h.live() == 0) {
      reasons.add(new Reason(HealthReasonCode.NO_LIVE_DATANODES, HealthStatus.UNHEALTHY, "no DataNode is live"));
    }
    for (DataNode d : h.dataNodes()) {
      if (d.state() == DataNodeStatus.DEAD) {
        reasons.add(new Reason(HealthReasonCode.DATANODE_DEAD, HealthStatus.DEGRADED,
            "DataNode " + d.name() + " last heartbeat " + d.lastContactSeconds() + " s ago"));
      }
    }
    if (h.missingBlocks() > 0) {
      reasons.add(new Reason(HealthReasonCode.MISSING_BLOCKS, HealthStatus.UNHEALTHY,
          h.missingBlocks() + " block(s) have no live replica"));
    }
    if (h.underReplicatedBlocks() > 0) {
      reasons.add(new Reason(HealthReasonCode.UNDER_REPLICATED_BLOCKS, HealthStatus.DEGRADED,
          h.underReplicatedBlocks() + " block(s) below their replication or EC redundancy"));
    }
    if (h.capacityBytes() > 0 && (double) h.usedBytes() / h.capacityBytes() > CAPACITY_HIGH) {
      reasons.add(new Reason(HealthReasonCode.HDFS_CAPACITY_HIGH, HealthStatus.DEGRADED,
          String.format("HDFS %.0f%% full", 100.0 * h.usedBytes() / h.capacityBytes())));
    }
  }

  private static void hbase(ClusterSnapshot.Hbase h, List<String> probedSilent, List<Reason> reasons) {
    if (!h.reachable()) {
      reasons.add(new Reason(HealthReasonCode.MASTER_UNREACHABLE, HealthStatus.UNHEALTHY, h.error()));
      return;
    }
    if (h.regionServers().isEmpty()) {
      reasons.add(new Reason(HealthReasonCode.NO_LIVE_REGIONSERVERS, HealthStatus.UNHEALTHY,
          "no RegionServer is live: no table can be served"));
    }
    for (String dead : h.deadServers()) {
      reasons.add(new Reason(HealthReasonCode.REGIONSERVER_DEAD, HealthStatus.DEGRADED, "RegionServer " + dead));
    }
    java.util.Set<String> silentNow = new java.util.TreeSet<>(h.unreachableServers());
    h.regionServers().stream().map(ClusterSnapshot.RegionServer::name).filter(probedSilent::contains)
        .forEach(silentNow::add);
    for (String silent : silentNow) {
      reasons.add(new Reason(HealthReasonCode.REGIONSERVER_UNREACHABLE, HealthStatus.DEGRADED, "RegionServer "
          + silent + " does not answer on its web port; the master still lists it until its ZooKeeper session"
          + " expires"));
    }
    if (h.regionsInTransition() > 0) {
      reasons.add(new Reason(HealthReasonCode.REGIONS_IN_TRANSITION, HealthStatus.DEGRADED,
          h.regionsInTransition() + " region(s) in transition"));
    }
  }

  /** What a highly available cluster can still survive: each reason says which failure it can no longer take. */
  static void ha(ClusterSnapshot.Ha ha, List<Reason> reasons) {
    List<NameNodeHa> nns = ha.namenodes();
    if (nns.stream().noneMatch(n -> n.state() == NameNodeState.ACTIVE)) {
      reasons.add(new Reason(HealthReasonCode.NO_ACTIVE_NAMENODE, HealthStatus.UNHEALTHY, "no NameNode of "
          + ha.nameservice() + " is active (" + describe(nns.stream().map(n -> n.id() + " " + lower(n.state())))
          + "): HDFS serves no reads or writes until one is"));
    } else {
      for (NameNodeHa n : nns) {
        if (n.state() == NameNodeState.DOWN) {
          reasons.add(new Reason(HealthReasonCode.NAMENODE_STANDBY_DOWN, HealthStatus.DEGRADED, "NameNode " + n.id()
              + " (" + n.rpcAddress() + ") does not answer: HDFS has no standby to fail over to"));
        }
      }
    }
    List<ZooKeeperHa> zks = ha.zookeepers();
    long serving = zks.stream().filter(z -> z.mode() != ZooKeeperMode.DOWN).count();
    String down = describe(zks.stream().filter(z -> z.mode() == ZooKeeperMode.DOWN).map(ZooKeeperHa::address));
    if (serving * 2 <= zks.size()) {
      reasons.add(new Reason(HealthReasonCode.ZOOKEEPER_QUORUM_LOST, HealthStatus.UNHEALTHY, serving + " of "
          + zks.size() + " ZooKeepers serve (" + down + " down): no majority, so no failover and no HBase"
          + " coordination"));
    } else if (serving < zks.size()) {
      reasons.add(new Reason(HealthReasonCode.ZOOKEEPER_QUORUM_DEGRADED, HealthStatus.DEGRADED, "ZooKeeper " + down
          + " down; " + serving + " of " + zks.size() + " serve, one more failure "
          + ((serving - 1) * 2 <= zks.size() ? "loses" : "still keeps") + " the majority"));
    }
    List<MasterHa> masters = ha.masters();
    if (masters.isEmpty()) {
      return;
    }
    if (masters.stream().noneMatch(m -> m.state() == MasterState.ACTIVE)) {
      reasons.add(new Reason(HealthReasonCode.NO_ACTIVE_MASTER, HealthStatus.UNHEALTHY, "no HMaster is active ("
          + describe(masters.stream().map(m -> m.webUrl() + " " + lower(m.state())))
          + "): no table can be created, altered or balanced"));
    } else if (masters.stream().noneMatch(m -> m.state() == MasterState.BACKUP)) {
      reasons.add(new Reason(HealthReasonCode.BACKUP_MASTER_MISSING, HealthStatus.DEGRADED, "no backup HMaster"
          + " answers (" + describe(masters.stream().filter(m -> m.state() == MasterState.DOWN)
              .map(MasterHa::webUrl)) + " down): the next HMaster failure stops HBase administration"));
    }
  }

  private static String describe(java.util.stream.Stream<String> items) {
    return String.join(", ", items.toList());
  }

  private static String lower(Enum<?> e) {
    return e.name().toLowerCase(java.util.Locale.ROOT);
  }
}
