package io.granary.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * HBase grants from the API on the shared cluster (AccessController on): a user granted READ on a table
 * gets rows but cannot put them, until the revoke takes even that back; each change is audited with the
 * shell command; bad scopes are named before HBase is asked.
 */
class PermissionsIT extends SharedContext {
  static final byte[] F = Bytes.toBytes("f");

  @Test
  void aReadGrantLetsAUserGetButNotPutUntilItIsRevoked() throws Exception {
    String table = "perm_it_" + TablesIT.RUN;
    String user = "alice" + TablesIT.RUN;
    String base = "/api/v1/clusters/" + cluster + "/permissions";
    try (Admin a = ItSupport.sharedHbase().getAdmin()) {
      a.createTable(TableDescriptorBuilder.newBuilder(TableName.valueOf(table))
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build());
    }
    try (Table t = ItSupport.sharedHbase().getTable(TableName.valueOf(table))) {
      t.put(new Put(Bytes.toBytes("r1")).addColumn(F, F, Bytes.toBytes("v1")));
    }
    JsonNode before = admin.get(base).json();
    assertThat(before.get("authentication").asString()).isEqualTo("simple");
    assertThat(before.get("shellCommand").asString()).isEqualTo("user_permission '.*'");

    org.apache.hadoop.conf.Configuration conf = ItSupport.sharedHbase().getConfiguration();
    try (Connection asUser = ConnectionFactory.createConnection(conf, User.createUserForTesting(conf, user,
        new String[0])); Table t = asUser.getTable(TableName.valueOf(table))) {
      assertThat(denied(() -> t.get(new Get(Bytes.toBytes("r1"))))).as("a get before any grant").isTrue();

      Api.Response granted = admin.post(base, "{\"principal\":\"" + user + "\",\"table\":\"" + table
          + "\",\"actions\":\"R\"}");
      assertThat(granted.status()).as(granted.body()).isEqualTo(201);
      assertThat(granted.json().get("shellCommand").asString()).isEqualTo("grant '" + user + "', 'R', '" + table + "'");
      assertThat(granted.json().get("scope").asString()).isEqualTo("TABLE");
      assertThat(ApiIT.await("the grant on the RegionServer", 30, () -> readable(t), ok -> ok)).isTrue();
      assertThat(denied(() -> t.put(new Put(Bytes.toBytes("r2")).addColumn(F, F, Bytes.toBytes("v2")))))
          .as("a put with READ only").isTrue();

      JsonNode listed = admin.get(base + "?table=" + table).json();
      assertThat(listed.get("shellCommand").asString()).isEqualTo("user_permission '" + table + "'");
      assertThat(listed.get("permissions").valueStream().filter(p -> p.get("principal").asString().equals(user))
          .map(p -> p.get("actions").asString()).toList()).containsExactly("R");
      assertThat(admin.get(base).json().get("permissions").toString()).contains(user);

      // a VIEWER reads the list but changes nothing
      String viewerName = "permviewer" + TablesIT.RUN;
      assertThat(admin.post("/api/v1/users", "{\"username\":\"" + viewerName + "\",\"password\":\"viewer-password\","
          + "\"role\":\"VIEWER\"}").status()).isEqualTo(201);
      Api viewer = new Api("http://127.0.0.1:" + port);
      assertThat(viewer.login(viewerName, "viewer-password").status()).isEqualTo(200);
      assertThat(viewer.get(base).status()).isEqualTo(200);
      assertThat(viewer.post(base, "{\"principal\":\"" + viewerName + "\",\"actions\":\"RWXCA\"}").status())
          .isEqualTo(403);

      String revoke = base + "?principal=" + user + "&table=" + URLEncoder.encode(table, StandardCharsets.UTF_8);
      assertThat(admin.send("DELETE", revoke, null).status()).isEqualTo(204);
      assertThat(ApiIT.await("the revoke on the RegionServer", 30, () -> readable(t), ok -> !ok)).isFalse();
      HardeningIT.problem(admin.send("DELETE", revoke, null), 404, "permission-not-found");
    }

    JsonNode audit = admin.get("/api/v1/audit?username=admin&action=permissions").json();
    assertThat(audit.get("items").toString()).contains("grant '" + user + "', 'R', '" + table + "'")
        .contains("revoke '" + user + "', '" + table + "'").contains("principal " + user);
  }

