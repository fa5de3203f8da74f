package io.granary.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import tools.jackson.databind.JsonNode;

/**
 * Day-2 operations on the provisioned lab cluster, through the control plane: a RegionServer-only
 * configuration change applied as a rolling restart of every RegionServer under a read load (paused
 * after its first RegionServer and resumed; each region's longest read measured), then its revert.
 * The rolling-restart endpoint's refusals and preview are checked here; its run through the console
 * is e2e spec 14. Called by {@link ProvisioningIT} while the lab is up, so it shares that lab.
 */
final class DayTwoLab {
  static final int REGIONS = 8;
  static final int ROWS_PER_REGION = 250;
  static final byte[] F = Bytes.toBytes("f");
  static final byte[] Q = Bytes.toBytes("q");
  static final String HANDLERS = "hbase.regionserver.handler.count";

  private DayTwoLab() {}

  static String key(int region, int row) {
    return String.format(Locale.ROOT, "%02d-%06d", region, row);
  }

  /** Runs the change and its revert; returns what docs/benchmarks/day-2.md reports. */
  static String run(Api admin, long clusterId, String cluster, String zk, List<String> regionServers) throws Exception {
    String base = "/api/v1/clusters/" + clusterId;
    org.apache.hadoop.conf.Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", zk);
    // a read may wait for its region to open elsewhere; it must not give up before the mover is done
    conf.setInt("hbase.client.retries.number", 30);
    conf.setInt("hbase.client.operation.timeout", 120_000);
    TableName tn = TableName.valueOf("lab_rr_" + TablesIT.RUN);
    try (Connection hbase = ConnectionFactory.createConnection(conf)) {
      try (Admin a = hbase.getAdmin()) {
        byte[][] splits = new byte[REGIONS - 1][];
        for (int i = 1; i < REGIONS; i++) {
          splits[i - 1] = Bytes.toBytes(String.format(Locale.ROOT, "%02d-", i));
        }
        a.createTable(TableDescriptorBuilder.newBuilder(tn).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
            .build(), splits);
      }
      try (Table t = hbase.getTable(tn)) {
        List<Put> puts = new ArrayList<>();
        for (int r = 0; r < REGIONS; r++) {
          for (int i = 0; i < ROWS_PER_REGION; i++) {
            puts.add(new Put(Bytes.toBytes(key(r, i))).addColumn(F, Q, Bytes.toBytes(key(r, i))));
          }
        }
        t.put(puts);
      }
      Map<String, String> before = placement(hbase, tn);
      try (Admin a = hbase.getAdmin()) {
        assertThat(a.isBalancerEnabled()).as("the balancer is on before the restart").isTrue();
      }

      // refusals first: no confirmation, an unknown role
      Api.Response unconfirmed = admin.post(base + "/rolling-restart", "{\"roles\":[\"regionserver\"]}");
      assertThat(unconfirmed.status()).as(unconfirmed.body()).isEqualTo(400);
      assertThat(admin.post(base + "/rolling-restart/preview", "{\"roles\":[\"nope\"]}").status()).isEqualTo(400);
      JsonNode preview = admin.post(base + "/rolling-restart/preview", "{\"roles\":[\"regionserver\"]}").json();
      assertThat(preview.get("steps")).hasSize(regionServers.size());
      assertThat(preview.get("shellCommands").get(0).asString()).contains("rolling_restart.yml");

      // the configuration change's rolling restart of every RegionServer is the one measured under reads
      Reads reads = Reads.start(hbase, tn);
      String configJson;
      JsonNode done;
      long start = System.nanoTime();
      try {
        ConfigRun change = configChange(admin, base, cluster, regionServers, zk.split(":")[0]);
        configJson = change.json();
        done = change.applied();
      } finally {
        reads.stop();
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      assertThat(reads.failed.get()).as("reads failed after the client's retries").isZero();
      assertThat(reads.reads.values()).allSatisfy(n -> assertThat(n.get()).isPositive());
      int moved = 0;
      int returned = 0;
      int restarted = 0;
      for (JsonNode s : done.get("steps")) {
        assertThat(s.get("phase").asString()).isEqualTo("DONE");
        if (!s.get("role").asString().equals("regionserver")) {
          continue;
        }
        restarted += s.get("hosts").size();
        List<String> phases = new ArrayList<>();
        s.get("timeline").forEach(e -> phases.add(e.get("phase").asString()));
        assertThat(phases).as("timeline of " + s).containsSubsequence("UNLOADING_REGIONS", "RESTARTING",
            "LOADING_REGIONS");
        // the region mover's list names the moves acknowledged open on their target; one that timed out on
        // a busy host is left out, and its region reopens by the master's reassignment instead
        assertThat(s.path("regionsMoved").asInt()).as("regions moved off by " + s).isPositive();
        moved += s.path("regionsMoved").asInt();
        // the control plane checked (and if need be moved) each server's regions back after its step
        assertThat(s.path("regionsBack").isInt()).as("regionsBack of " + s).isTrue();
        returned += s.path("regionsBack").asInt();
      }
      assertThat(restarted).as("RegionServers restarted").isEqualTo(regionServers.size());
      assertThat(returned).as("regions the control plane found back on their restarted servers")
          .isGreaterThanOrEqualTo(REGIONS);
      try (Admin a = hbase.getAdmin()) {
        assertThat(a.isBalancerEnabled()).as("the balancer is on again after the restart").isTrue();
      }
      // Every region is online afterwards. The steps' check above is what the product guarantees; the
      // placement after the run is measured (the balancer is on again by then and may move a region).
      Map<String, String> after = placement(hbase, tn);
      long back = before.entrySet().stream().filter(e -> e.getValue().equals(after.get(e.getKey()))).count();
      assertThat(after.keySet()).as("every region online: before " + before + ", after " + after)
          .containsExactlyInAnyOrderElementsOf(before.keySet());
      System.out.println("day-2 regions back on their server: " + back + " of " + REGIONS + "; before " + before
          + ", after " + after);

      String restartJson = String.format(Locale.ROOT, "{\"regionServers\": %d, \"seconds\": %.1f, "
              + "\"secondsPerRegionServer\": %.1f, \"regionsMoved\": %d, \"regionsBack\": %d, \"failedReads\": %d, "
              + "\"maxStallMs\": %s, \"reads\": %s}", regionServers.size(), seconds, seconds / regionServers.size(), moved,
          back,
          reads.failed.get(), longs(reads.stall), longs(reads.reads));
      String out = "{\"rollingRestart\": " + restartJson + ", \"configChange\": " + configJson + "}";
      Files.writeString(Path.of("target/day-2.json"), out + "\n");
      System.out.println("day-2 on the lab: " + out);
      try (Admin a = hbase.getAdmin()) {
        a.disableTable(tn);
        a.deleteTable(tn);
      }
      return out;
    }
  }

  /** One reader per region: reads, failures after the client's retries, each region's longest read. */
  static final class Reads {
    final AtomicBoolean reading = new AtomicBoolean(true);
    final Map<String, AtomicLong> stall = new TreeMap<>();
    final Map<String, AtomicLong> reads = new TreeMap<>();
    final AtomicLong failed = new AtomicLong();
    final List<Thread> threads = new ArrayList<>();

    static Reads start(Connection hbase, TableName tn) {
      Reads out = new Reads();
      for (int r = 0; r < REGIONS; r++) {
        int region = r;
        String name = String.format(Locale.ROOT, "region-%02d", r);
        out.stall.put(name, new AtomicLong());
        out.reads.put(name, new AtomicLong());
        Thread th = new Thread(() -> out.read(hbase, tn, region, name), "rolling-restart-reader-" + r);
        th.start();
        out.threads.add(th);
      }
      return out;
    }

    private void read(Connection hbase, TableName tn, int region, String name) {
      Random rnd = new Random(region);
      try (Table t = hbase.getTable(tn)) {
        while (reading.get()) {
          String k = key(region, rnd.nextInt(ROWS_PER_REGION));
          long t0 = System.nanoTime();
          try {
            byte[] v = t.get(new Get(Bytes.toBytes(k))).getValue(F, Q);
            if (v == null || !Bytes.toString(v).equals(k)) {
              failed.incrementAndGet();
            }
            reads.get(name).incrementAndGet();
          } catch (IOException e) {
            failed.incrementAndGet();
          }
          stall.get(name).accumulateAndGet((System.nanoTime() - t0) / 1_000_000, Math::max);
          Thread.sleep(5);
        }
      } catch (IOException e) {
        failed.incrementAndGet();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    void stop() throws InterruptedException {
      reading.set(false);
      for (Thread th : threads) {
        th.join(150_000);
      }
    }
  }

  /** The applied change's run (its steps) and what the benchmark file reports of it. */
  record ConfigRun(JsonNode applied, String json) {}

  static String longs(Map<String, AtomicLong> m) {
    Map<String, Long> out = new TreeMap<>();
    m.forEach((k, v) -> out.put(k, v.get()));
    return Api.JSON.writeValueAsString(out);
  }

  /** Region (encoded name) → the host serving it. */
  static Map<String, String> placement(Connection hbase, TableName tn) throws IOException {
    Map<String, String> out = new TreeMap<>();
    try (RegionLocator l = hbase.getRegionLocator(tn)) {
      for (HRegionLocation loc : l.getAllRegionLocations()) {
        out.put(loc.getRegion().getEncodedName(), loc.getServerName().getHostname());
      }
    }
    return out;
  }

  /**
   * A RegionServer handler count through a role-group override, applied one RegionServer at a time
   * (paused after its first RegionServer and resumed), then reverted.
   */
  static ConfigRun configChange(Api admin, String base, String cluster, List<String> regionServers, String master)
      throws Exception {
    JsonNode current = admin.get(base + "/config").json();
    int v0 = current.get("installedVersion").asInt();
    assertThat(current.get("roles").get("regionserver")).hasSize(regionServers.size());
    String old = conf("http://" + regionServers.get(0) + ":16030", HANDLERS);
    String changed = String.valueOf(Integer.parseInt(old) + 7);

    JsonNode bad = admin.post(base + "/config/preview", change(HANDLERS, "lots", "")).json();
    assertThat(bad.get("ok").asBoolean()).isFalse();
    assertThat(bad.get("findings").toString()).contains(HANDLERS).contains("ERROR");
    assertThat(admin.post(base + "/config", change(HANDLERS, "lots", cluster)).status()).isEqualTo(400);
    JsonNode unknown = admin.post(base + "/config/preview", change("granary.no.such.key", "1", "")).json();
    assertThat(unknown.get("findings").toString()).contains("WARNING");

    JsonNode preview = admin.post(base + "/config/preview", change(HANDLERS, changed, "")).json();
    assertThat(preview.get("ok").asBoolean()).as(preview.toString()).isTrue();
    JsonNode c0 = preview.get("diff").get("configChanges").get(0);
    assertThat(c0.get("key").asString()).isEqualTo(HANDLERS);
    assertThat(c0.get("role").asString()).isEqualTo("regionserver");
    assertThat(c0.get("newValue").asString()).isEqualTo(changed);
    List<String> restarting = new ArrayList<>();
    preview.get("restarts").forEach(s -> restarting.add(s.get("role").asString()));
    assertThat(restarting).containsOnly("regionserver");

    String masterStart = masterStartTime(master);
    long t0 = System.nanoTime();
    Api.Response started = admin.post(base + "/config", change(HANDLERS, changed, cluster).replace(
        "\"batchSize\":2", "\"batchSize\":1"));
    assertThat(started.status()).as(started.body()).isEqualTo(202);
    String run = "/api/v1/provisioning/runs/" + started.json().get("id").asLong();
    // pause once the files are written and the first RegionServer is back, then resume
    ApiIT.await("the first RegionServer step running", 600, () -> admin.get(run).json(),
        n -> !n.get("state").asString().equals("RUNNING") || n.get("steps").size() > 1
            && !n.get("steps").get(1).get("phase").asString().equals("PENDING"));
    assertThat(admin.post(run + "/pause", "").status()).isEqualTo(202);
    JsonNode paused = ApiIT.await("the change paused after a step", 600, () -> admin.get(run).json(),
        n -> !n.get("state").asString().equals("RUNNING"));
    assertThat(paused.get("state").asString()).as(paused.toString()).isEqualTo("PAUSED");
    assertThat(paused.get("steps").get(1).get("phase").asString()).isEqualTo("DONE");
    assertThat(paused.get("steps").get(paused.get("steps").size() - 1).get("phase").asString()).isEqualTo("PENDING");
    assertThat(admin.post(run + "/resume", "").status()).isEqualTo(202);
    JsonNode applied = ApiIT.await("the change to finish", 900, () -> admin.get(run).json(),
        n -> !n.get("state").asString().equals("RUNNING"));
    assertThat(applied.get("state").asString()).as(applied.toString()).isEqualTo("SUCCEEDED");
    // the resumed run's operation held the balancer off for the RegionServer steps and gave it back
    assertThat(admin.get("/api/v1/operations/" + applied.get("operationId").asString()).json().get("events")
        .toString()).contains("balancer switched off").contains("balancer switched back on");
    double applySeconds = (System.nanoTime() - t0) / 1e9;
    assertThat(applied.get("steps").get(0).get("role").asString()).isEqualTo("config");
    for (String rs : regionServers) {
      assertThat(conf("http://" + rs + ":16030", HANDLERS)).as("RegionServer " + rs).isEqualTo(changed);
    }
    assertThat(masterStartTime(master)).as("the HMaster did not restart").isEqualTo(masterStart);
    JsonNode versions = admin.get(base + "/installs").json();
    assertThat(versions.get(0).get("playbook").asString()).isEqualTo("config_change");
    int v1 = versions.get(0).get("version").asInt();
    assertThat(v1).isEqualTo(v0 + 1);
    assertThat(admin.get(base + "/installs/compare?from=" + v0 + "&to=" + v1).json().get("configChanges").toString())
        .contains(HANDLERS).contains(changed);

    t0 = System.nanoTime();
    // every RegionServer in one step: nothing reads now, and one restart of the batch is the quickest
    follow(admin, admin.post(base + "/installs/" + v0 + "/revert", "{\"confirm\":\"" + cluster
        + "\",\"batchSize\":" + regionServers.size() + "}"));
    double revertSeconds = (System.nanoTime() - t0) / 1e9;
    for (String rs : regionServers) {
      assertThat(conf("http://" + rs + ":16030", HANDLERS)).as("RegionServer " + rs + " after the revert").isEqualTo(old);
    }
    int v2 = admin.get(base + "/installs").json().get(0).get("version").asInt();
    assertThat(admin.get(base + "/installs/compare?from=" + v0 + "&to=" + v2).json().get("configChanges")).isEmpty();
    Api.Response again = admin.post(base + "/installs/" + v0 + "/revert", "{\"confirm\":\"" + cluster + "\"}");
    assertThat(again.status()).isEqualTo(409);
    assertThat(again.json().get("code").asString()).isEqualTo("config-unchanged");
    return new ConfigRun(applied, String.format(Locale.ROOT, "{\"key\": \"%s\", \"from\": %s, \"to\": %s, "
        + "\"applySeconds\": %.1f, \"revertSeconds\": %.1f}", HANDLERS, old, changed, applySeconds, revertSeconds));
  }

  static String change(String key, String value, String confirm) {
    return "{\"roleOverrides\":{\"regionserver\":{\"hbase-site\":{\"" + key + "\":\"" + value + "\"}}},\"batchSize\":2"
        + (confirm.isEmpty() ? "" : ",\"confirm\":\"" + confirm + "\"") + "}";
  }

  static JsonNode follow(Api admin, Api.Response started) throws InterruptedException {
    assertThat(started.status()).as(started.body()).isEqualTo(202);
    String run = "/api/v1/provisioning/runs/" + started.json().get("id").asLong();
    JsonNode done = ApiIT.await("run " + run, 900, () -> admin.get(run).json(),
        n -> !n.get("state").asString().equals("RUNNING"));
    assertThat(done.get("state").asString()).as(done.toString()).isEqualTo("SUCCEEDED");
    return done;
  }

  /** A daemon's effective value of a key (Hadoop's /conf servlet). */
  static String conf(String web, String key) throws Exception {
    JsonNode body = Api.JSON.readTree(http(web + "/conf?format=json"));
    // HBase's servlet dumps every property ({"properties": [...]}); Hadoop's answers one ({"property": {...}})
    if (body.has("property")) {
      return body.get("property").get("value").asString();
    }
    for (JsonNode p : body.get("properties")) {
      if (p.get("key").asString().equals(key)) {
        return p.get("value").asString();
      }
    }
    throw new AssertionError(web + "/conf has no " + key);
  }

  static String masterStartTime(String master) throws Exception {
    String body = http("http://" + master + ":16010/jmx?qry=Hadoop:service=HBase,name=Master,sub=Server");
    // the server name ends with the start code: a restart changes it
    JsonNode bean = Api.JSON.readTree(body).path("beans").path(0);
    String id = bean.path("tag.serverName").asString("") + "/" + bean.path("masterStartTime").asString("");
    assertThat(id).as("the HMaster's server name or start time").isNotEqualTo("/");
    return id;
  }

  static String http(String url) throws Exception {
    return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10))
        .header("Accept", "application/json").build(), HttpResponse.BodyHandlers.ofString()).body();
  }
}
