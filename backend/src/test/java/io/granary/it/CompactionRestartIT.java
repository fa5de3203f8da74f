package io.granary.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Kills the control plane (SIGKILL) while a window's run is half done and starts it again on the
 * same data: the run resumes with the regions not yet done, every region is compacted exactly
 * once, and nothing is left RUNNING.
 */
class CompactionRestartIT {
  static final Map<String, String> ENV = Map.of("GRANARY_COMPACTION_TICK", "2s");
  static final int REGIONS = 8;
  Path data;
  Process backend;
  final String table = "it_cmp_restart_" + TablesIT.RUN;

  @Test
  void aRunInterruptedByARestartResumesAndCompactsEveryRegionExactlyOnce() throws Exception {
    boolean balancer = true;
    try (Connection hbase = ItSupport.hbase()) {
      balancer = CompactionFixture.balancer(hbase, false);
      int[] files = new int[REGIONS];
      java.util.Arrays.fill(files, 6);
      CompactionFixture.create(hbase, table, files);

      data = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "it-compaction-restart-");
      int port = ControlPlaneRestartIT.freePort();
      backend = ControlPlaneRestartIT.start(data, port, ENV);
      Api api = ControlPlaneRestartIT.awaitUp(port, backend);
      assertThat(api.login("admin", ItSupport.ADMIN_PASSWORD).status()).isEqualTo(200);
      long cluster = api.get("/api/v1/clusters").json().get(0).get("id").asLong();
      String base = "/api/v1/clusters/" + cluster + "/compactions";
      Api.Response created = api.post(base + "/schedules", """
          {"name":"restart","targetKind":"TABLE","target":"%s","cron":"0 3 * * *","timeZone":"UTC",
           "durationMinutes":30,"maxPerServer":1,"maxPerCluster":1,"selection":"ALL"}""".formatted(table));
      assertThat(created.status()).as(created.body()).isEqualTo(201);
      Api.Response started = api.post(base + "/schedules/" + created.json().get("id").asLong() + "/run", null);
      assertThat(started.status()).as(started.body()).isEqualTo(202);
      String run = base + "/runs/" + started.json().get("runId").asLong();
      String firstOperation = started.json().get("operation").get("id").asString();

      JsonNode partway = ApiIT.await("two regions done", 120, () -> api.get(run).json(),
          n -> n.get("regionsDone").asInt() >= 2);
      assertThat(partway.get("regionsDone").asInt()).as("killed before the end").isLessThan(REGIONS);
      backend.destroyForcibly().waitFor();

      backend = ControlPlaneRestartIT.start(data, port, ENV);
      Api again = ControlPlaneRestartIT.awaitUp(port, backend);
      assertThat(again.login("admin", ItSupport.ADMIN_PASSWORD).status()).isEqualTo(200);
      JsonNode done = ApiIT.await("the resumed run to finish", 180, () -> again.get(run).json(),
          n -> !n.get("state").asString().equals("RUNNING"));
      assertThat(done.get("state").asString()).as(done.toString()).isEqualTo("SUCCEEDED");
      assertThat(done.get("regionsDone").asInt()).isEqualTo(REGIONS);
      assertThat(done.get("operationId").asString()).as("a new operation drives the resumed run")
          .isNotEqualTo(firstOperation);
      JsonNode events = again.get("/api/v1/operations/" + done.get("operationId").asString()).json().get("events");
      assertThat(events.toString()).contains("resumed");

      // every region reports a compaction, and exactly one (a second request would show as 2)
      Map<String, Long> compactions = CompactionFixture.awaitCompactionsCompleted(hbase, table,
          m -> m.size() >= REGIONS && m.values().stream().allMatch(c -> c > 0));
      assertThat(compactions).hasSize(REGIONS);
      assertThat(compactions.values()).as("compactions per region").containsOnly(1L);
      assertThat(CompactionFixture.storeFiles(hbase, table).values()).containsOnly(1);
      assertThat(again.get(base + "/runs").json().valueStream()
          .filter(r -> r.get("state").asString().equals("RUNNING")).toList()).isEmpty();
    } finally {
      try (Connection hbase = ItSupport.hbase()) {
        CompactionFixture.drop(hbase, table);
        CompactionFixture.balancer(hbase, balancer);
      }
    }
  }

  @AfterEach
  void stop() throws Exception {
    ControlPlaneRestartIT.stop(backend, data);
  }
}
