package io.granary.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.engine.client.SaltedKeys;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Table creation on the real local cluster: split strategies, settings round trip, salting. */
class TablesIT extends SharedContext {

  /** Table names carry a run id: a developer's IT cluster keeps its tables between runs. */
  static final String RUN = Long.toString(System.currentTimeMillis() % 1_000_000_000L, 36);


  String base() {
    return "/api/v1/clusters/" + cluster + "/tables";
  }

  static String request(String name, String split) {
    return "{\"name\":\"" + name + "\",\"families\":[{\"name\":\"f\"}],\"split\":" + split + "}";
  }

  /** Creates through the API and waits for the operation; returns the table as HBase describes it. */
  JsonNode create(String body) throws InterruptedException {
    return ItSupport.createTable(admin, cluster, body);
  }

  /** Split points of the table, from the regions the state cache lists (refreshed when the creation ends). */
  List<String> regionStarts(JsonNode table) {
    JsonNode page = admin.get(base() + "/" + table.get("name").asString() + "/regions?size=1000").json();
    assertThat(page.get("total").asInt()).isEqualTo(table.get("regionCount").asInt());
    List<String> starts = new ArrayList<>();
    page.get("items").forEach(r -> starts.add(r.get("startKey").asString()));
    return starts.subList(1, starts.size());
  }

