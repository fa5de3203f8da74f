package io.granary.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Hand-made bad input against the real control plane and cluster: each answer is the coded problem, and
 * afterwards nothing changed (no cluster, run, token, schedule, user or table appeared or went away).
 */
class HardeningIT extends SharedContext {

  static void problem(Api.Response r, int status, String code) {
    assertThat(r.status()).as(r.body()).isEqualTo(status);
    assertThat(r.contentType()).as(r.body()).startsWith("application/problem+json");
    assertThat(r.json().get("code").asString()).as(r.body()).isEqualTo(code);
    assertThat(r.body()).doesNotContain("\tat ").doesNotContain("Exception:").doesNotContain("at org.apache");
  }

  int count(String path) {
    JsonNode n = admin.get(path).json();
    return n.has("items") ? n.get("items").size() : n.size();
  }

  @Test
  void aClusterWithANonAsciiAddressIsRefusedAndNotRegistered() {
    int before = count("/api/v1/clusters");
    problem(admin.post("/api/v1/clusters", "{\"name\":\"nonascii\",\"kind\":\"LOCAL\",\"zookeeperQuorum\":"
        + "\"127.0.0.1:2181\",\"namenodeUri\":\"hdfs://nämenode:8020\"}"), 400, "validation-failed");
    problem(admin.post("/api/v1/clusters", "{\"name\":\"nonascii\",\"kind\":\"LOCAL\",\"zookeeperQuorum\":"
        + "\"zk\\u0001:2181\",\"namenodeUri\":\"hdfs://nn:8020\"}"), 400, "validation-failed");
    assertThat(count("/api/v1/clusters")).isEqualTo(before);
  }

  @Test
  void aHighlyAvailableClusterWithInconsistentMembersIsRefusedFieldByFieldAndNotRegistered() {
    int before = count("/api/v1/clusters");
    String base = "{\"name\":\"ha-bad\",\"kind\":\"PROVISIONED\",\"zookeeperQuorum\":\"zk1:2181,zk2:2181,zk3:2181\",";
    String webs = ",\"namenodeWebUrls\":[\"http://nn1:9870\",\"http://nn2:9870\"]}";
    for (String[] c : new String[][] {
        {"\"namenodeUri\":\"hdfs://ns1:8020\",\"namenodeAddresses\":[\"nn1:8020\",\"nn2:8020\"]" + webs, "namenodeUri"},
        {"\"namenodeUri\":\"hdfs://ns1\",\"namenodeAddresses\":[\"nn1:8020\"]" + webs, "namenodeAddresses"},
        {"\"namenodeUri\":\"hdfs://ns1\",\"namenodeAddresses\":[\"nn1:8020\",\"nn1:8020\"]" + webs, "namenodeAddresses"},
        {"\"namenodeUri\":\"hdfs://ns1\",\"namenodeAddresses\":[\"nn1:8020\",\"nn2:8020\"]}", "namenodeWebUrls"},
        {"\"namenodeUri\":\"hdfs://ns1\",\"namenodeAddresses\":[\"nn1:8020\",\"n\u00e4:8020\"]" + webs,
            "namenodeAddresses[1]"}}) {
      Api.Response r = admin.post("/api/v1/clusters", base + c[0]);
      problem(r, 400, "validation-failed");
      assertThat(r.json().get("errors").valueStream().map(e -> e.get("field").asString()).toList()).as(r.body())
          .containsExactly(c[1]);
    }
    assertThat(count("/api/v1/clusters")).isEqualTo(before);
  }

  @Test
  void aBenchmarkOnANonAsciiTableIsRefusedAndNothingRuns() {
    String runs = "/api/v1/clusters/" + cluster + "/benchmarks/runs";
    int before = count(runs);
    Api.Response r = admin.post(runs, "{\"variants\":[{\"workload\":\"randomRead\",\"table\":\"tä_ble\"}]}");
    assertThat(r.status()).as(r.body()).isBetween(400, 404);
    assertThat(r.contentType()).startsWith("application/problem+json");
    assertThat(r.body()).doesNotContain("\tat ");
    assertThat(count(runs)).isEqualTo(before);
  }

