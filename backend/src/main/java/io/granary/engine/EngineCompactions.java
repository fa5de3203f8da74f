package io.granary.engine;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.ClusterMetrics.Option;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.Size;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.util.Bytes;
import org.springframework.stereotype.Component;

/**
 * Region-level compaction calls. Region figures are read from the RegionServers themselves, not
 * from the master's heartbeat view, so before/after counts are current.
 */
@Component
public class EngineCompactions {
  public static final String PERIOD_KEY = "hbase.hregion.majorcompaction";
  /** HBase's default major compaction period: 7 days. */
  public static final long DEFAULT_PERIOD_MS = 7L * 24 * 3600 * 1000;
  private static final Pattern CONF_VALUE = Pattern.compile("\"value\"\\s*:\\s*\"([^\"]*)\"");

  private final EngineConnections connections;

  public EngineCompactions(EngineConnections connections) {
    this.connections = connections;
  }

  /**
   * One region as its RegionServer reports it now. Sizes are bytes from the server's metrics when
   * they agree with its fresh report (same store file count), else HBase's whole-MB figures.
   */
  public record RegionStat(String table, String encodedName, byte[] regionName, byte[] startKey, String server,
      int stores, int storeFiles, long storeFileBytes, float locality, Instant lastMajorCompaction,
      long memstoreBytes) {
    public double filesPerStore() {
      return stores == 0 ? 0 : (double) storeFiles / stores;
    }
  }

  public List<String> liveServers(ClusterEndpoints e) throws IOException {
    try (Admin admin = connections.hbase(e).getAdmin()) {
      return admin.getRegionServers().stream().map(ServerName::getServerName).sorted().toList();
    }
  }

  /** Every user region of every live RegionServer, read from each server directly. */
  public List<RegionStat> regions(ClusterEndpoints e) throws IOException {
    List<RegionStat> out = new ArrayList<>();
    try (Admin admin = connections.hbase(e).getAdmin()) {
      Map<ServerName, ServerMetrics> live = admin.getClusterMetrics(EnumSet.of(Option.LIVE_SERVERS))
          .getLiveServerMetrics();
      for (ServerName sn : admin.getRegionServers()) {
        ServerMetrics sm = live.get(sn);
        Map<String, RegionBytes.Sizes> bytes = sm == null ? null
            : RegionBytes.read(EngineHttp.of(e), sn.getHostname() + ":" + sm.getInfoServerPort());
        for (RegionMetrics rm : admin.getRegionMetrics(sn)) {
          RegionStat s = stat(sn, rm, bytes);
          if (s != null) {
            out.add(s);
          }
        }
      }
    }
    return out;
  }

  /**
   * The region as its server reports it now, if that server still holds it. The server's metrics
   * lag its fresh report by up to their refresh period (~20 s): waits (at most that) until both
   * show the same store file count, so sizes right after a flush or compaction are the new ones.
   */
  public Optional<RegionStat> region(ClusterEndpoints e, String server, String table, String encodedName)
      throws IOException {
    ServerName sn = ServerName.valueOf(server);
    try (Admin admin = connections.hbase(e).getAdmin()) {
      ServerMetrics sm = admin.getClusterMetrics(EnumSet.of(Option.LIVE_SERVERS)).getLiveServerMetrics().get(sn);
      for (int attempt = 0; ; attempt++) {
        RegionMetrics fresh = null;
        for (RegionMetrics rm : admin.getRegionMetrics(sn, TableName.valueOf(table))) {
          if (RegionInfo.encodeRegionName(rm.getRegionName()).equals(encodedName)) {
            fresh = rm;
          }
        }
        if (fresh == null) {
          return Optional.empty();
        }
        Map<String, RegionBytes.Sizes> bytes = sm == null ? null
            : RegionBytes.read(EngineHttp.of(e), sn.getHostname() + ":" + sm.getInfoServerPort());
        RegionBytes.Sizes b = bytes == null ? null : bytes.get(encodedName);
        if (b == null || b.storeFiles() == fresh.getStoreFileCount() || attempt >= METRICS_WAITS) {
          return Optional.ofNullable(stat(sn, fresh, bytes));
        }
        sleep(METRICS_POLL_MS);
      }
    }
  }

