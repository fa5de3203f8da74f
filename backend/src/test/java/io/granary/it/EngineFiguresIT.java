package io.granary.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The figures the console computes, checked against what HDFS and HBase report for the same data:
 * an RS-3-2 table with flushed and unflushed rows (per-file EC layout, locality, store file and
 * MemStore bytes, flush, compaction bytes) and the savings report of HBase's own directory.
 */
class EngineFiguresIT extends SharedContext {
  static final String RS32 = ErasureCodingIT.RS32;
  static final byte[] CF = Bytes.toBytes("d");

  String tables() {
    return "/api/v1/clusters/" + cluster + "/tables/";
  }

  @Test
  void anRs32TableWithFlushedAndUnflushedRowsShowsWhatTheEngineStores() throws Exception {
    assertThat(admin.post("/api/v1/clusters/" + cluster + "/erasure-coding/policies/" + RS32 + "/enable", null)
        .status()).isEqualTo(200);
    String table = "it_figures_" + TablesIT.RUN;
    Connection hbase = ItSupport.sharedHbase();
    TableName name = TableName.valueOf(table);
    try (Admin a = hbase.getAdmin()) {
      a.createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder.of(CF))
          .setErasureCodingPolicy(RS32).setValue("hbase.hstore.compactionThreshold", "100")
          .setValue("hbase.hregion.majorcompaction", "0").build(), new byte[][] {Bytes.toBytes("5")});
      put(hbase, name, 0, 2000);
      a.flush(name);
      put(hbase, name, 2000, 600);
    }
    try (DistributedFileSystem fs = ItSupport.hdfs()) {
      String dir = "/hbase/data/default/" + table;
      // sizes in bytes, MemStore included: the unflushed rows are not invisible. The RegionServers
      // publish byte-exact sizes on their metrics refresh (every few seconds); until then HBase's MB figure shows
      Map<String, Long> hdfsBytes = hfileBytesByRegion(fs, dir);
      JsonNode regions = ApiIT.await("store file bytes equal to the HFiles' and MemStore bytes", 60,
          () -> admin.get(tables() + table + "/regions").json(), n -> n.get("items").size() == 2
              && n.get("items").valueStream().allMatch(r -> r.get("memstoreBytes").asLong() > 0
                  && r.get("sizeBytes").asLong() == hdfsBytes.get(r.get("name").asString())));
      for (JsonNode r : regions.get("items")) {
        assertThat(r.hasNonNull("locality")).as("locality of a striped table").isFalse();
        assertThat(r.get("localityNote").asString()).startsWith("n/a for striped files").contains(RS32);
      }

      // the EC tab: every HFile's own layout from the NameNode
      JsonNode ec = admin.get(tables() + table + "/erasure-coding").json();
      List<LocatedFileStatus> hfiles = hfiles(fs, dir);
      assertThat(ec.get("hfiles").asInt()).isEqualTo(hfiles.size()).isEqualTo(2);
      assertThat(ec.get("hfilesUnderPolicy").asInt()).isEqualTo(2);
      assertThat(ec.get("hfilesStriped").asInt()).isEqualTo(2);
      for (JsonNode f : ec.get("files")) {
        Path p = new Path(dir + "/" + f.get("path").asString());
        assertThat(fs.getFileStatus(p).isErasureCoded()).isTrue();
        assertThat(f.get("layout").asString()).isEqualTo("STRIPED");
        assertThat(f.get("policy").asString()).isEqualTo(fs.getErasureCodingPolicy(p).getName()).isEqualTo(RS32);
        assertThat(f.get("spaceConsumedBytes").asLong()).isEqualTo(fs.getContentSummary(p).getSpaceConsumed());
        assertThat(f.get("lengthBytes").asLong()).isEqualTo(fs.getFileStatus(p).getLen());
      }

      // the savings report of the table's directory: what HDFS stores, and not its own layout back
      JsonNode report = admin.get("/api/v1/clusters/" + cluster + "/erasure-coding/report?path=" + dir).json();
      assertThat(report.get("current").get("rawBytes").asLong()).isEqualTo(fs.getContentSummary(new Path(dir))
          .getSpaceConsumed());
      // never the layout already in place (another enabled policy, e.g. XOR-2-1, may truly be cheaper)
      JsonNode rec = report.get("recommendation");
      assertThat(rec.get("layout").asString()).as(report.toString()).isNotEqualTo(RS32);
      if (rec.get("action").asString().equals("CONVERT")) {
        long best = report.get("layouts").valueStream().filter(l -> l.get("layout").asString()
            .equals(rec.get("layout").asString())).findFirst().orElseThrow().get("rawBytes").asLong();
        assertThat(best).as("a conversion is only recommended when it saves").isLessThan(
            report.get("current").get("rawBytes").asLong());
      } else {
        assertThat(rec.get("layout").asString()).isEqualTo("current");
      }

      // flush: the MemStore lands in HFiles
      Api.Response flush = admin.post(tables() + table + "/flush", "{}");
      assertThat(flush.status()).as(flush.body()).isEqualTo(202);
      assertThat(flush.json().get("shellEquivalent").asString()).isEqualTo("hbase shell> flush '" + table + "'");
      JsonNode flushed = ItSupport.awaitSuccess(admin, flush.location());
      assertThat(flushed.get("message").asString()).startsWith(table + " flushed: ").contains("bytes of MemStore");
      Map<String, Long> afterFlush = hfileBytesByRegion(fs, dir);
      assertThat(hfiles(fs, dir)).hasSize(4);
      long total = afterFlush.values().stream().mapToLong(Long::longValue).sum();
      ApiIT.await("MemStore empty and the new HFiles counted after the flush", 60, () -> admin.get(tables() + table
          + "/regions").json(), n -> n.get("items").valueStream().allMatch(r -> r.get("memstoreBytes").asLong() == 0
              && r.get("sizeBytes").asLong() == afterFlush.get(r.get("name").asString())));

      // a major compaction then reports the bytes it rewrote
      Api.Response compact = admin.post("/api/v1/clusters/" + cluster + "/compactions",
          "{\"kind\":\"MAJOR\",\"table\":\"" + table + "\"}");
      assertThat(compact.status()).as(compact.body()).isEqualTo(202);
      JsonNode op = ItSupport.awaitSuccess(admin, compact.location());
      assertThat(op.get("message").asString()).contains(total + " bytes of HFiles rewritten");
      JsonNode run = admin.get("/api/v1/clusters/" + cluster + "/compactions/runs/"
          + compact.json().get("runId").asLong()).json();
      long before = 0;
      for (JsonNode g : run.get("regions")) {
        before += g.get("bytesBefore").asLong();
        assertThat(g.get("bytesAfter").asLong()).isPositive();
      }
      assertThat(before).isEqualTo(total);
    } finally {
      CompactionFixture.drop(hbase, table);
    }
  }

  @Test
  void theSavingsReportOfHbasesDirectoryLeavesOpenWalsOutAndRecommendsNothingInPlace() throws Exception {
    // after a heavy IT a health collection may have timed out, and pages then fail fast (503) for seconds
    Api.Response answer = ApiIT.await("the savings report of /hbase", 60,
        () -> admin.get("/api/v1/clusters/" + cluster + "/erasure-coding/report?path=/hbase"), a -> a.status() == 200);
    assertThat(answer.status()).as(answer.body()).isEqualTo(200);
    JsonNode r = answer.json();
    assertThat(r.get("openFiles").asLong()).as("open WALs").isPositive();
    assertThat(r.get("recommendation").get("action").asString()).as(r.toString()).isEqualTo("NONE");
    assertThat(r.get("recommendation").get("layout").asString()).isEqualTo("current");
    // closed files store at most 3x their bytes; an open WAL's full block reservation (384 MiB) is not in here
    long raw = r.get("current").get("rawBytes").asLong();
    assertThat(raw).as(r.toString()).isLessThanOrEqualTo(3 * r.get("logicalBytes").asLong() + (64L << 20));
    assertThat(r.get("warnings").valueStream().map(JsonNode::asString).toList())
        .anySatisfy(w -> assertThat(w).contains("open file(s)"));
  }

  static void put(Connection hbase, TableName name, int from, int count) throws Exception {
    try (Table t = hbase.getTable(name)) {
      List<Put> puts = new ArrayList<>();
      for (int i = from; i < from + count; i++) {
        // keys spread over both regions: first digit 0-9
        puts.add(new Put(Bytes.toBytes((i % 10) + "-" + i)).addColumn(CF, Bytes.toBytes("q"), new byte[200]));
      }
      t.put(puts);
    }
  }

  /** HFiles below a table directory: region/family/file, no hidden or temporary files. */
  static List<LocatedFileStatus> hfiles(DistributedFileSystem fs, String dir) throws Exception {
    List<LocatedFileStatus> out = new ArrayList<>();
    RemoteIterator<LocatedFileStatus> it = fs.listFiles(new Path(dir), true);
    while (it.hasNext()) {
      LocatedFileStatus s = it.next();
      String[] rel = s.getPath().toUri().getPath().substring(dir.length() + 1).split("/");
      if (rel.length == 3 && rel[1].equals("d") && !rel[2].startsWith(".")) {
        out.add(s);
      }
    }
    return out;
  }

  static Map<String, Long> hfileBytesByRegion(DistributedFileSystem fs, String dir) throws Exception {
    Map<String, Long> out = new HashMap<>();
    for (LocatedFileStatus s : hfiles(fs, dir)) {
      out.merge(s.getPath().getParent().getParent().getName(), s.getLen(), Long::sum);
    }
    return out;
  }
}
