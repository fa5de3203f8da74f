package io.granary.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.operations.OperationReaper;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/** The control plane end to end over HTTP, on real PostgreSQL and the real local cluster. */
class ApiIT extends SharedContext {

  @Autowired JdbcClient jdbc;
  @Autowired OperationReaper reaper;
  @Autowired io.granary.operations.OperationsService operations;

  long localClusterId() {
    for (JsonNode c : admin.get("/api/v1/clusters").json()) {
      if (c.get("name").asString().equals("local")) {
        return c.get("id").asLong();
      }
    }
    throw new AssertionError("local cluster not registered");
  }

  static <T> T await(String what, long seconds, java.util.function.Supplier<T> poll, Predicate<T> done)
      throws InterruptedException {
    long start = System.nanoTime();
    long deadline = start + seconds * 1_000_000_000L;
    T last = null;
    RuntimeException lastError = null;
    while (System.nanoTime() < deadline) {
      last = poll.get();
      try {
        if (done.test(last)) {
          long waited = (System.nanoTime() - start) / 1_000_000_000L;
          if (waited >= 10) { // the suite's time goes to waits like these: name the long ones
            System.err.printf("awaited %s: %d s%n", what, waited);
          }
          return last;
        }
        lastError = null;
      } catch (RuntimeException e) {
        // an answer without the fields yet (a problem while the control plane catches up): poll again
        lastError = e;
      }
      Thread.sleep(1000);
    }
    AssertionError timedOut = new AssertionError("timed out waiting for " + what + "; last: " + last);
    if (lastError != null) {
      timedOut.initCause(lastError);
    }
    throw timedOut;
  }

  @Test
  void theLocalClusterIsRegisteredAndHealthyWithFiveDataNodesAndTwoRegionServers() throws Exception {
    long id = localClusterId();
    JsonNode o = await("HEALTHY overview", 120, () -> admin.get("/api/v1/clusters/" + id + "/overview").json(),
        n -> n.get("health").get("status").asString().equals("HEALTHY")
            && n.get("hdfs").get("liveDataNodes").asInt() == 5
            && n.get("hbase").get("liveRegionServers").asInt() == 2);
    assertThat(o.get("hdfs").get("dataNodes")).hasSize(5);
    assertThat(o.get("hbase").get("regionServers")).hasSize(2);
    assertThat(o.get("versions").get("hbase").asString()).isEqualTo("2.6.4-hadoop3");
    assertThat(o.get("versions").get("hadoop").asString()).isEqualTo("3.4.2");
    assertThat(o.get("nativeSupport").get("known").asBoolean()).isTrue();
    assertThat(o.get("nativeSupport").get("checksum").asString()).startsWith("CRC32C");
    assertThat(admin.get("/api/v1/clusters/" + id + "/health").json().get("status").asString()).isEqualTo("HEALTHY");
  }

  @Test
  void theBalancerRunsAsAnOperationWithEventsAndAStream() throws Exception {
    long id = localClusterId();
    Api.Response started = admin.post("/api/v1/clusters/" + id + "/balancer", null);
    assertThat(started.status()).isEqualTo(202);
    assertThat(started.location()).startsWith("/api/v1/operations/");
    JsonNode done = await("balancer finished", 120, () -> admin.get(started.location()).json(),
        n -> !n.get("state").asString().matches("PENDING|RUNNING"));
    assertThat(done.get("state").asString()).isEqualTo("SUCCEEDED");
    assertThat(done.get("progress").asInt()).isEqualTo(100);
    assertThat(done.get("createdBy").asString()).isEqualTo("admin");
    assertThat(done.get("events").size()).isGreaterThanOrEqualTo(2);

    Api.Response stream = admin.get(started.location() + "/stream");
    assertThat(stream.contentType()).startsWith("text/event-stream");
    assertThat(stream.body()).contains("event:operation").contains("\"state\":\"SUCCEEDED\"");

    JsonNode audit = admin.get("/api/v1/audit?username=admin&action=balancer").json();
    assertThat(audit.get("total").asLong()).isGreaterThanOrEqualTo(1);
    assertThat(audit.get("items").get(0).get("result").asString()).isEqualTo("SUCCESS");
  }

  @Test
  void aViewerReadsButCannotMutateAndTheDenialIsAudited() {
    String name = "viewer" + (System.nanoTime() % 100000);
    assertThat(admin.post("/api/v1/users", "{\"username\":\"" + name
        + "\",\"password\":\"viewer-password\",\"role\":\"VIEWER\"}").status()).isEqualTo(201);
    Api viewer = new Api("http://127.0.0.1:" + port);
    assertThat(viewer.login(name, "viewer-password").status()).isEqualTo(200);
    long id = localClusterId();
    assertThat(viewer.get("/api/v1/clusters/" + id + "/overview").status()).isEqualTo(200);
    Api.Response denied = viewer.post("/api/v1/clusters/" + id + "/balancer", null);
    assertThat(denied.status()).isEqualTo(403);
    assertThat(denied.contentType()).startsWith("application/problem+json");
    assertThat(viewer.get("/api/v1/audit").status()).isEqualTo(403);
    assertThat(viewer.get("/api/v1/users").status()).isEqualTo(403);
    JsonNode audit = admin.get("/api/v1/audit?username=" + name + "&result=DENIED").json();
    assertThat(audit.get("total").asLong()).isGreaterThanOrEqualTo(1);
  }

