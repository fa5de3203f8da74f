package io.granary.it;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Tables with a chosen number of store files per region (write + flush rounds, HBase's own
 * compactions held off by table settings), and what the RegionServers say about them.
 */
final class CompactionFixture {
  static final byte[] CF = Bytes.toBytes("d");
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private CompactionFixture() {}

  /** Region i spans keys starting with the digit i; {@code files[i]} flush rounds write into it. */
  static void create(Connection hbase, String table, int[] files) throws Exception {
    TableName name = TableName.valueOf(table);
    byte[][] splits = new byte[files.length - 1][];
    for (int i = 1; i < files.length; i++) {
      splits[i - 1] = Bytes.toBytes(Integer.toString(i));
    }
    try (Admin admin = hbase.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(CF))
          // no minor compaction of its own, no blocking, no periodic major: only the run compacts
          .setValue("hbase.hstore.compactionThreshold", "100")
          .setValue("hbase.hstore.blockingStoreFiles", "200")
          .setValue("hbase.hregion.majorcompaction", "0")
          .build(), splits);
      int rounds = java.util.Arrays.stream(files).max().orElse(0);
      try (Table t = hbase.getTable(name)) {
        for (int round = 0; round < rounds; round++) {
          List<Put> puts = new ArrayList<>();
          for (int region = 0; region < files.length; region++) {
            if (files[region] > round) {
              for (int row = 0; row < 200; row++) {
                puts.add(new Put(Bytes.toBytes(region + "-" + round + "-" + row))
                    .addColumn(CF, Bytes.toBytes("v"), new byte[512]));
              }
            }
          }
          t.put(puts);
          admin.flush(name);
        }
      }
    }
  }

  /** Store files per region (encoded name), straight from the RegionServers. */
  static Map<String, Integer> storeFiles(Connection hbase, String table) throws IOException {
    Map<String, Integer> out = new HashMap<>();
    try (Admin admin = hbase.getAdmin()) {
      for (ServerName sn : admin.getRegionServers()) {
        for (RegionMetrics rm : admin.getRegionMetrics(sn, TableName.valueOf(table))) {
          out.put(RegionInfo.encodeRegionName(rm.getRegionName()), rm.getStoreFileCount());
        }
      }
    }
    return out;
  }

  /** Regions of the table compacting right now, counted per RegionServer. */
  static Map<String, Integer> compactingPerServer(Connection hbase, String table) throws IOException {
    Map<String, Integer> out = new HashMap<>();
    try (Admin admin = hbase.getAdmin()) {
      for (var loc : hbase.getRegionLocator(TableName.valueOf(table)).getAllRegionLocations()) {
        CompactionState s = admin.getCompactionStateForRegion(loc.getRegion().getRegionName());
        if (s != CompactionState.NONE) {
          out.merge(loc.getServerName().getServerName(), 1, Integer::sum);
        }
      }
    }
    return out;
  }

  /**
   * Per-region completed compactions once {@code ready} holds (within 60 s). The RegionServers'
   * per-region metrics trail the compaction, and a new region's appear only at the next metrics
   * period.
   */
  static Map<String, Long> awaitCompactionsCompleted(Connection hbase, String table,
      java.util.function.Predicate<Map<String, Long>> ready) throws InterruptedException {
    return ApiIT.await("compaction metrics of " + table, 60, () -> {
      try {
        return compactionsCompleted(hbase, table);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }, ready);
  }

  /** Compactions each region of the table completed since it opened (RegionServer JMX). */
  static Map<String, Long> compactionsCompleted(Connection hbase, String table) throws Exception {
    Map<String, Long> out = new HashMap<>();
    Pattern p = Pattern.compile("\"Namespace_default_table_" + Pattern.quote(table)
        + "_region_([0-9a-f]+)_metric_compactionsCompletedCount\"\\s*:\\s*(\\d+)");
    try (Admin admin = hbase.getAdmin()) {
      ClusterMetrics m = admin.getClusterMetrics(java.util.EnumSet.of(ClusterMetrics.Option.LIVE_SERVERS));
      for (Map.Entry<ServerName, ServerMetrics> e : m.getLiveServerMetrics().entrySet()) {
        String url = "http://" + e.getKey().getHostname() + ":" + e.getValue().getInfoServerPort()
            + "/jmx?qry=Hadoop:service=HBase,name=RegionServer,sub=Regions";
        String body = HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(),
            HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8)).body();
        Matcher mt = p.matcher(body);
        while (mt.find()) {
          out.put(mt.group(1), Long.parseLong(mt.group(2)));
        }
      }
    }
    return out;
  }

  /**
   * Switches the master's balancer; returns its previous state. A region the balancer moves opens
   * afresh and its compaction counter restarts at 0, so exactly-once checks hold it off.
   */
  static boolean balancer(Connection hbase, boolean on) throws IOException {
    try (Admin admin = hbase.getAdmin()) {
      return admin.balancerSwitch(on, true);
    }
  }

  static void drop(Connection hbase, String table) {
    try (Admin admin = hbase.getAdmin()) {
      TableName n = TableName.valueOf(table);
      if (admin.tableExists(n)) {
        admin.disableTable(n);
        admin.deleteTable(n);
      }
    } catch (IOException e) {
      // best effort at the end of a test
    }
  }
}
