package io.granary.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.compactions.CompactionRepository;
import io.granary.compactions.Run;
import io.granary.compactions.Schedule;
import io.granary.compactions.WindowClaimer;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/** On-demand and scheduled compactions on the real local cluster. */
class CompactionsIT extends SharedContext {
  static final String RUN = TablesIT.RUN;
  static Connection hbase;

  @Autowired CompactionRepository repo;

  @BeforeAll
  static void connect() throws Exception {
    hbase = ItSupport.sharedHbase();
  }

  String base() {
    return "/api/v1/clusters/" + cluster + "/compactions";
  }

  @Test
  void anOnDemandMajorCompactionLeavesOneFilePerStoreAndRecordsBeforeAndAfter() throws Exception {
    String table = "it_cmp_now_" + RUN;
    try {
      CompactionFixture.create(hbase, table, new int[] {6, 7});
      assertThat(CompactionFixture.storeFiles(hbase, table).values()).allMatch(n -> n >= 6);

      Api.Response r = admin.post(base(), "{\"kind\":\"MAJOR\",\"table\":\"" + table + "\"}");
      assertThat(r.status()).as(r.body()).isEqualTo(202);
      assertThat(r.json().get("shellCommand").asString()).isEqualTo("major_compact '" + table + "'");
      long runId = r.json().get("runId").asLong();
      ItSupport.awaitSuccess(admin, r.location());

      assertThat(CompactionFixture.storeFiles(hbase, table).values()).containsOnly(1);
      JsonNode run = admin.get(base() + "/runs/" + runId).json();
      assertThat(run.get("state").asString()).isEqualTo("SUCCEEDED");
      assertThat(run.get("trigger").asString()).isEqualTo("ON_DEMAND");
      assertThat(run.get("regionsDone").asInt()).isEqualTo(2);
      assertThat(run.get("storeFilesBefore").asInt()).isEqualTo(13);
      assertThat(run.get("storeFilesAfter").asInt()).isEqualTo(2);
      run.get("regions").forEach(g -> {
        assertThat(g.get("state").asString()).isEqualTo("DONE");
        assertThat(g.get("storeFilesBefore").asInt()).isGreaterThanOrEqualTo(6);
        assertThat(g.get("storeFilesAfter").asInt()).isEqualTo(1);
      });

      JsonNode history = admin.get(base() + "/history?table=" + table).json();
      assertThat(history).hasSize(1);
      assertThat(history.get(0).get("storeFilesBefore").asInt()).isEqualTo(13);
      assertThat(history.get(0).get("storeFilesAfter").asInt()).isEqualTo(2);
      assertThat(admin.get(base() + "/runs?table=" + table).json().get(0).get("id").asLong()).isEqualTo(runId);
      assertThat(admin.get("/api/v1/audit?size=50").json().toString())
          .contains("POST /api/v1/clusters/" + cluster + "/compactions");
    } finally {
      CompactionFixture.drop(hbase, table);
    }
  }

