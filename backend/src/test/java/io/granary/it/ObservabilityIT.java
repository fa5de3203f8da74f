package io.granary.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The shared IT cluster runs with {@code --metrics}: a real Prometheus scrapes every role and this
 * control plane, a real Alertmanager posts here (docs/adr/0017-observability.md).
 */
class ObservabilityIT extends SharedContext {
  @org.springframework.beans.factory.annotation.Autowired io.granary.observability.LocalMonitoringLink link;
  @org.springframework.beans.factory.annotation.Autowired org.springframework.jdbc.core.simple.JdbcClient jdbc;

  /**
   * The last control plane started on a local cluster owns its scrape target and webhook; other ITs
   * (ControlPlaneRestartIT, CompactionRestartIT) start their own, so link this one again first.
   */
  @org.junit.jupiter.api.BeforeEach
  void linkThisControlPlane() {
    link.run(null);
  }

  static final List<String> CLUSTER_CHARTS = List.of("requests", "latency", "heap", "gc", "queues", "storefiles",
      "hdfs-capacity", "blocks", "datanode-io");

  static Properties endpoints() throws Exception {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(Path.of(ItSupport.clusterDir(), "endpoints.properties"))) {
      p.load(in);
    }
    return p;
  }

  static JsonNode prometheus(String path) throws Exception {
    try (InputStream in = URI.create(endpoints().getProperty("prometheus.url") + path).toURL().openStream()) {
      return Api.JSON.readTree(in);
    }
  }

  static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  String chart(String chart, String query) {
    return "/api/v1/clusters/" + cluster + "/metrics/" + chart + "?range=15m" + query;
  }

  @Test
  void prometheusScrapesThisControlPlaneWithItsTokenOnly() throws Exception {
    ApiIT.await("the control plane as an up target", 60, () -> {
      try {
        return prometheus("/api/v1/query?query=" + enc("up{job=\"control-plane\"}"));
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }, j -> j.at("/data/result/0/value/1").asString().equals("1"));
    Api anonymous = new Api("http://127.0.0.1:" + port);
    assertThat(anonymous.get("/actuator/prometheus").status()).isEqualTo(401);
    assertThat(anonymous.withToken("grs_wrong").get("/actuator/prometheus").status()).isEqualTo(401);
    String token = Files.readString(Path.of(endpoints().getProperty("monitoring.dir"), "control-plane.token")).trim();
    Api prometheus = new Api("http://127.0.0.1:" + port).withToken(token);
    Api.Response scrape = ApiIT.await("the safe-mode gauge", 60, () -> prometheus.get("/actuator/prometheus"),
        r -> r.body().contains("granary_hdfs_safe_mode{cluster=\"local\"} 0.0"));
    assertThat(scrape.status()).isEqualTo(200);
    // the scrape token opens nothing else
    assertThat(prometheus.get("/api/v1/clusters").status()).isEqualTo(401);
  }

  @Test
  void everyChartAnswersAndATablesRequestsShowTheWritesMade() throws Exception {
    for (String c : CLUSTER_CHARTS) {
      Api.Response r = admin.get(chart(c, ""));
      assertThat(r.status()).as(c + ": " + r.body()).isEqualTo(200);
      assertThat(r.json().get("queries").size()).isPositive();
    }
    assertThat(admin.get(chart("requests", "").replace("15m", "2y")).status()).isEqualTo(400);
    assertThat(admin.get(chart("table-size", "")).json().get("code").asString()).isEqualTo("validation-failed");
    assertThat(admin.get(chart("nope", "")).status()).isEqualTo(400);

    // camel case and a dot: the chart must find HBase's mangled form of the name
    String table = "ObsIt.v" + TablesIT.RUN;
    TableName name = TableName.valueOf(table);
    try (Admin a = ItSupport.hbase().getAdmin()) {
      a.createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder.of("d")).build());
    }
    // a counter's first sample already holding every write would show no rate: write once it is scraped
    String series = "hbase_table_write_request_count{table=\"obs_it_v" + TablesIT.RUN + "\"}";
    try (Table t = ItSupport.hbase().getTable(name)) {
      t.put(new Put(Bytes.toBytes("first")).addColumn(Bytes.toBytes("d"), Bytes.toBytes("q"), Bytes.toBytes(0)));
    }
    ApiIT.await("the table's series in Prometheus", 60, () -> {
      try {
        return prometheus("/api/v1/query?query=" + enc(series));
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }, j -> !j.at("/data/result").isEmpty());
    try (Table t = ItSupport.hbase().getTable(name)) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < 5_000; i++) {
        puts.add(new Put(Bytes.toBytes(String.format("%05d", i))).addColumn(Bytes.toBytes("d"), Bytes.toBytes("q"),
            Bytes.toBytes(i)));
      }
      t.put(puts);
    }
    JsonNode writes = ApiIT.await("write requests/s of " + table, 90,
        () -> admin.get(chart("table-requests", "&table=" + enc(table))).json(),
        j -> max(j, "write") > 0);
    assertThat(writes.get("queries").get(1).asString()).contains("table=\"obs_it_v" + TablesIT.RUN + "\"");
    try (Admin a = ItSupport.hbase().getAdmin()) {
      a.disableTable(name);
      a.deleteTable(name);
    }
  }

  static double max(JsonNode chart, String series) {
    double m = 0;
    for (JsonNode s : chart.get("series")) {
      if (s.get("name").asString().equals(series)) {
        for (JsonNode p : s.get("points")) {
          m = Math.max(m, p.get(1).asDouble());
        }
      }
    }
    return m;
  }

  /**
   * A DataNode killed for real: DataNodeDown fires after its 1 min, reaches the list, is silenced by an
   * admin (audited), and once `local up` restarts the DataNode the webhook records it resolved.
   */
  @Test
  void aKilledDataNodeFiresIsSilencedAndResolves() throws Exception {
    long pid = FaultsIT.pidOf("datanode", "dfs.datanode.address</name><value>127.0.0.1:");
    String alerts = "/api/v1/clusters/" + cluster + "/alerts";
    long killedAt = System.nanoTime();
    ProcessHandle.of(pid).orElseThrow().destroyForcibly();
    try {
      // Prometheus: up == 0 at the next scrape, pending at the next evaluation, firing 1 min later
      ApiIT.await("DataNodeDown firing in Prometheus", 120, () -> {
        try {
          return prometheus("/api/v1/alerts");
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      }, j -> j.at("/data/alerts").valueStream().anyMatch(a -> a.at("/labels/alertname").asString()
          .equals("DataNodeDown") && a.get("state").asString().equals("firing")));
      double firedAfter = (System.nanoTime() - killedAt) / 1e9;
      System.out.printf("DataNodeDown firing %.1f s after the kill (for: 60 s, scrape and evaluation 10 s)%n",
          firedAfter);
      // the rule's for: plus one scrape and one evaluation interval, 2 s for the polling above
      assertThat(firedAfter).isLessThan(60 + 10 + 10 + 2);
      JsonNode firing = ApiIT.await("DataNodeDown listed as firing", 60, () -> admin.get(alerts).json(),
          j -> find(j, "DataNodeDown", "firing") != null);
      System.out.printf("DataNodeDown listed by the control plane %.1f s after the kill%n",
          (System.nanoTime() - killedAt) / 1e9);
      JsonNode alert = find(firing, "DataNodeDown", "firing");
      assertThat(alert.get("reason").asString()).isEqualTo("DATANODE_DEAD");
      assertThat(alert.get("severity").asString()).isEqualTo("warning");

      Api viewer = new Api("http://127.0.0.1:" + port);
      String body = "{\"matchers\":[{\"name\":\"alertname\",\"value\":\"DataNodeDown\"},{\"name\":\"instance\",\"value\":\""
          + alert.get("instance").asString() + "\"}],\"durationMinutes\":30,\"comment\":\"IT: repair under way\"}";
      assertThat(viewer.post(alerts + "/silences", body).status()).isEqualTo(401);
      assertThat(admin.post(alerts + "/silences", "{\"matchers\":[],\"durationMinutes\":30,\"comment\":\"x\"}").status())
          .isEqualTo(400);
      Api.Response created = admin.post(alerts + "/silences", body);
      assertThat(created.status()).as(created.body()).isEqualTo(201);
      String id = created.json().get("id").asString();
      assertThat(created.json().get("command").asString()).contains("amtool silence add").contains("alertname=\"DataNodeDown\"");
      ApiIT.await("the alert silenced", 30, () -> admin.get(alerts).json(),
          j -> find(j, "DataNodeDown", "silenced") != null);
      JsonNode audit = admin.get("/api/v1/audit?limit=20").json();
      assertThat(audit.toString()).contains("silence " + id);
      assertThat(admin.send("DELETE", alerts + "/silences/" + id, null).status()).isEqualTo(204);
      assertThat(admin.send("DELETE", alerts + "/silences/00000000-0000-0000-0000-000000000000", null).status())
          .isEqualTo(404);
      // Alertmanager sends "resolved" only for an occurrence it notified as firing. Its first notification may
      // have fallen inside the silence; the next comes a group interval (30 s) after the expiry. Restarting the
      // DataNode before that would resolve an occurrence the webhook never heard of.
      java.time.Instant killed = java.time.Instant.now().minusNanos(System.nanoTime() - killedAt)
          .minusSeconds(5);
      ApiIT.await("DataNodeDown notified as firing through the webhook", 90, () -> jdbc.sql(
          "SELECT count(*) FROM alert_events WHERE alertname = 'DataNodeDown' AND status = 'firing' AND starts_at > ?")
          .param(java.sql.Timestamp.from(killed)).query(Long.class).single(), n -> n > 0);
    } finally {
      FaultsIT.localUp();
    }
    ApiIT.await("DataNodeDown resolved through the webhook", 150, () -> admin.get(alerts).json(),
        j -> find(j, "DataNodeDown", "resolved") != null && find(j, "DataNodeDown", "firing") == null);
  }

  /** The shipped Grafana dashboard's PromQL evaluates on a real Prometheus, and most of it has data. */
  @Test
  void everyDashboardExpressionEvaluates() throws Exception {
    JsonNode dashboard = Api.JSON.readTree(Files.readString(Path.of("../docs/operations/grafana-dashboard.json")));
    int exprs = 0;
    int withData = 0;
    for (JsonNode panel : dashboard.get("panels")) {
      for (JsonNode t : panel.get("targets")) {
        String expr = t.get("expr").asString().replace("$cluster", "local").replace("$__rate_interval", "40s")
            .replace("$__interval", "10s");
        JsonNode r = prometheus("/api/v1/query?query=" + enc(expr));
        assertThat(r.get("status").asString()).as(expr + ": " + r).isEqualTo("success");
        exprs++;
        withData += r.at("/data/result").isEmpty() ? 0 : 1;
      }
    }
    assertThat(exprs).isGreaterThan(20);
    // an idle cluster prints no latency yet; the rest must name real series
    assertThat(withData).as("expressions with series").isGreaterThanOrEqualTo(exprs - 4);
  }

  static JsonNode find(JsonNode list, String name, String state) {
    for (JsonNode a : list.get("alerts")) {
      if (a.get("name").asString().equals(name) && a.get("state").asString().equals(state)) {
        return a;
      }
    }
    return null;
  }

  /** With Prometheus stopped, charts are 409 monitoring-unavailable while health and tables still answer. */
  @Test
  void chartsSayMonitoringIsUnavailableWhileTheRestWorks() throws Exception {
    Path pidFile = Path.of(ItSupport.clusterDir(), "run/prometheus.pid");
    long pid = Long.parseLong(Files.readString(pidFile).trim());
    ProcessHandle p = ProcessHandle.of(pid).orElseThrow();
    p.destroy();
    p.onExit().get(30, TimeUnit.SECONDS);
    try {
      Api.Response r = admin.get(chart("requests", ""));
      assertThat(r.status()).isEqualTo(409);
      assertThat(r.json().get("code").asString()).isEqualTo("monitoring-unavailable");
      assertThat(r.body()).doesNotContain("Exception");
      assertThat(admin.get("/api/v1/clusters/" + cluster + "/health").status()).isEqualTo(200);
      assertThat(admin.get("/api/v1/clusters/" + cluster + "/tables").status()).isEqualTo(200);
    } finally {
      FaultsIT.localUp("--metrics");
    }
    assertThat(admin.get(chart("requests", "")).status()).isEqualTo(200);
  }
}