  static final int METRICS_WAITS = 40;
  static final long METRICS_POLL_MS = 500;

  private static void sleep(long ms) throws java.io.InterruptedIOException {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted");
    }
  }

  private static RegionStat stat(ServerName sn, RegionMetrics rm, Map<String, RegionBytes.Sizes> bytes) {
    byte[] name = rm.getRegionName();
    byte[][] parts;
    try {
      parts = RegionInfo.parseRegionName(name);
    } catch (IOException unparsable) {
      return null;
    }
    TableName table = TableName.valueOf(parts[0]);
    if (table.isSystemTable()) {
      return null;
    }
    String encoded = RegionInfo.encodeRegionName(name);
    RegionBytes.Sizes b = bytes == null ? null : bytes.get(encoded);
    boolean agree = b != null && b.storeFiles() == rm.getStoreFileCount();
    long storeFileBytes = agree && b.storeFileBytes() >= 0 ? b.storeFileBytes()
        : (long) rm.getStoreFileSize().get(Size.Unit.BYTE);
    long memstore = b != null && b.memstoreBytes() >= 0 ? b.memstoreBytes()
        : (long) rm.getMemStoreSize().get(Size.Unit.BYTE);
    long last = rm.getLastMajorCompactionTimestamp();
    return new RegionStat(table.getNameAsString(), encoded, name, parts[1], sn.getServerName(), rm.getStoreCount(),
        rm.getStoreFileCount(), storeFileBytes, Locality.capped(rm.getDataLocality()),
        last > 0 ? Instant.ofEpochMilli(last) : null, memstore);
  }

  /** NONE, MINOR, MAJOR or MAJOR_AND_MINOR, as the region's server says now. */
  public String compactionState(ClusterEndpoints e, byte[] regionName) throws IOException {
    try (Admin admin = connections.hbaseForLongCalls(e).getAdmin()) {
      CompactionState s = admin.getCompactionStateForRegion(regionName);
      return s.name();
    }
  }

  /** Asks the region's server to compact it (all families, or one); returns once it is queued. */
  public void compact(ClusterEndpoints e, byte[] regionName, String family, boolean major) throws IOException {
    try (Admin admin = connections.hbaseForLongCalls(e).getAdmin()) {
      byte[] cf = family == null ? null : Bytes.toBytes(family);
      if (major) {
        if (cf == null) {
          admin.majorCompactRegion(regionName);
        } else {
          admin.majorCompactRegion(regionName, cf);
        }
      } else if (cf == null) {
        admin.compactRegion(regionName);
      } else {
        admin.compactRegion(regionName, cf);
      }
    }
  }

  /** compaction_switch on the given servers; returns each server's previous state. */
  public Map<String, Boolean> compactionSwitch(ClusterEndpoints e, boolean on, List<String> servers)
      throws IOException {
    try (Admin admin = connections.hbaseForLongCalls(e).getAdmin()) {
      Map<ServerName, Boolean> prev = admin.compactionSwitch(on, servers);
      Map<String, Boolean> out = new LinkedHashMap<>();
      prev.forEach((k, v) -> out.put(k.getServerName(), v));
      return out;
    }
  }

  /**
   * The table's effective major compaction period in ms: its own setting, else the master's
   * configuration, else HBase's default.
   */
  public long majorCompactionPeriod(ClusterEndpoints e, String table) throws IOException {
    try (Admin admin = connections.hbase(e).getAdmin()) {
      TableDescriptor d = admin.getDescriptor(TableName.valueOf(table));
      String own = d.getValue(PERIOD_KEY);
      if (own != null && !own.isBlank()) {
        return Long.parseLong(own.trim());
      }
      return MasterConf.json(EngineHttp.of(e), admin, PERIOD_KEY).map(CONF_VALUE::matcher).filter(Matcher::find)
          .map(v -> Long.parseLong(v.group(1).trim())).orElse(DEFAULT_PERIOD_MS);
    } catch (NumberFormatException bad) {
      return DEFAULT_PERIOD_MS;
    }
  }

}
