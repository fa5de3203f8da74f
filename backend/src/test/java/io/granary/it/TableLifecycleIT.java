package io.granary.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Codecs, alter, enable/disable, truncate, drop, namespaces, listing and the heatmap on the real local cluster. */
class TableLifecycleIT extends SharedContext {
  static final String RUN = TablesIT.RUN;
  static Connection hbase;


  @BeforeAll
  static void connect() throws Exception {
    hbase = ItSupport.sharedHbase();
  }

  String base() {
    return "/api/v1/clusters/" + cluster;
  }

  static String table(String name, String families, String split) {
    return "{\"name\":\"" + name + "\",\"families\":" + families + ",\"split\":" + split + "}";
  }

  static void write(String table, String family, int rows) throws Exception {
    try (Table t = hbase.getTable(TableName.valueOf(table))) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < rows; i++) {
        puts.add(new Put(Bytes.toBytes(String.format("%010d", i)))
            .addColumn(Bytes.toBytes(family), Bytes.toBytes("q"), Bytes.toBytes("value " + i + " ".repeat(50))));
      }
      t.put(puts);
    }
  }

  static int count(String table) throws Exception {
    int n = 0;
    try (Table t = hbase.getTable(TableName.valueOf(table)); ResultScanner s = t.getScanner(new Scan())) {
      for (Result ignored : s) {
        n++;
      }
    }
    return n;
  }

  @Test
  void everyOfferedCodecWritesAndReadsAFlushedHFile() throws Exception {
    JsonNode report = ItSupport.awaitCodecProbe(admin, cluster);
    List<String> offered = new ArrayList<>();
    report.get("codecs").forEach(c -> {
      if (c.get("available").asBoolean()) {
        offered.add(c.get("name").asString());
      }
    });
    // the distribution ships every codec the product names; a missing one is a packaging defect
    assertThat(offered).as(report.toString()).containsExactly("NONE", "GZ", "SNAPPY", "LZ4", "ZSTD");
    for (String codec : offered) {
      String name = "it_codec_" + codec.toLowerCase() + "_" + RUN;
      JsonNode t = ItSupport.createTable(admin, cluster, table(name,
          "[{\"name\":\"c\",\"compression\":\"" + codec + "\",\"blockCacheEnabled\":false}]", "{\"strategy\":\"NONE\"}"));
      assertThat(t.get("families").get(0).get("compression").asString()).isEqualTo(codec);
      write(name, "c", 2000);
      try (Admin a = hbase.getAdmin()) {
        a.flush(TableName.valueOf(name));
      }
      try (Table tab = hbase.getTable(TableName.valueOf(name))) {
        Result r = tab.get(new Get(Bytes.toBytes(String.format("%010d", 1234))));
        assertThat(Bytes.toString(r.getValue(Bytes.toBytes("c"), Bytes.toBytes("q")))).startsWith("value 1234 ");
      }
      assertThat(count(name)).as(codec).isEqualTo(2000);
      JsonNode regions = ApiIT.await(codec + " store file in the cache", 60,
          () -> admin.get(base() + "/tables/" + name + "/regions").json(),
          n -> n.get("items").get(0).get("storeFiles").asInt() >= 1);
      assertThat(regions.get("items").get(0).get("storeFiles").asInt()).isGreaterThanOrEqualTo(1);
    }
  }

  @Test
  void alterChangesFamiliesAndSettingsAndDeletingAFamilyNeedsTheTypedName() throws Exception {
    String name = "it_alter_" + RUN;
    ItSupport.createTable(admin, cluster, table(name, "[{\"name\":\"f\"}]", "{\"strategy\":\"NONE\"}"));
    String body = """
        {"families":[{"name":"f","compression":"ZSTD","bloomFilter":"ROWCOL","maxVersions":5},{"name":"g","ttl":"3600"}],
         "settings":{"durability":"ASYNC_WAL","maxFileSizeBytes":4294967296}}""";
    JsonNode preview = admin.post(base() + "/tables/" + name + "/alter/preview", body).json();
    assertThat(preview.get("changes").toString()).contains("add family g").contains("COMPRESSION NONE -> ZSTD")
        .contains("DURABILITY default -> ASYNC_WAL");
    assertThat(preview.get("shellCommand").asString()).startsWith("alter '" + name + "'")
        .contains("COMPRESSION => 'ZSTD'").contains("DURABILITY => 'ASYNC_WAL'");
    Api.Response altered = admin.send("PUT", base() + "/tables/" + name, body);
    assertThat(altered.status()).as(altered.body()).isEqualTo(202);
    ItSupport.awaitSuccess(admin, altered.location());
    JsonNode t = admin.get(base() + "/tables/" + name).json();
    assertThat(t.get("families").get(0).get("compression").asString()).isEqualTo("ZSTD");
    assertThat(t.get("families").get(0).get("bloomFilter").asString()).isEqualTo("ROWCOL");
    assertThat(t.get("families").get(0).get("maxVersions").asInt()).isEqualTo(5);
    assertThat(t.get("families").get(1).get("ttl").asString()).isEqualTo("3600");
    assertThat(t.get("settings").get("durability").asString()).isEqualTo("ASYNC_WAL");
    assertThat(t.get("settings").get("maxFileSizeBytes").asLong()).isEqualTo(4294967296L);

    String dropG = """
        {"families":[{"name":"f","compression":"ZSTD","bloomFilter":"ROWCOL","maxVersions":5}],
         "settings":{"durability":"ASYNC_WAL","maxFileSizeBytes":4294967296}%s}""";
    Api.Response refused = admin.send("PUT", base() + "/tables/" + name, dropG.formatted(""));
    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.json().get("errors").get(0).get("field").asString()).isEqualTo("confirm");
    Api.Response unchanged = admin.send("PUT", base() + "/tables/" + name, body);
    assertThat(unchanged.status()).isEqualTo(400);
    assertThat(unchanged.body()).contains("nothing to change");
    Api.Response confirmed = admin.send("PUT", base() + "/tables/" + name,
        dropG.formatted(",\"confirm\":\"" + name + "\""));
    assertThat(confirmed.status()).as(confirmed.body()).isEqualTo(202);
    ItSupport.awaitSuccess(admin, confirmed.location());
    assertThat(admin.get(base() + "/tables/" + name).json().get("families")).hasSize(1);
  }

  @Test
  void disableEnableTruncateAndDropWithTheTypedName() throws Exception {
    String name = "it_life_" + RUN;
    ItSupport.createTable(admin, cluster, table(name, "[{\"name\":\"f\"}]",
        "{\"strategy\":\"ALGORITHM\",\"algorithm\":\"DECIMAL_STRING\",\"numRegions\":4,\"firstRow\":\"0000000000\","
            + "\"lastRow\":\"0000004000\"}"));
    write(name, "f", 3000);
    String t = base() + "/tables/" + name;

    ItSupport.awaitSuccess(admin, admin.post(t + "/disable", null).location());
    assertThat(admin.get(t).json().get("enabled").asBoolean()).isFalse();
    Api.Response again = admin.post(t + "/disable", null);
    assertThat(again.status()).isEqualTo(409);
    assertThat(again.json().get("code").asString()).isEqualTo("table-state-conflict");
    JsonNode listed = admin.get(base() + "/tables?q=" + name).json();
    assertThat(listed.get("items").get(0).get("enabled").asBoolean()).isFalse();
    ItSupport.awaitSuccess(admin, admin.post(t + "/enable", null).location());
    assertThat(admin.get(t).json().get("enabled").asBoolean()).isTrue();

    Api.Response noConfirm = admin.post(t + "/truncate", "{\"confirm\":\"wrong\"}");
    assertThat(noConfirm.status()).isEqualTo(400);
    assertThat(noConfirm.json().get("errors").get(0).get("field").asString()).isEqualTo("confirm");
    assertThat(count(name)).isEqualTo(3000);
    ItSupport.awaitSuccess(admin, admin.post(t + "/truncate", "{\"confirm\":\"" + name + "\"}").location());
    assertThat(count(name)).isZero();
    assertThat(admin.get(t).json().get("regionCount").asInt()).isEqualTo(4);

    Api.Response dropNoName = admin.send("DELETE", t, null);
    assertThat(dropNoName.status()).isEqualTo(400);
    assertThat(dropNoName.json().get("code").asString()).isEqualTo("validation-failed");
    assertThat(dropNoName.json().get("errors").get(0).get("field").asString()).isEqualTo("confirm");
    ItSupport.awaitSuccess(admin, admin.send("DELETE", t + "?confirm=" + name, null).location());
    assertThat(admin.get(t).status()).isEqualTo(404);
    assertThat(admin.get(base() + "/tables?q=" + name).json().get("total").asInt()).isZero();
    JsonNode audit = admin.get("/api/v1/audit?size=50").json();
    assertThat(audit.toString()).contains("DELETE /api/v1/clusters/" + cluster + "/tables/" + name);
  }

  @Test
  void namespacesListingAndPagingFromTheStateCache() throws Exception {
    String ns = "itns" + RUN;
    Api.Response created = admin.post(base() + "/namespaces", "{\"name\":\"" + ns + "\"}");
    assertThat(created.status()).as(created.body()).isEqualTo(201);
    assertThat(admin.post(base() + "/namespaces", "{\"name\":\"" + ns + "\"}").status()).isEqualTo(409);
    Api.Response bad = admin.post(base() + "/namespaces", "{\"name\":\"no-dashes\"}");
    assertThat(bad.status()).isEqualTo(400);
    assertThat(bad.json().get("errors").get(0).get("field").asString()).isEqualTo("name");
    for (int i = 0; i < 3; i++) {
      ItSupport.createTable(admin, cluster, table(ns + ":t" + i, "[{\"name\":\"f\"}]", "{\"strategy\":\"NONE\"}"));
    }
    JsonNode namespaces = admin.get(base() + "/namespaces").json();
    assertThat(namespaces.toString()).contains("{\"name\":\"" + ns + "\",\"tableCount\":3}");
    JsonNode page = admin.get(base() + "/tables?namespace=" + ns + "&size=2&page=1").json();
    assertThat(page.get("total").asInt()).isEqualTo(3);
    assertThat(page.get("items")).hasSize(1);
    assertThat(page.get("items").get(0).get("name").asString()).isEqualTo(ns + ":t2");
    assertThat(admin.get(base() + "/tables?size=0").status()).isEqualTo(400);
    assertThat(admin.get(base() + "/tables?sort=colour").status()).isEqualTo(400);
  }

  @Test
  void theHeatmapShowsWhereTheWritesWent() throws Exception {
    String name = "it_heat_" + RUN;
    ItSupport.createTable(admin, cluster, table(name, "[{\"name\":\"f\"}]",
        "{\"strategy\":\"EXPLICIT\",\"keys\":\"0000001000\\n0000002000\\n0000003000\"}"));
    String t = base() + "/tables/" + name;
    JsonNode heat = ApiIT.await("heatmap cells", 120, () -> {
      try {
        write(name, "f", 900); // keys 0..899: all in the first of four ranges
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
      return admin.get(t + "/heatmap?metric=WRITES&minutes=10").json();
    }, n -> n.get("values").valueStream().anyMatch(row -> row.valueStream().anyMatch(v -> !v.isNull()
        && v.asDouble() > 0)) && !n.get("hot").isEmpty());
    assertThat(heat.get("ranges")).hasSize(4);
    assertThat(heat.get("hot").get(0).get("startKey").asString()).isEmpty();
    assertThat(heat.get("hot").get(0).get("message").asString()).contains("of the writes");
    JsonNode map = admin.get(t + "/region-map").json();
    int regions = 0;
    for (JsonNode s : map.get("servers")) {
      regions += s.get("regions").size();
    }
    assertThat(regions).isEqualTo(4);
    assertThat(admin.get(t + "/heatmap?metric=COLOUR").status()).isEqualTo(400);
  }

  @Test
  void viewersGet403OnEveryMutationAndMayPreview() throws Exception {
    String name = "it_viewer_" + RUN;
    ItSupport.createTable(admin, cluster, table(name, "[{\"name\":\"f\"}]", "{\"strategy\":\"NONE\"}"));
    String viewerName = "lviewer" + (System.nanoTime() % 100000);
    admin.post("/api/v1/users", "{\"username\":\"" + viewerName + "\",\"password\":\"viewer-password\",\"role\":\"VIEWER\"}");
    Api viewer = new Api("http://127.0.0.1:" + port);
    assertThat(viewer.login(viewerName, "viewer-password").status()).isEqualTo(200);
    String t = base() + "/tables/" + name;
    String families = "{\"families\":[{\"name\":\"f\",\"maxVersions\":2}],\"confirm\":\"" + name + "\"}";
    List<Api.Response> denied = List.of(
        viewer.post(base() + "/tables", table("it_v2_" + RUN, "[{\"name\":\"f\"}]", "{\"strategy\":\"NONE\"}")),
        viewer.send("PUT", t, families),
        viewer.post(t + "/disable", null),
        viewer.post(t + "/enable", null),
        viewer.post(t + "/truncate", "{\"confirm\":\"" + name + "\"}"),
        viewer.send("DELETE", t + "?confirm=" + name, null),
        viewer.post(base() + "/namespaces", "{\"name\":\"viewerns\"}"),
        viewer.post(base() + "/codecs/probe", null));
    for (Api.Response r : denied) {
      assertThat(r.status()).as(r.body()).isEqualTo(403);
      assertThat(r.json().get("code").asString()).isEqualTo("forbidden");
    }
    assertThat(viewer.post(t + "/alter/preview", families).status()).isEqualTo(200);
    assertThat(viewer.get(t + "/regions").status()).isEqualTo(200);
    assertThat(admin.get(t).status()).isEqualTo(200);
    assertThat(count(name)).isZero();
  }
}