  @Test
  void aWindowOpeningWithinAMinuteRunsOnceWithinTheCapsAndSkipsRegionsUnderTheThreshold() throws Exception {
    String table = "it_cmp_win_" + RUN;
    Long scheduleId = null;
    boolean balancer = CompactionFixture.balancer(hbase, false);
    try {
      // four regions with 6 files, two with 2: a threshold of 4 files per store selects four
      CompactionFixture.create(hbase, table, new int[] {6, 6, 2, 6, 2, 6});
      Map<String, Integer> before = CompactionFixture.storeFiles(hbase, table);
      ZonedDateTime start = ZonedDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MINUTES).plusMinutes(1);
      if (ChronoUnit.SECONDS.between(ZonedDateTime.now(ZoneOffset.UTC), start) < 15) {
        start = start.plusMinutes(1);
      }
      String cron = start.getMinute() + " " + start.getHour() + " * * *";
      Api.Response created = admin.post(base() + "/schedules", """
          {"name":"it-window-%s","targetKind":"TABLE","target":"%s","cron":"%s","timeZone":"UTC",
           "durationMinutes":10,"maxPerServer":1,"maxPerCluster":2,"selection":"THRESHOLD",
           "minStoreFilesPerStore":4}""".formatted(RUN, table, cron));
      assertThat(created.status()).as(created.body()).isEqualTo(201);
      scheduleId = created.json().get("id").asLong();
      assertThat(Instant.parse(created.json().get("nextWindows").get(0).asString())).isEqualTo(start.toInstant());
      assertThat(created.json().get("shellCommands").toString()).contains("at most 1 per RegionServer and 2 at once");

      // poll the RegionServers' compaction state through the whole run
      Map<String, Integer> maxPerServer = new HashMap<>();
      String runs = base() + "/runs?scheduleId=" + scheduleId;
      long deadline = System.nanoTime() + 240_000_000_000L;
      JsonNode run = null;
      while (System.nanoTime() < deadline) {
        CompactionFixture.compactingPerServer(hbase, table).forEach((s, n) -> maxPerServer.merge(s, n, Math::max));
        JsonNode list = admin.get(runs).json();
        if (!list.isEmpty() && !list.get(0).get("state").asString().equals("RUNNING")) {
          run = list.get(0);
          break;
        }
        Thread.sleep(100);
      }
      assertThat(run).as("the window's run finished").isNotNull();
      assertThat(maxPerServer.values()).as("regions compacting at once per server").allMatch(n -> n <= 1);
      assertThat(run.get("trigger").asString()).isEqualTo("SCHEDULE");
      assertThat(Instant.parse(run.get("windowStart").asString())).isEqualTo(start.toInstant());
      assertThat(run.get("state").asString()).as(run.toString()).isEqualTo("SUCCEEDED");
      assertThat(run.get("regionsDone").asInt()).isEqualTo(4);
      assertThat(run.get("regionsSkipped").asInt()).isEqualTo(2);

      JsonNode detail = admin.get(base() + "/runs/" + run.get("id").asLong()).json();
      List<String> compacted = detail.get("regions").valueStream()
          .filter(g -> before.get(g.get("region").asString()) >= 4).map(g -> g.get("region").asString()).toList();
      Map<String, Long> compactions = CompactionFixture.awaitCompactionsCompleted(hbase, table,
          m -> compacted.stream().allMatch(r -> m.getOrDefault(r, 0L) > 0));
      Map<String, Integer> after = CompactionFixture.storeFiles(hbase, table);
      List<long[]> intervals = new ArrayList<>();
      Map<String, List<long[]>> perServer = new HashMap<>();
      for (JsonNode g : detail.get("regions")) {
        String region = g.get("region").asString();
        if (before.get(region) >= 4) {
          assertThat(g.get("state").asString()).isEqualTo("DONE");
          assertThat(after.get(region)).isEqualTo(1);
          assertThat(compactions.get(region)).as("compactions of " + region).isEqualTo(1L);
          long[] span = {Instant.parse(g.get("startedAt").asString()).toEpochMilli(),
              Instant.parse(g.get("finishedAt").asString()).toEpochMilli()};
          perServer.computeIfAbsent(g.get("server").asString(), k -> new ArrayList<>()).add(span);
          intervals.add(span);
        } else {
          assertThat(g.get("state").asString()).isEqualTo("SKIPPED");
          assertThat(g.get("reason").asString()).contains("2.0 store files per store < 4");
          assertThat(after.get(region)).isEqualTo(2);
          assertThat(compactions.getOrDefault(region, 0L)).isZero();
        }
      }
      // the run's own record: no two regions of one server overlapped, never more than 2 at once
      perServer.values().forEach(spans -> {
        spans.sort((a, b) -> Long.compare(a[0], b[0]));
        for (int i = 1; i < spans.size(); i++) {
          assertThat(spans.get(i)[0]).isGreaterThanOrEqualTo(spans.get(i - 1)[1]);
        }
      });
      for (long[] s : intervals) {
        long overlapping = intervals.stream().filter(o -> o[0] <= s[0] && s[0] < o[1]).count();
        assertThat(overlapping).isLessThanOrEqualTo(2);
      }

      Thread.sleep(5_000); // more scheduler ticks inside the same window
      assertThat(admin.get(runs).json()).hasSize(1);
    } finally {
      if (scheduleId != null) {
        admin.send("DELETE", base() + "/schedules/" + scheduleId, null);
      }
      CompactionFixture.drop(hbase, table);
      CompactionFixture.balancer(hbase, balancer);
    }
  }

  @Test
  void cancellingStopsStartingRegionsAndLetsTheRunningOnesFinish() throws Exception {
    String table = "it_cmp_cancel_" + RUN;
    try {
      CompactionFixture.create(hbase, table, new int[] {6, 6, 6, 6, 6, 6, 6, 6});
      Api.Response r = admin.post(base(), "{\"kind\":\"MAJOR\",\"table\":\"" + table + "\",\"maxPerServer\":1}");
      assertThat(r.status()).as(r.body()).isEqualTo(202);
      String run = base() + "/runs/" + r.json().get("runId").asLong();
      ApiIT.await("a region compacting", 60, () -> admin.get(run).json(), n -> n.get("regionsRunning").asInt() > 0
          || n.get("regionsDone").asInt() > 0);
      Api.Response cancel = admin.post(r.location() + "/cancel", null);
      assertThat(cancel.status()).as(cancel.body()).isEqualTo(202);
      JsonNode done = ApiIT.await("the run to stop", 120, () -> admin.get(run).json(),
          n -> !n.get("state").asString().equals("RUNNING"));
      assertThat(done.get("state").asString()).isEqualTo("CANCELLED");
      assertThat(done.get("regionsDone").asInt()).isBetween(1, 7);
      assertThat(done.get("regionsSkipped").asInt()).isEqualTo(8 - done.get("regionsDone").asInt());
      assertThat(done.get("regionsRunning").asInt() + done.get("regionsPending").asInt()).isZero();
      done.get("regions").forEach(g -> {
        if (g.get("state").asString().equals("SKIPPED")) {
          assertThat(g.get("reason").asString()).isEqualTo("cancelled before it started");
        }
      });
      assertThat(admin.get(r.location()).json().get("state").asString()).isEqualTo("CANCELLED");
      // the skipped regions were never asked
      Map<String, Integer> files = CompactionFixture.storeFiles(hbase, table);
      assertThat(files.values().stream().filter(n -> n == 1).count()).isEqualTo(done.get("regionsDone").asInt());
    } finally {
      CompactionFixture.drop(hbase, table);
    }
  }

  @Test
  void aScheduleWarnsWhilePeriodicMajorCompactionIsStillOn() throws Exception {
    String plain = "it_cmp_periodic_" + RUN;
    String off = "it_cmp_noperiodic_" + RUN;
    try {
      ItSupport.createTable(admin, cluster, "{\"name\":\"" + plain + "\",\"families\":[{\"name\":\"f\"}],"
          + "\"split\":{\"strategy\":\"NONE\"}}");
      CompactionFixture.create(hbase, off, new int[] {1});
      String body = "{\"name\":\"%s\",\"targetKind\":\"TABLE\",\"target\":\"%s\",\"cron\":\"0 3 * * *\","
          + "\"timeZone\":\"UTC\",\"durationMinutes\":60,\"maxPerServer\":1,\"maxPerCluster\":1,"
          + "\"selection\":\"ALL\",\"enabled\":false}";
      JsonNode warned = admin.post(base() + "/schedules", body.formatted("it-periodic-" + RUN, plain)).json();
      JsonNode quiet = admin.post(base() + "/schedules", body.formatted("it-noperiodic-" + RUN, off)).json();
      try {
        assertThat(warned.get("recommendations").toString()).contains("PERIODIC_MAJOR_ON",
            "hbase.hregion.majorcompaction' => '0'");
        assertThat(quiet.get("recommendations").toString()).doesNotContain("PERIODIC_MAJOR_ON");
      } finally {
        admin.send("DELETE", base() + "/schedules/" + warned.get("id").asLong(), null);
        admin.send("DELETE", base() + "/schedules/" + quiet.get("id").asLong(), null);
      }
    } finally {
      admin.send("DELETE", "/api/v1/clusters/" + cluster + "/tables/" + plain + "?confirm=" + plain, null);
      CompactionFixture.drop(hbase, off);
    }
  }

  @Test
  void twoSchedulersOnOneDatabaseClaimEachWindowExactlyOnce() throws Exception {
    // disabled, so the running control plane's own scheduler leaves it alone
    Schedule s = repo.insertSchedule(cluster, new Schedule.Input("it-claims-" + RUN, Schedule.TargetKind.TABLE,
        "it_claims", "* * * * *", "UTC", 1, 1, 1, Schedule.Selection.ALL, null, null, null, false, false), "it");
    WindowClaimer a = new WindowClaimer(repo, "it-runner-a");
    WindowClaimer b = new WindowClaimer(repo, "it-runner-b");
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Instant t0 = Instant.now().truncatedTo(ChronoUnit.MINUTES);
      for (int w = 0; w < 20; w++) {
        Instant now = t0.plus(w, ChronoUnit.MINUTES).plusSeconds(30);
        CyclicBarrier together = new CyclicBarrier(2);
        Future<Optional<Run>> fa = pool.submit(() -> {
          together.await();
          return a.claimDue(s, now);
        });
        Future<Optional<Run>> fb = pool.submit(() -> {
          together.await();
          return b.claimDue(s, now);
        });
        Optional<Run> ra = fa.get();
        Optional<Run> rb = fb.get();
        assertThat(ra.isPresent() ^ rb.isPresent()).as("window %d claimed by exactly one", w).isTrue();
        Run won = ra.orElseGet(rb::orElseThrow);
        assertThat(won.windowStart()).isEqualTo(now.truncatedTo(ChronoUnit.MINUTES));
        repo.finish(won.id(), Run.State.CANCELLED, "claim test");
        // a late third claimer finds it taken
        assertThat(new WindowClaimer(repo, "it-runner-c").claimDue(s, now.plusSeconds(10))).isEmpty();
      }
      assertThat(repo.runs(cluster, null, s.id(), 100)).hasSize(20);
    } finally {
      pool.shutdownNow();
      repo.deleteSchedule(cluster, s.id());
    }
  }

  @Test
  void badSchedulesAndRequestsAreRefusedWithFieldErrors() {
    String good = """
        {"name":"it-bad","targetKind":"TABLE","target":"%s","cron":"%s","timeZone":"UTC",
         "durationMinutes":%d,"maxPerServer":%d,"maxPerCluster":%d,"selection":"ALL"}""";
    assertFields(admin.post(base() + "/schedules", good.formatted("hbase:meta", "every night", 60, 1, 1)), "cron");
    assertFields(admin.post(base() + "/schedules", good.formatted("hbase:meta", "0 1 * * *", 60, 0, -2)),
        "maxPerServer", "maxPerCluster");
    assertFields(admin.post(base() + "/schedules", good.formatted("hbase:meta", "0 */4 * * *", 300, 1, 1)),
        "durationMinutes");
    // well-formed, but naming a table or server that is not there: 404 reference-not-found, field named
    assertMissing(admin.post(base() + "/schedules", good.formatted("no_such_table_" + RUN, "0 1 * * *", 60, 1, 1)),
        "target");
    assertMissing(admin.post(base(), "{\"kind\":\"MAJOR\",\"table\":\"no_such_table_" + RUN + "\"}"), "table");
    assertMissing(admin.post(base(), "{\"kind\":\"MAJOR\",\"server\":\"nohost:1\"}"), "server");
    assertFields(admin.post(base(), "{\"kind\":\"MAJOR\",\"table\":\"hbase:meta\",\"maxPerServer\":0}"),
        "maxPerServer");
    Api.Response unknownKind = admin.post(base(), "{\"kind\":\"HUGE\",\"table\":\"t\"}");
    assertThat(unknownKind.status()).isEqualTo(400);
    assertThat(unknownKind.contentType()).startsWith("application/problem+json");
    assertThat(admin.get(base() + "/schedules/987654").json().get("code").asString()).isEqualTo("schedule-not-found");
    assertThat(admin.get(base() + "/runs/987654").json().get("code").asString()).isEqualTo("run-not-found");
  }

  static void assertMissing(Api.Response r, String field) {
    assertThat(r.status()).as(r.body()).isEqualTo(404);
    assertThat(r.json().get("code").asString()).isEqualTo("reference-not-found");
    assertThat(r.json().get("errors").get(0).get("field").asString()).isEqualTo(field);
  }

  static void assertFields(Api.Response r, String... fields) {
    assertThat(r.status()).as(r.body()).isEqualTo(400);
    assertThat(r.contentType()).startsWith("application/problem+json");
    List<String> named = new ArrayList<>();
    r.json().get("errors").forEach(e -> named.add(e.get("field").asString()));
    assertThat(named).as(r.body()).contains(fields);
  }
}