  static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asString()));
    return out;
  }

  @Test
  void eachSplitAlgorithmGivesExactlyThePlannedBoundaries() throws Exception {
    for (String algo : List.of("HEX_STRING", "UNIFORM", "DECIMAL_STRING")) {
      String split = "{\"strategy\":\"ALGORITHM\",\"algorithm\":\"" + algo + "\",\"numRegions\":8}";
      String name = "it_split_" + algo.toLowerCase(Locale.ROOT) + "_" + RUN;
      JsonNode preview = admin.post(base() + "/preview", request(name, split)).json();
      assertThat(preview.get("splitKeys")).hasSize(7);
      JsonNode table = create(request(name, split));
      assertThat(regionStarts(table)).as(algo).isEqualTo(strings(preview.get("splitKeys")));
    }
  }

  @Test
  void explicitKeysAreNormalizedInThePreviewAndUsedExactlyAsGiven() throws Exception {
    String split = "{\"strategy\":\"EXPLICIT\",\"keys\":\"m\\\\x00\\nb\\nx\\nb\"}";
    JsonNode preview = admin.post(base() + "/preview", request("it_explicit_" + RUN, split)).json();
    assertThat(strings(preview.get("splitKeys"))).containsExactly("b", "m\\x00", "x");
    assertThat(preview.get("messages").toString()).contains("duplicate").contains("not sorted");
    // creating refuses what the preview had to fix, so the table gets exactly the previewed keys
    Api.Response refused = admin.post(base(), request("it_explicit_" + RUN, split));
    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.json().get("errors").toString()).contains("split.keys").contains("duplicate")
        .contains("not sorted");
    String sorted = "{\"strategy\":\"EXPLICIT\",\"keys\":\"b\\nm\\\\x00\\nx\"}";
    assertThat(regionStarts(create(request("it_explicit_" + RUN, sorted)))).containsExactly("b", "m\\x00", "x");
  }

  @Test
  void everyFamilyAndTableSettingReadsBackAsRequested() throws Exception {
    String body = """
        {"name":"it_settings_%s","families":[{"name":"d","compression":"GZ","bloomFilter":"ROWCOL",
         "blockSizeBytes":32768,"dataBlockEncoding":"FAST_DIFF","ttl":"86400","minVersions":1,"maxVersions":3,
         "inMemory":true,"blockCacheEnabled":false},{"name":"e"}],
         "settings":{"maxFileSizeBytes":2147483648,"memstoreFlushSizeBytes":67108864,"durability":"ASYNC_WAL",
         "compactionEnabled":false,"splitPolicy":"org.apache.hadoop.hbase.regionserver.ConstantSizeRegionSplitPolicy"},
         "split":{"strategy":"NONE"}}""".formatted(RUN);
    JsonNode t = create(body);
    JsonNode d = t.get("families").get(0);
    assertThat(d.get("name").asString()).isEqualTo("d");
    assertThat(d.get("compression").asString()).isEqualTo("GZ");
    assertThat(d.get("bloomFilter").asString()).isEqualTo("ROWCOL");
    assertThat(d.get("blockSizeBytes").asInt()).isEqualTo(32768);
    assertThat(d.get("dataBlockEncoding").asString()).isEqualTo("FAST_DIFF");
    assertThat(d.get("ttl").asString()).isEqualTo("86400");
    assertThat(d.get("minVersions").asInt()).isEqualTo(1);
    assertThat(d.get("maxVersions").asInt()).isEqualTo(3);
    assertThat(d.get("inMemory").asBoolean()).isTrue();
    assertThat(d.get("blockCacheEnabled").asBoolean()).isFalse();
    JsonNode e = t.get("families").get(1);
    assertThat(e.get("compression").asString()).isEqualTo("NONE");
    assertThat(e.get("bloomFilter").asString()).isEqualTo("ROW");
    assertThat(e.get("ttl").asString()).isEqualTo("FOREVER");
    JsonNode s = t.get("settings");
    assertThat(s.get("maxFileSizeBytes").asLong()).isEqualTo(2147483648L);
    assertThat(s.get("memstoreFlushSizeBytes").asLong()).isEqualTo(67108864L);
    assertThat(s.get("durability").asString()).isEqualTo("ASYNC_WAL");
    assertThat(s.get("compactionEnabled").asBoolean()).isFalse();
    assertThat(s.get("splitPolicy").asString()).endsWith("ConstantSizeRegionSplitPolicy");
  }

  @Test
  void badInputNamesEveryInvalidFieldAndViewersCannotCreate() {
    Api.Response r = admin.post(base(), """
        {"name":"bad name!","families":[{"name":"f","compression":"LZMA","blockSizeBytes":12}],
         "split":{"strategy":"ALGORITHM","algorithm":"HEX_STRING","numRegions":1}}""");
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.json().get("code").asString()).isEqualTo("validation-failed");
    List<String> fields = new ArrayList<>();
    r.json().get("errors").forEach(err -> fields.add(err.get("field").asString()));
    assertThat(fields).contains("name", "families[0].compression", "families[0].blockSizeBytes", "split.numRegions");

    String viewerName = "tviewer" + (System.nanoTime() % 100000);
    admin.post("/api/v1/users", "{\"username\":\"" + viewerName + "\",\"password\":\"viewer-password\",\"role\":\"VIEWER\"}");
    Api viewer = new Api("http://127.0.0.1:" + port);
    viewer.login(viewerName, "viewer-password");
    assertThat(viewer.post(base(), request("it_denied_" + RUN, "{\"strategy\":\"NONE\"}")).status()).isEqualTo(403);
    assertThat(viewer.post(base() + "/preview", request("it_denied_" + RUN, "{\"strategy\":\"NONE\"}")).status()).isEqualTo(200);
  }

  @Test
  void saltingSpreadsSequentialKeysEvenlyWhereAPreSplitAloneDoesNot() throws Exception {
    String saltedName = "it_salted_" + RUN;
    String unsaltedName = "it_unsalted_" + RUN;
    create(request(saltedName, "{\"strategy\":\"SALT\",\"saltBuckets\":16}"));
    create(request(unsaltedName, "{\"strategy\":\"ALGORITHM\",\"algorithm\":\"HEX_STRING\",\"numRegions\":16}"));
    Configuration conf = HBaseConfiguration.create();
    for (String f : List.of("core-site.xml", "hdfs-site.xml", "hbase-site.xml")) {
      conf.addResource(new org.apache.hadoop.fs.Path(Path.of(ItSupport.clusterDir(), "conf/client", f).toUri()));
    }
    int rows = 100_000;
    try (Connection c = ConnectionFactory.createConnection(conf)) {
      for (String t : List.of(saltedName, unsaltedName)) {
        try (BufferedMutator m = c.getBufferedMutator(TableName.valueOf(t))) {
          for (int i = 0; i < rows; i++) {
            byte[] key = String.format("%010d", i).getBytes(StandardCharsets.US_ASCII);
            byte[] row = t.equals(saltedName) ? SaltedKeys.encode(key, 16) : key;
            m.mutate(new Put(row).addColumn(Bytes.toBytes("f"), Bytes.toBytes("q"), Bytes.toBytes(i)));
          }
        }
      }
      int[] salted = rowsPerRegion(c, saltedName);
      int[] unsalted = rowsPerRegion(c, unsaltedName);
      double saltedRatio = max(salted) / (rows / (double) salted.length);
      double unsaltedShare = max(unsalted) / (double) rows;
      write(salted, unsalted, saltedRatio, unsaltedShare);
      assertThat(saltedRatio).isLessThanOrEqualTo(1.2);
      assertThat(unsaltedShare).isGreaterThanOrEqualTo(0.9);
    }
  }

  static int[] rowsPerRegion(Connection c, String table) throws Exception {
    List<HRegionLocation> regions = c.getRegionLocator(TableName.valueOf(table)).getAllRegionLocations();
    int[] counts = new int[regions.size()];
    try (Table t = c.getTable(TableName.valueOf(table))) {
      for (int i = 0; i < regions.size(); i++) {
        Scan scan = new Scan().withStartRow(regions.get(i).getRegion().getStartKey())
            .withStopRow(regions.get(i).getRegion().getEndKey()).setFilter(new FirstKeyOnlyFilter()).setCaching(5000);
        try (ResultScanner s = t.getScanner(scan)) {
          for (Result ignored : s) {
            counts[i]++;
          }
        }
      }
    }
    return counts;
  }

  static int max(int[] a) {
    int m = 0;
    for (int v : a) {
      m = Math.max(m, v);
    }
    return m;
  }

  /** The proof's numbers, for docs/benchmarks/salting-proof.md. */
  static void write(int[] salted, int[] unsalted, double ratio, double share) throws Exception {
    String md = String.format(Locale.ROOT, """
        # Salting proof

        100,000 sequential keys (`%%010d`, i = 0..99,999) written through the API-created tables on the
        local cluster (TablesIT). Rows per region, region order:

        | table | regions | rows per region | result |
        |---|---|---|---|
        | 16 salt buckets (`[CRC32(key) mod 16] + key`) | %d | %s | max/mean = %.3f (target <= 1.2) |
        | 16-region HexStringSplit, unsalted | %d | %s | %.1f%% in one region (target >= 90%%) |
        """, salted.length, java.util.Arrays.toString(salted), ratio, unsalted.length,
        java.util.Arrays.toString(unsalted), share * 100);
    Path out = Path.of("target/salting-proof.md");
    Files.writeString(out, md);
  }
}
