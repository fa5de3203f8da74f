package io.granary.engine;

import java.time.Instant;
import java.util.List;

/** One collection of a cluster's state, in plain types: nothing here leaks engine classes. */
public record ClusterSnapshot(Instant collectedAt, Hdfs hdfs, Hbase hbase, NativeSupport nativeSupport,
    Tables tables, Ha ha) {

  public ClusterSnapshot(Instant collectedAt, Hdfs hdfs, Hbase hbase, NativeSupport nativeSupport, Tables tables) {
    this(collectedAt, hdfs, hbase, nativeSupport, tables, null);
  }

  public ClusterSnapshot(Instant collectedAt, Hdfs hdfs, Hbase hbase, NativeSupport nativeSupport) {
    this(collectedAt, hdfs, hbase, nativeSupport, Tables.EMPTY, null);
  }

  /**
   * Which member of each replicated role serves, as each member says of itself; null for a cluster without
   * a nameservice. {@code masters} is empty when the HMasters' web URLs are unknown.
   */
  public record Ha(String nameservice, List<NameNodeHa> namenodes, List<MasterHa> masters,
      List<ZooKeeperHa> zookeepers) {}

  public enum NameNodeState { ACTIVE, STANDBY, DOWN }

  public enum MasterState { ACTIVE, BACKUP, DOWN }

  public enum ZooKeeperMode { LEADER, FOLLOWER, STANDALONE, DOWN }

  /** {@code webUrl} null when unknown: then the state is DOWN, as nothing can be read. */
  public record NameNodeHa(String id, String rpcAddress, String webUrl, NameNodeState state) {}

  public record MasterHa(String webUrl, MasterState state) {}

  public record ZooKeeperHa(String address, ZooKeeperMode mode) {}

  /** User namespaces and tables (hbase:* excluded) and every online region of them, from one metrics call. */
  public record Tables(List<String> namespaces, List<TableInfo> tables, List<RegionLoad> regions) {
    public static final Tables EMPTY = new Tables(List.of(), List.of(), List.of());
  }

  /** {@code ecPolicy}: the table's ERASURE_CODING_POLICY, null when it has none. */
  public record TableInfo(String name, String namespace, boolean enabled, String ecPolicy) {
    public TableInfo(String name, String namespace, boolean enabled) {
      this(name, namespace, enabled, null);
    }
  }

  /**
   * One online region; counters are cumulative since the region opened on its server. Sizes are
   * bytes as the server reports them; {@code locality} is {@link Locality#capped} or NaN for
   * tables under an erasure-coding policy, where it does not apply (see {@link Locality}).
   */
  public record RegionLoad(String table, String encodedName, byte[] startKey, String server, long storeFileBytes,
      long memstoreBytes, int storeFiles, float locality, long readRequests, long writeRequests) {}

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
      boolean balancerEnabled,
      List<String> unreachableServers) {
    public Hbase(boolean reachable, String error, String version, String clusterId, String master,
        List<RegionServer> regionServers, List<String> deadServers, int regionsInTransition, int tableCount,
        boolean balancerEnabled) {
      this(reachable, error, version, clusterId, master, regionServers, deadServers, regionsInTransition, tableCount,
          balancerEnabled, List.of());
    }

    public static Hbase unreachable(String error) {
      return new Hbase(false, error, null, null, null, List.of(), List.of(), 0, 0, false);
    }

    public int regionCount() {
      return regionServers.stream().mapToInt(RegionServer::regions).sum();
    }
  }

  /**
   * Cumulative read/write counters; rates are computed between two snapshots. {@code infoAddress}
   * (host:info port) is where the collector probes that the server still answers.
   */
  public record RegionServer(
      String name,
      int regions,
      double requestsPerSecond,
      long readRequests,
      long writeRequests,
      int usedHeapMb,
      int maxHeapMb,
      int storeFiles,
      String infoAddress) {
    public RegionServer(String name, int regions, double requestsPerSecond, long readRequests, long writeRequests,
        int usedHeapMb, int maxHeapMb, int storeFiles) {
      this(name, regions, requestsPerSecond, readRequests, writeRequests, usedHeapMb, maxHeapMb, storeFiles, null);
    }
  }

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