  @Test
  void namespaceAndGroupGrantsAreListedWithTheirScope() {
    String base = "/api/v1/clusters/" + cluster + "/permissions";
    String group = "@ops" + TablesIT.RUN;
    Api.Response r = admin.post(base, "{\"principal\":\"" + group + "\",\"namespace\":\"default\",\"actions\":\"WR\"}");
    assertThat(r.status()).as(r.body()).isEqualTo(201);
    assertThat(r.json().get("actions").asString()).as("the shell's order").isEqualTo("RW");
    assertThat(r.json().get("shellCommand").asString()).isEqualTo("grant '" + group + "', 'RW', '@default'");
    JsonNode listed = admin.get(base + "?namespace=default").json();
    JsonNode mine = listed.get("permissions").valueStream().filter(p -> p.get("principal").asString().equals(group))
        .findFirst().orElseThrow();
    assertThat(mine.get("scope").asString()).isEqualTo("NAMESPACE");
    assertThat(mine.get("group").asBoolean()).isTrue();
    assertThat(mine.get("revokeCommand").asString()).isEqualTo("revoke '" + group + "', '@default'");
    assertThat(admin.send("DELETE", base + "?principal=" + URLEncoder.encode(group, StandardCharsets.UTF_8)
        + "&namespace=default", null).status()).isEqualTo(204);
  }

  @Test
  void badScopesAreNamedAndNothingIsGranted() {
    String base = "/api/v1/clusters/" + cluster + "/permissions";
    int before = admin.get(base).json().get("permissions").size();
    HardeningIT.problem(admin.post(base, "{\"principal\":\"bob\",\"actions\":\"RZ\"}"), 400, "validation-failed");
    HardeningIT.problem(admin.post(base, "{\"principal\":\"bob\",\"actions\":\"RR\"}"), 400, "validation-failed");
    HardeningIT.problem(admin.post(base, "{\"principal\":\"bob smith\",\"actions\":\"R\"}"), 400, "validation-failed");
    HardeningIT.problem(admin.post(base, "{\"principal\":\"bob\",\"family\":\"f\",\"actions\":\"R\"}"), 400,
        "validation-failed");
    HardeningIT.problem(admin.post(base, "{\"principal\":\"bob\",\"table\":\"no_such_" + TablesIT.RUN
        + "\",\"actions\":\"R\"}"), 404, "table-not-found");
    HardeningIT.problem(admin.post(base, "{\"principal\":\"bob\",\"namespace\":\"nosuchns" + TablesIT.RUN
        + "\",\"actions\":\"R\"}"), 404, "namespace-not-found");
    Api.Response mismatch = admin.post(base, "{\"principal\":\"bob\",\"namespace\":\"hbase\",\"table\":\"granary:probe\","
        + "\"actions\":\"R\"}");
    HardeningIT.problem(mismatch, 400, "validation-failed");
    assertThat(mismatch.body()).contains("namespace");
    HardeningIT.problem(admin.post(base, "{\"principal\":\"bob\",\"table\":\"granary:probe\",\"family\":\"nope\","
        + "\"actions\":\"R\"}"), 400, "validation-failed");
    assertThat(admin.get(base).json().get("permissions").size()).isEqualTo(before);
  }

  interface Call {
    void run() throws IOException;
  }

  /** True when HBase refused the call for want of a grant. */
  static boolean denied(Call call) {
    try {
      call.run();
      return false;
    } catch (IOException e) {
      assertThat(String.valueOf(e)).containsAnyOf("AccessDenied", "Insufficient permissions");
      return true;
    }
  }

  static boolean readable(Table t) {
    try {
      return Bytes.toString(t.get(new Get(Bytes.toBytes("r1"))).getValue(F, F)).equals("v1");
    } catch (IOException e) {
      return false;
    }
  }
}