  @Test
  void badInputIsAlwaysA4xxProblemAndNeverAStackTrace() {
    long id = localClusterId();
    for (Api.Response r : new Api.Response[] {
        admin.post("/api/v1/clusters", "{not json"),
        admin.post("/api/v1/clusters", "{\"name\":\"X\",\"kind\":\"LOCAL\",\"zookeeperQuorum\":\"\",\"namenodeUri\":\"x\"}"),
        admin.get("/api/v1/clusters/987654"),
        admin.get("/api/v1/clusters/not-a-number"),
        admin.get("/api/v1/operations/" + UUID.randomUUID()),
        admin.get("/api/v1/operations?limit=0"),
        admin.get("/api/v1/operations?state=BOGUS"),
        admin.get("/api/v1/audit?from=yesterday"),
        admin.post("/api/v1/users", "{\"username\":\"ab\",\"password\":\"short\",\"role\":\"ROOT\"}"),
        admin.send("PUT", "/api/v1/clusters/" + id, "{}")}) {
      assertThat(r.status()).as(r.body()).isBetween(400, 499);
      assertThat(r.contentType()).as(r.body()).startsWith("application/problem+json");
      assertThat(r.json().get("code").asString()).isNotBlank();
      assertThat(r.body()).doesNotContain("Exception").doesNotContain("\tat ");
    }
  }

  @Test
  void apiTokensAuthenticateWithoutASessionOrCsrf() {
    String secret = admin.post("/api/v1/tokens", "{\"name\":\"ci\"}").json().get("secret").asString();
    Api automation = new Api("http://127.0.0.1:" + port).withToken(secret);
    assertThat(automation.get("/api/v1/auth/me").json().get("username").asString()).isEqualTo("admin");
    assertThat(new Api("http://127.0.0.1:" + port).withToken("gra_revoked").get("/api/v1/clusters").status())
        .isEqualTo(401);
  }

  @Test
  void theLastAdminCannotBeDeletedOrDemoted() {
    assertThat(admin.send("DELETE", "/api/v1/users/admin", null).json().get("code").asString()).isEqualTo("last-admin");
    assertThat(admin.send("PATCH", "/api/v1/users/admin", "{\"role\":\"VIEWER\"}").status()).isEqualTo(409);
  }

  @Test
  void operationsWhoseRunnerDiedAreFailedNotLeftRunning() {
    UUID id = UUID.randomUUID();
    jdbc.sql("""
            INSERT INTO operations (id, type, target, state, created_by, runner, heartbeat_at, started_at)
            VALUES (?, 'BALANCER_RUN', 'cluster x', 'RUNNING', 'admin', 'cp-dead', ?, now())""")
        .params(id, Timestamp.from(Instant.now().minusSeconds(600))).update();
    reaper.reap(true);
    JsonNode op = admin.get("/api/v1/operations/" + id).json();
    assertThat(op.get("state").asString()).isEqualTo("FAILED");
    assertThat(op.get("message").asString()).contains("interrupted");
  }

  @Test
  void anOpenOperationBlocksItsTargetWhateverItsTypeButNotOtherTargets() throws Exception {
    long id = localClusterId();
    UUID open = UUID.randomUUID();
    jdbc.sql("""
            INSERT INTO operations (id, type, cluster_id, target, state, created_by, runner, heartbeat_at, started_at)
            VALUES (?, 'SOMETHING_ELSE', ?, 'cluster local', 'RUNNING', 'admin', ?, now(), now())""")
        .params(open, id, operations.runnerId()).update();
    try {
      Api.Response balancer = admin.post("/api/v1/clusters/" + id + "/balancer", null);
      assertThat(balancer.status()).isEqualTo(409);
      assertThat(balancer.json().get("code").asString()).isEqualTo("operation-already-running");
      assertThat(balancer.json().get("detail").asString()).contains("SOMETHING_ELSE").contains("cluster local");
      JsonNode created = ItSupport.createTable(admin, id, "{\"name\":\"it_free_" + TablesIT.RUN
          + "\",\"families\":[{\"name\":\"f\"}],\"split\":{\"strategy\":\"NONE\"}}");
      assertThat(created.get("regionCount").asInt()).isEqualTo(1);
    } finally {
      jdbc.sql("UPDATE operations SET state = 'FAILED', finished_at = now() WHERE id = ?").param(open).update();
    }
  }
}
