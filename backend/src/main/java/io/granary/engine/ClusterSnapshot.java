package io.granary.engine;

import java.time.Instant;
import java.util.List;

/** One collection of a cluster's state, in plain types: nothing here leaks engine classes. */
public record ClusterSnapshot(Instant collectedAt, Hdfs hdfs, Hbase hbase, NativeSupport nativeSupport) {

  public record Hdfs(
      boolean reachable,
      String error,
      String version,
      boolean safeMode,
      long capacityBytes,
      long usedBytes,
      long remainingBytes,
      long underReplicatedBlocks,
      long missingBlocks,
      List<DataNode> dataNodes) {
    public static Hdfs unreachable(String error) {
      return new Hdfs(false, error, null, false, 0, 0, 0, 0, 0, List.of());
    }

    public long live() {
      return dataNodes.stream().filter(d -> d.state() == DataNodeStatus.LIVE).count();
    }

    public long dead() {
      return dataNodes.stream().filter(d -> d.state() == DataNodeStatus.DEAD).count();
    }
  }

  public enum DataNodeStatus { LIVE, DEAD, DECOMMISSIONING, DECOMMISSIONED }

  public record DataNode(
      String name,
      String hostName,
      String infoAddress,
      DataNodeStatus state,
      long capacityBytes,
      long usedBytes,
      long remainingBytes,
      long lastContactSeconds,
      long blocks) {}

  public record Hbase(
      boolean reachable,
      String error,
      String version,
      String clusterId,
      String master,
      List<RegionServer> regionServers,
      List<String> deadServers,
      int regionsInTransition,
      int tableCount,
      boolean balancerEnabled) {
    public static Hbase unreachable(String error) {
      return new Hbase(false, error, null, null, null, List.of(), List.of(), 0, 0, false);
    }

    public int regionCount() {
      return regionServers.stream().mapToInt(RegionServer::regions).sum();
    }
  }

  /** Cumulative read/write counters; rates are computed between two snapshots. */
  public record RegionServer(
      String name,
      int regions,
      double requestsPerSecond,
      long readRequests,
      long writeRequests,
      int usedHeapMb,
      int maxHeapMb,
      int storeFiles) {}

  public record NativeSupport(
      boolean known, String rsCoder, String xorCoder, String checksum, boolean libhadoop, String reportedBy) {
    public static NativeSupport unknown() {
      return new NativeSupport(false, null, null, null, false, null);
    }

    public boolean rsNative() {
      return rsCoder != null && rsCoder.startsWith("Native");
    }
  }
}
