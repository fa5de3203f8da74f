package io.granary.engine;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.RegionMetrics;
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

  /** One region as its RegionServer reports it now. Sizes come in whole MB from HBase. */
  public record RegionStat(String table, String encodedName, byte[] regionName, byte[] startKey, String server,
      int stores, int storeFiles, long storeFileBytes, float locality, Instant lastMajorCompaction) {
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
      for (ServerName sn : admin.getRegionServers()) {
        for (RegionMetrics rm : admin.getRegionMetrics(sn)) {
          RegionStat s = stat(sn, rm);
          if (s != null) {
            out.add(s);
          }
        }
      }
    }
    return out;
  }

  /** The region as its server reports it now, if that server still holds it. */
  public Optional<RegionStat> region(ClusterEndpoints e, String server, String table, String encodedName)
      throws IOException {
    try (Admin admin = connections.hbase(e).getAdmin()) {
      for (RegionMetrics rm : admin.getRegionMetrics(ServerName.valueOf(server), TableName.valueOf(table))) {
        RegionStat s = stat(ServerName.valueOf(server), rm);
        if (s != null && s.encodedName().equals(encodedName)) {
          return Optional.of(s);
        }
      }
    }
    return Optional.empty();
  }

  private static RegionStat stat(ServerName sn, RegionMetrics rm) {
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
    long last = rm.getLastMajorCompactionTimestamp();
    return new RegionStat(table.getNameAsString(), RegionInfo.encodeRegionName(name), name, parts[1],
        sn.getServerName(), rm.getStoreCount(), rm.getStoreFileCount(),
        (long) rm.getStoreFileSize().get(Size.Unit.BYTE), rm.getDataLocality(),
        last > 0 ? Instant.ofEpochMilli(last) : null);
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
      return MasterConf.json(admin, PERIOD_KEY).map(CONF_VALUE::matcher).filter(Matcher::find)
          .map(v -> Long.parseLong(v.group(1).trim())).orElse(DEFAULT_PERIOD_MS);
    } catch (NumberFormatException bad) {
      return DEFAULT_PERIOD_MS;
    }
  }

}