  @Test
  void multipartAndUnknownMethodsGetProblemsAndChangeNothing() throws Exception {
    String name = "mp" + (System.nanoTime() % 100000);
    assertThat(admin.post("/api/v1/users", "{\"username\":\"" + name + "\",\"password\":\"viewer-password\","
        + "\"role\":\"VIEWER\"}").status()).isEqualTo(201);
    HttpClient http = HttpClient.newHttpClient();
    String token = admin.post("/api/v1/tokens", "{\"name\":\"hardening\"}").json().get("secret").asString();
    HttpResponse<String> multipart = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
            + "/api/v1/users/" + name)).method("DELETE", HttpRequest.BodyPublishers.ofString("--x--"))
        .header("Content-Type", "multipart/form-data").header("Authorization", "Bearer " + token).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(multipart.statusCode()).isEqualTo(415);
    assertThat(multipart.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
    assertThat(role(name)).isEqualTo("VIEWER");

    for (String method : List.of("TRACE", "QUERY", "FOO")) {
      HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
          + "/api/v1/clusters")).method(method, HttpRequest.BodyPublishers.noBody())
          .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.ofString());
      assertThat(r.statusCode()).as(method).isEqualTo(405);
      assertThat(r.headers().firstValue("Content-Type").orElse("")).as(method).startsWith("application/problem+json");
      assertThat(r.headers().firstValue("Allow")).as(method).isPresent();
      assertThat(r.body()).contains("method-not-allowed");
    }
    assertThat(admin.send("DELETE", "/api/v1/users/" + name, null).status()).isEqualTo(204);
  }

  @Test
  void anHdfsPathHdfsRefusesIsA400WithoutTheNameNodesStackTrace() {
    for (String path : List.of("/a:b", "/%3A")) {
      problem(admin.get("/api/v1/clusters/" + cluster + "/erasure-coding/directories?path=" + path), 400,
          "validation-failed");
    }
    // a control character breaks the parameter's pattern before HDFS sees it
    problem(admin.get("/api/v1/clusters/" + cluster + "/erasure-coding/directories?path=/x%01y"), 400,
        "invalid-parameter");
  }

  @Test
  void tablesOfHbaseAndTheProbeTableAreNotChangedFromTheConsole() throws Exception {
    problem(admin.post("/api/v1/clusters/" + cluster + "/tables", "{\"name\":\"hbase:mine\",\"families\":"
        + "[{\"name\":\"d\"}]}"), 400, "validation-failed");
    String t = "/api/v1/clusters/" + cluster + "/tables/";
    problem(admin.post(t + "hbase:meta/disable", null), 409, "protected-table");
    problem(admin.post(t + "granary:probe/disable", null), 409, "protected-table");
    problem(admin.send("DELETE", t + "granary:probe?confirm=granary:probe", null), 409, "protected-table");
    problem(admin.post(t + "granary:probe/truncate", "{\"confirm\":\"granary:probe\"}"), 409, "protected-table");
    try (Admin hbase = ItSupport.sharedHbase().getAdmin()) {
      assertThat(hbase.tableExists(TableName.valueOf("hbase:mine"))).isFalse();
      assertThat(hbase.isTableEnabled(TableName.valueOf("granary:probe"))).isTrue();
      assertThat(hbase.isTableEnabled(TableName.META_TABLE_NAME)).isTrue();
    }
  }

  @Test
  void theLocalClusterReEnablesItsProbeTableIfSomeoneDisabledItInTheShell() throws Exception {
    TableName probe = TableName.valueOf("granary:probe");
    try (Admin hbase = ItSupport.sharedHbase().getAdmin()) {
      hbase.disableTable(probe);
      assertThat(hbase.isTableDisabled(probe)).isTrue();
      FaultsIT.localUp();
      assertThat(hbase.isTableEnabled(probe)).isTrue();
    }
  }

  @Test
  void duplicateKeysNullsAndWrongTypesAreRefusedAndNothingIsCreated() {
    int tokens = count("/api/v1/tokens");
    problem(admin.post("/api/v1/tokens", "{\"name\":\"a\",\"name\":\"b\"}"), 400, "malformed-request");
    assertThat(admin.post("/api/v1/tokens", "{\"name\":\"a\",\"name\":\"b\"}").json().get("detail").asString())
        .contains("'name' twice");
    problem(admin.post("/api/v1/tokens", "{\"name\":false}"), 400, "validation-failed");
    problem(admin.post("/api/v1/tokens", "{\"name\":null}"), 400, "validation-failed");
    problem(admin.post("/api/v1/clusters/" + cluster + "/tables", "{\"name\":\"t_nulls\",\"families\":[null]}"),
        400, "validation-failed");
    problem(admin.get("/api/v1/audit?to="), 400, "invalid-parameter");
    assertThat(count("/api/v1/tokens")).isEqualTo(tokens);
  }

  @Test
  void markupInNamesIsRefusedAndNothingIsStored() {
    int tokens = count("/api/v1/tokens");
    problem(admin.post("/api/v1/tokens", "{\"name\":\"<img src=x onerror=alert(1)>\"}"), 400, "validation-failed");
    assertThat(count("/api/v1/tokens")).isEqualTo(tokens);

    String schedules = "/api/v1/clusters/" + cluster + "/compactions/schedules";
    int before = count(schedules);
    problem(admin.post(schedules, schedule("<b>nightly</b>", "TABLE", "granary:probe")), 400, "validation-failed");
    String runs = "/api/v1/clusters/" + cluster + "/benchmarks/runs";
    int runsBefore = count(runs);
    problem(admin.post(runs, "{\"variants\":[{\"label\":\"<script>\",\"workload\":\"randomRead\",\"table\":"
        + "\"granary:probe\"}]}"), 400, "validation-failed");
    problem(admin.post("/api/v1/hosts", "{\"address\":\"127.0.0.1\",\"hostname\":\"<i>x</i>\",\"privateKey\":"
        + "\"-----BEGIN OPENSSH PRIVATE KEY-----\\nx\\n-----END OPENSSH PRIVATE KEY-----\"}"), 400, "validation-failed");
    assertThat(count(schedules)).isEqualTo(before);
    assertThat(count(runs)).isEqualTo(runsBefore);
  }

  @Test
  void scheduleTargetsMatchInLinearTimeAndBackreferencesAreRefused() {
    String schedules = "/api/v1/clusters/" + cluster + "/compactions/schedules";
    int before = count(schedules);
    Api.Response refused = admin.post(schedules, schedule("backref", "PATTERN", "(a)\\1"));
    problem(refused, 400, "validation-failed");
    assertThat(refused.body()).contains("RE2");
    // a pattern that backtracks for ages in java.util.regex: RE2 matches it in linear time, so it is allowed
    Api.Response ok = admin.post(schedules, schedule("nested-plus", "PATTERN", "(granary:p+)+x"));
    assertThat(ok.status()).as(ok.body()).isIn(201, 400);
    if (ok.status() == 201) {
      assertThat(admin.send("DELETE", schedules + "/" + ok.json().get("id").asLong(), null).status()).isEqualTo(204);
    }
    assertThat(count(schedules)).isEqualTo(before);
  }

  @Test
  void theBuiltInAdminStaysWhileNoOtherEnabledAdminCanSignIn() {
    String other = "admin2x" + (System.nanoTime() % 100000);
    assertThat(admin.post("/api/v1/users", "{\"username\":\"" + other + "\",\"password\":\"another-password\","
        + "\"role\":\"ADMIN\"}").status()).isEqualTo(201);
    assertThat(admin.send("PATCH", "/api/v1/users/" + other, "{\"enabled\":false}").status()).isEqualTo(200);
    problem(admin.send("PATCH", "/api/v1/users/admin", "{\"role\":\"OPERATOR\"}"), 409, "last-admin");
    problem(admin.send("DELETE", "/api/v1/users/admin", null), 409, "last-admin");
    assertThat(role("admin")).isEqualTo("ADMIN");
    assertThat(admin.send("DELETE", "/api/v1/users/" + other, null).status()).isEqualTo(204);
  }

  @Test
  void refusedRequestsAre401Or403AndAuditedWithTheirReasonAndTarget() {
    Api anonymous = new Api("http://127.0.0.1:" + port);
    problem(anonymous.post("/api/v1/clusters/" + cluster + "/balancer", null), 401, "unauthenticated");
    problem(new Api("http://127.0.0.1:" + port).withToken("gra_bogus").post("/api/v1/tokens", "{\"name\":\"x\"}"),
        401, "unauthenticated");
    // signed in, but without the CSRF header: that one is a 403
    Api noCsrf = new Api("http://127.0.0.1:" + port).withoutCsrf();
    assertThat(noCsrf.login("admin", ItSupport.ADMIN_PASSWORD).status()).isEqualTo(200);
    problem(noCsrf.post("/api/v1/clusters/" + cluster + "/balancer", null), 403, "forbidden");

    JsonNode denied = admin.get("/api/v1/audit?result=DENIED&size=50").json().get("items");
    assertThat(denied.valueStream().map(e -> e.get("detail") == null ? "" : e.get("detail").asString()))
        .anyMatch(d -> d.startsWith("unauthenticated: Unknown or revoked API token"))
        .anyMatch(d -> d.startsWith("forbidden: Missing or stale CSRF token"));
    assertThat(denied.valueStream().filter(e -> e.get("action").asString().endsWith("/balancer"))
        .map(e -> e.get("target").asString())).anyMatch(t -> t.startsWith("cluster local"));

    String ns = "auditns" + (System.nanoTime() % 100000);
    assertThat(admin.post("/api/v1/clusters/" + cluster + "/namespaces", "{\"name\":\"" + ns + "\"}").status())
        .isBetween(200, 201);
    JsonNode created = admin.get("/api/v1/audit?action=namespaces&size=5").json().get("items").get(0);
    assertThat(created.get("target").asString()).contains("cluster local").contains("name " + ns);
  }

  @Test
  void aViewerSeesHostsWithoutAddressesUsersOrKeys() {
    Api.Response added = admin.post("/api/v1/hosts", "{\"address\":\"127.0.0.1\",\"hostname\":\"hardening\","
        + "\"sshUser\":\"ops\",\"privateKey\":\"-----BEGIN OPENSSH PRIVATE KEY-----\\nAAAA\\n-----END OPENSSH"
        + " PRIVATE KEY-----\"}");
    assertThat(added.status()).as(added.body()).isIn(201, 409);
    String name = "viewh" + (System.nanoTime() % 100000);
    assertThat(admin.post("/api/v1/users", "{\"username\":\"" + name + "\",\"password\":\"viewer-password\","
        + "\"role\":\"VIEWER\"}").status()).isEqualTo(201);
    Api viewer = new Api("http://127.0.0.1:" + port);
    assertThat(viewer.login(name, "viewer-password").status()).isEqualTo(200);
    JsonNode hosts = viewer.get("/api/v1/hosts").json();
    assertThat(hosts.size()).isPositive();
    for (JsonNode h : hosts) {
      assertThat(h.get("redacted").asBoolean()).isTrue();
      assertThat(h.has("address") || h.has("sshUser") || h.has("keyFingerprint")).as(h.toString()).isFalse();
    }
    JsonNode full = admin.get("/api/v1/hosts").json();
    assertThat(full.valueStream().filter(h -> "127.0.0.1".equals(h.path("address").asString(""))).findFirst())
        .hasValueSatisfying(h -> assertThat(h.get("sshUser").asString()).isNotBlank());
    if (added.status() == 201) {
      assertThat(admin.send("DELETE", "/api/v1/hosts/" + added.json().get("id").asLong(), null).status())
          .isEqualTo(204);
    }
    assertThat(admin.send("DELETE", "/api/v1/users/" + name, null).status()).isEqualTo(204);
  }

  /** The user's role from the user list, or null when there is no such user. */
  String role(String username) {
    return admin.get("/api/v1/users").json().valueStream().filter(u -> u.get("username").asString().equals(username))
        .map(u -> u.get("role").asString()).findFirst().orElse(null);
  }

  static String schedule(String name, String kind, String target) {
    return Api.JSON.writeValueAsString(Map.of("name", name, "targetKind", kind, "target", target, "cron",
        "0 1 * * *", "timeZone", "UTC", "durationMinutes", 60, "maxPerServer", 1, "maxPerCluster", 1,
        "selection", "ALL"));
  }
}
