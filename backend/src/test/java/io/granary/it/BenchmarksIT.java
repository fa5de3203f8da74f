package io.granary.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Every workload, open loop, cancel, comparison, export and bad input, with real agent JVMs on the real cluster. */
class BenchmarksIT extends SharedContext {
  static final String TABLE = "it_bench_" + TablesIT.RUN;

  String base() {
    return "/api/v1/clusters/" + cluster + "/benchmarks";
  }

  @BeforeEach
  void table() throws InterruptedException {
    if (!admin.get("/api/v1/clusters/" + cluster + "/tables/" + TABLE).json().has("name")) {
      ItSupport.createTable(admin, cluster, "{\"name\":\"" + TABLE + "\",\"families\":[{\"name\":\"f\"}],"
          + "\"split\":{\"strategy\":\"NONE\"}}");
    }
  }

  static String spec(String workload, String extra) {
    return "{\"workload\":\"" + workload + "\",\"table\":\"" + TABLE + "\",\"threads\":2,\"durationSeconds\":3,"
        + "\"warmupSeconds\":1,\"rows\":2000,\"valueSize\":200,\"recordCount\":1000" + extra + "}";
  }

  JsonNode launch(String body) {
    Api.Response r = admin.post(base() + "/runs", body);
    assertThat(r.status()).as(r.body()).isEqualTo(202);
    return r.json();
  }

  /** Launches the series and waits for its operation; returns every run's detail. */
  List<JsonNode> runSeries(String body) throws InterruptedException {
    JsonNode launched = launch(body);
    ItSupport.awaitSuccess(admin, "/api/v1/operations/" + launched.get("operationId").asString());
    List<JsonNode> runs = new ArrayList<>();
    launched.get("runIds").forEach(id -> runs.add(admin.get(base() + "/runs/" + id.asLong()).json()));
    return runs;
  }

  List<JsonNode> intervals(long run) {
    List<JsonNode> out = new ArrayList<>();
    admin.get(base() + "/runs/" + run + "/intervals").json().forEach(out::add);
    return out;
  }

  /** Measured intervals add up to the summary, overall and per operation type. */
  void assertIntervalsAddUp(JsonNode run) {
    long id = run.get("id").asLong();
    JsonNode summary = run.get("summary");
    List<JsonNode> measured = intervals(id).stream().filter(i -> !i.get("warmup").asBoolean()).toList();
    assertThat(measured).as("run %d intervals", id).isNotEmpty();
    assertThat(measured.stream().mapToLong(i -> i.get("count").asLong()).sum()).as("run %d", id)
        .isEqualTo(summary.get("count").asLong());
    Map<String, Long> perOp = new HashMap<>();
    measured.forEach(i -> i.get("ops").forEach(o -> perOp.merge(o.get("op").asString(), o.get("count").asLong(), Long::sum)));
    summary.get("ops").forEach(o -> assertThat(perOp.getOrDefault(o.get("op").asString(), 0L))
        .as("run %d op %s", id, o.get("op").asString()).isEqualTo(o.get("count").asLong()));
    assertThat(measured.stream().mapToDouble(i -> i.get("seconds").asDouble()).sum())
        .isCloseTo(summary.get("measuredSeconds").asDouble(), org.assertj.core.data.Offset.offset(0.01));
  }

  static List<String> ops(JsonNode run) {
    List<String> out = new ArrayList<>();
    run.get("summary").get("ops").forEach(o -> out.add(o.get("op").asString()));
    return out;
  }

  /** YCSB's workloads/workloadf as a user would paste it (its comments left out). */
  static final String WORKLOAD_F = "recordcount=1000\noperationcount=1000\nworkload=site.ycsb.workloads.CoreWorkload\n"
      + "readallfields=true\nreadproportion=0.5\nupdateproportion=0\nscanproportion=0\ninsertproportion=0\n"
      + "readmodifywriteproportion=0.5\nrequestdistribution=zipfian\n";

  /** Measurement names YCSB's text report uses, by kind of section. */
  static final java.util.Set<String> YCSB_OP_MEASUREMENTS = java.util.Set.of("Operations", "AverageLatency(us)",
      "MinLatency(us)", "MaxLatency(us)", "50thPercentileLatency(us)", "95thPercentileLatency(us)",
      "99thPercentileLatency(us)", "99.9PercentileLatency(us)", "Return=OK", "Return=NOT_FOUND", "Return=ERROR");

  /**
   * The run's YCSB-format report parses as YCSB's own ("[SECTION], Measurement, value"; [OVERALL],
   * TOTAL_GC, per operation and Intended-), agrees with the JSON summary, and the equivalent command
   * names only what bin/ycsb accepts.
   */
  void assertYcsbReport(JsonNode run) {
    long id = run.get("id").asLong();
    Api.Response r = admin.get(base() + "/runs/" + id + "/export?format=ycsb");
    assertThat(r.status()).as(r.body()).isEqualTo(200);
    assertThat(r.contentType()).startsWith("text/plain");
    Map<String, Double> values = new HashMap<>();
    java.util.regex.Pattern line = java.util.regex.Pattern.compile("\\[([A-Za-z0-9_%.-]+)\\], ([^,]+), (-?[0-9.E]+)");
    for (String l : r.body().split("\n")) {
      java.util.regex.Matcher m = line.matcher(l);
      assertThat(m.matches()).as("YCSB report line: " + l).isTrue();
      String section = m.group(1);
      String measurement = m.group(2);
      if (section.equals("OVERALL")) {
        assertThat(measurement).isIn("RunTime(ms)", "Throughput(ops/sec)");
      } else if (section.startsWith("TOTAL_GC")) {
        assertThat(measurement).isIn("Count", "Time(ms)", "Time(%)");
      } else {
        assertThat(section).matches("(Intended-)?(READ|UPDATE|INSERT|SCAN|READ-MODIFY-WRITE)(-FAILED)?");
        assertThat(measurement).isIn(YCSB_OP_MEASUREMENTS);
      }
      values.put(section + " " + measurement, Double.parseDouble(m.group(3)));
    }
    JsonNode summary = run.get("summary");
    assertThat(values.get("OVERALL Throughput(ops/sec)")).isCloseTo(summary.get("opsPerSec").asDouble(),
        org.assertj.core.data.Offset.offset(0.5));
    for (JsonNode op : summary.get("ops")) {
      String name = op.get("op").asString();
      assertThat(values.get(name + " Operations")).as(name).isEqualTo(op.get("ok").asDouble());
      assertThat(values.get(name + " 95thPercentileLatency(us)") / 1000).as(name)
          .isEqualTo(op.get("service").get("p95").asDouble());
      assertThat(values.get("Intended-" + name + " 99thPercentileLatency(us)") / 1000).as(name)
          .isEqualTo(op.get("corrected").get("p99").asDouble());
      assertThat(op.get("service").get("p95").asDouble()).as(name).isPositive();
      assertThat(op.get("count").asLong()).isEqualTo(op.get("ok").asLong() + op.get("notFound").asLong()
          + op.get("errors").asLong() + op.get("timeouts").asLong());
    }
    assertThat(io.granary.benchmarks.YcsbCommandLine.problems(run.get("shellEquivalent").asString()))
        .as(run.get("shellEquivalent").asString()).isEmpty();
  }

  @Test
  void everyWorkloadRunsAndItsIntervalsAddUpToTheSummary() throws Exception {
    List<JsonNode> runs = new ArrayList<>(runSeries("{\"variants\":[" + spec("sequentialWrite", "") + ","
        + spec("randomWrite", ",\"batchSize\":10") + "," + spec("randomRead", "") + ","
        + spec("sequentialRead", ",\"batchSize\":5") + "]}"));
    runs.addAll(runSeries("{\"variants\":[" + spec("scan", ",\"scanLength\":20") + ","
        + spec("ycsb", ",\"ycsbWorkload\":\"A\"") + "," + spec("rmw", ",\"batchSize\":20,\"hotKeys\":500") + ","
        + spec("ycsb", ",\"ycsbProperties\":\"" + WORKLOAD_F.replace("\n", "\\n") + "\"") + "]}"));
    Map<String, List<String>> expected = Map.of("sequentialWrite", List.of("PUT"), "randomWrite", List.of("PUT_BATCH"),
        "randomRead", List.of("GET"), "sequentialRead", List.of("MULTI_GET"), "scan", List.of("SCAN"),
        "ycsb A", List.of("READ", "UPDATE"), "rmw", List.of("RMW"),
        "ycsb file", List.of("READ", "UPDATE", "READ-MODIFY-WRITE"));
    for (JsonNode run : runs) {
      String w = run.get("workload").asString();
      assertThat(run.get("state").asString()).as(run.toString()).isEqualTo("SUCCEEDED");
      assertThat(ops(run)).as(w).containsExactlyInAnyOrderElementsOf(expected.get(w));
      assertThat(run.get("summary").get("count").asLong()).as(w).isPositive();
      assertThat(run.get("summary").get("errors").asLong()).as(w).isZero();
      assertThat(run.get("opsPerSec").asDouble()).as(w).isPositive();
      assertThat(run.get("summary").get("complete").asBoolean()).isTrue();
      assertIntervalsAddUp(run);
      JsonNode p = run.get("provenance");
      assertThat(p.get("tableDescriptor").asString()).as(w).contains("'" + TABLE + "'", "NAME => 'f'");
      assertThat(p.get("clusterConfigDigest").asString()).startsWith("sha256:");
      assertThat(p.get("engineVersion").asString()).startsWith("2.6");
      assertThat(p.get("cpuModel").asString()).isNotBlank();
      assertThat(p.get("jvmFlags").size()).isPositive();
      assertThat(p.get("agentVersions").asString()).contains("ycsb 0.17.0");
      // the agent's own cost is part of every stored result
      JsonNode self = p.get("agentSelfCost");
      assertThat(self).as(w + " agentSelfCost").isNotNull();
      assertThat(self.get("allocatedMiB").asLong()).as(w).isPositive();
      assertThat(self.get("cpuMeanPercent").asDouble()).as(w).isPositive();
      assertThat(self.get("gcPauseMaxMs").asLong()).as(w).isLessThanOrEqualTo(self.get("gcPauseTotalMs").asLong());
      assertThat(run.get("shellEquivalent").asString()).isNotBlank();
    }
    assertYcsbReport(runs.stream().filter(r -> r.get("workload").asString().equals("ycsb A")).findFirst().orElseThrow());
    // workload F from its file: each read-modify-write is one transaction, one READ and one UPDATE, as YCSB counts
    JsonNode f = runs.stream().filter(r -> r.get("workload").asString().equals("ycsb file")).findFirst().orElseThrow();
    Map<String, Long> fOps = new HashMap<>();
    f.get("summary").get("ops").forEach(o -> fOps.put(o.get("op").asString(), o.get("count").asLong()));
    assertThat(fOps.get("UPDATE")).isEqualTo(fOps.get("READ-MODIFY-WRITE")).isPositive();
    assertThat(fOps.get("READ")).isEqualTo(f.get("summary").get("count").asLong());
    assertThat(f.get("summary").get("count").asLong()).as("the file's operationcount").isLessThanOrEqualTo(1000);
    // reads found the rows their load phase wrote
    JsonNode read = runs.stream().filter(r -> r.get("workload").asString().equals("randomRead")).findFirst().orElseThrow();
    assertThat(read.get("summary").get("ops").get(0).get("rows").asLong())
        .isEqualTo(read.get("summary").get("ops").get(0).get("count").asLong());

    long a = runs.get(2).get("id").asLong();
    long b = runs.get(5).get("id").asLong();
    JsonNode cmp = admin.get(base() + "/compare?runs=" + a + "," + b).json();
    assertThat(cmp.get("runs").size()).isEqualTo(2);
    JsonNode ops = cmp.get("metrics").valueStream().filter(m -> m.get("key").asString().equals("opsPerSec"))
        .findFirst().orElseThrow();
    assertThat(ops.get("ratios").get(0).asDouble()).isEqualTo(1.0);
    assertThat(ops.get("ratios").get(1).asDouble())
        .isCloseTo(ops.get("values").get(1).asDouble() / ops.get("values").get(0).asDouble(),
            org.assertj.core.data.Offset.offset(0.001));
    assertThat(cmp.get("differences").valueStream().map(JsonNode::asString)).anyMatch(d -> d.startsWith("spec.workload"));

    Api.Response csv = admin.get(base() + "/runs/" + a + "/export?format=csv");
    assertThat(csv.status()).isEqualTo(200);
    assertThat(csv.contentType()).startsWith("text/csv");
    String[] lines = csv.body().split("\n");
    assertThat(lines[0]).startsWith("run_id,label,workload,interval");
    assertThat(lines.length).isEqualTo(1 + 2 * intervals(a).size());
    JsonNode exported = Api.JSON.readTree(admin.get(base() + "/runs/" + a + "/export?format=json").body());
    assertThat(exported.get("intervals").size()).isEqualTo(intervals(a).size());
    assertThat(exported.get("summary").get("count").asLong()).isEqualTo(read.get("summary").get("count").asLong());
  }

  @Test
  void anOpenLoopRunBelowCapacityHoldsItsRateAndIsShownAgainstTheCeiling() throws Exception {
    JsonNode probe = admin.post(base() + "/ceiling", null).json();
    ItSupport.awaitSuccess(admin, "/api/v1/operations/" + probe.get("operationId").asString());
    JsonNode ceiling = admin.get(base() + "/ceiling").json();
    assertThat(ceiling.get("measured").asBoolean()).as(ceiling.toString()).isTrue();
    double capacity = ceiling.get("opsPerSec").asDouble();
    assertThat(capacity).isGreaterThan(300);

    Api.Response above = admin.post(base() + "/runs", "{\"variants\":[" + spec("randomRead",
        ",\"targetRate\":" + Math.round(capacity * 3)) + "]}");
    assertThat(above.status()).isEqualTo(400);
    assertThat(above.json().get("errors").get(0).get("field").asString()).isEqualTo("variants[0].targetRate");
    assertThat(above.json().get("errors").get(0).get("message").asString()).contains("above the measured capacity");

    double target = 200;
    JsonNode run = runSeries("{\"variants\":[" + "{\"workload\":\"randomRead\",\"table\":\"" + TABLE
        + "\",\"threads\":4,\"durationSeconds\":6,\"warmupSeconds\":1,\"rows\":2000,\"valueSize\":200,"
        + "\"targetRate\":" + target + "}]}").get(0);
    assertThat(run.get("mode").asString()).isEqualTo("open");
    assertThat(run.get("opsPerSec").asDouble()).as(run.toString()).isCloseTo(target, org.assertj.core.data.Offset.offset(target * 0.05));
    assertIntervalsAddUp(run);
    JsonNode s = run.get("summary");
    assertThat(s.get("corrected").get("p99").asDouble()).isGreaterThanOrEqualTo(s.get("service").get("p99").asDouble());
    assertThat(run.get("ceilingOpsPerSec").asDouble()).isEqualTo(capacity);
    assertThat(run.get("ceilingRatio").asDouble()).isCloseTo(run.get("opsPerSec").asDouble() / capacity,
        org.assertj.core.data.Offset.offset(0.002));
  }

  @Test
  void cancellingStopsTheAgentJvmAndKeepsThePartialIntervals() throws Exception {
    JsonNode launched = launch("{\"variants\":[" + spec("randomRead", "").replace("\"durationSeconds\":3",
        "\"durationSeconds\":120") + "," + spec("scan", "") + "]}");
    long id = launched.get("runIds").get(0).asLong();
    long second = launched.get("runIds").get(1).asLong();
    ApiIT.await("3 measured intervals", 90, () -> admin.get(base() + "/runs/" + id + "/intervals").json(),
        n -> n.valueStream().filter(i -> !i.get("warmup").asBoolean()).count() >= 3);
    Optional<ProcessHandle> agent = ProcessHandle.allProcesses().filter(p -> p.info().commandLine()
        .map(c -> c.contains("io.granary.bench.Main") && c.contains("run-" + id + ".json")).orElse(false)).findFirst();
    assertThat(agent).as("the run's agent JVM").isPresent();

    Api.Response cancel = admin.post(base() + "/runs/" + id + "/cancel", null);
    assertThat(cancel.status()).as(cancel.body()).isEqualTo(202);
    JsonNode run = ApiIT.await("the run to end", 60, () -> admin.get(base() + "/runs/" + id).json(),
        n -> !n.get("state").asString().matches("QUEUED|RUNNING"));
    assertThat(run.get("state").asString()).isEqualTo("CANCELLED");
    assertThat(agent.get().isAlive()).as("agent pid %d", agent.get().pid()).isFalse();
    assertThat(ProcessHandle.allProcesses().filter(p -> p.info().commandLine()
        .map(c -> c.contains("io.granary.bench.Main")).orElse(false)).count()).isZero();
    assertThat(intervals(id).stream().filter(i -> !i.get("warmup").asBoolean()).count()).isGreaterThanOrEqualTo(3);
    assertThat(run.get("summary").get("complete").asBoolean()).isFalse();
    assertIntervalsAddUp(run);
    JsonNode next = admin.get(base() + "/runs/" + second).json();
    assertThat(next.get("state").asString()).isEqualTo("CANCELLED");
    assertThat(intervals(second)).isEmpty();
    assertThat(admin.post(base() + "/runs/" + id + "/cancel", null).status()).isEqualTo(409);
  }

  /** "Profile this run": the RegionServer's CPU samples for the run, as a flame tree, and no profiler left behind. */
  @Test
  void aProfiledRunStoresEachRegionServersFlameTree() throws Exception {
    JsonNode launched = launch("{\"profile\":true,\"variants\":[" + spec("randomWrite", ",\"batchSize\":10")
        .replace("\"durationSeconds\":3", "\"durationSeconds\":5") + "]}");
    assertThat(launched.get("warnings").valueStream().map(JsonNode::asString)).anyMatch(w -> w.contains("async-profiler"));
    long id = launched.get("runIds").get(0).asLong();
    ItSupport.awaitSuccess(admin, "/api/v1/operations/" + launched.get("operationId").asString());
    JsonNode run = admin.get(base() + "/runs/" + id).json();
    assertThat(run.get("profiled").asBoolean()).isTrue();
    Api.Response r = admin.get(base() + "/runs/" + id + "/profile");
    assertThat(r.status()).as(r.body()).isEqualTo(200);
    JsonNode p = r.json();
    assertThat(p.get("state").asString()).isEqualTo("done");
    assertThat(p.get("interval").asString()).isEqualTo("10ms");
    List<JsonNode> sampled = p.get("servers").valueStream().filter(s -> s.has("samples") && !s.get("samples").isNull())
        .toList();
    assertThat(sampled).as(r.body().length() > 3000 ? r.body().substring(0, 3000) : r.body()).isNotEmpty();
    for (JsonNode s : sampled) {
      assertThat(s.get("name").asString()).matches(".+,\\d+,\\d+");
      assertThat(s.get("seconds").asDouble()).as("sampled for the whole run").isGreaterThanOrEqualTo(5.0);
      assertThat(s.get("samples").asLong()).isPositive();
      assertThat(s.get("checksumShare").asDouble()).isBetween(0.0, 1.0);
      JsonNode flame = s.get("flame");
      assertThat(flame.get("n").asString()).isEqualTo("all");
      assertThat(flame.get("v").asLong()).isEqualTo(s.get("samples").asLong());
      long children = flame.get("c").valueStream().mapToLong(c -> c.get("v").asLong()).sum();
      assertThat(children).isPositive().isLessThanOrEqualTo(flame.get("v").asLong());
    }
    // the RegionServers' put path shows up: WAL appends or MemStore writes
    assertThat(r.body()).containsAnyOf("FSHLog", "AsyncFSWAL", "MemStore", "HRegion");
    assertThat(ProcessHandle.allProcesses().filter(h -> h.info().commandLine()
        .map(c -> c.contains("io.granary.node.local.ProfileCli")).orElse(false)).count()).as("profiler tool").isZero();

    JsonNode plain = runSeries("{\"variants\":[" + spec("randomRead", "") + "]}").get(0);
    assertThat(plain.get("profiled").asBoolean()).isFalse();
    Api.Response none = admin.get(base() + "/runs/" + plain.get("id").asLong() + "/profile");
    assertThat(none.status()).isEqualTo(404);
    assertThat(none.json().get("code").asString()).isEqualTo("benchmark-profile-not-found");
  }

  @Test
  void badInputIsAProblemNamingTheField() {
    record Case(String body, String field) {}
    for (Case c : List.of(
        new Case("{\"variants\":[" + spec("randomRead", "").replace("\"threads\":2", "\"threads\":0") + "]}",
            "variants[0].threads"),
        new Case("{\"variants\":[" + spec("randomRead", ",\"targetRate\":-5") + "]}", "variants[0].targetRate"),
        new Case("{\"variants\":[" + spec("randomRead", "").replace(TABLE, "no_such_table_" + TablesIT.RUN) + "]}",
            "variants[0].table"),
        new Case("{\"variants\":[" + spec("randomRead", ",\"family\":\"nope\"") + "]}", "variants[0].family"),
        new Case("{\"variants\":[" + spec("ycsb", "") + "]}", "variants[0].ycsbWorkload"),
        new Case("{\"variants\":[" + spec("ycsb", ",\"ycsbProperties\":\"readproportion=2\"") + "]}",
            "variants[0].ycsbProperties"),
        new Case("{\"variants\":[]}", "variants"),
        new Case("{\"variants\":[" + spec("scan", "") + "],\"repetitions\":0}", "repetitions"))) {
      Api.Response r = admin.post(base() + "/runs", c.body());
      assertThat(r.status()).as(c.body()).isEqualTo(400);
      assertThat(r.contentType()).startsWith("application/problem+json");
      assertThat(r.json().get("errors").valueStream().map(e -> e.get("field").asString())).as(r.body())
          .contains(c.field());
    }
    Api.Response unknown = admin.post(base() + "/runs", "{\"variants\":[" + spec("mapReduce", "") + "]}");
    assertThat(unknown.status()).isEqualTo(400);
    assertThat(unknown.contentType()).startsWith("application/problem+json");
    assertThat(unknown.body()).doesNotContain("Exception");
    assertThat(admin.get(base() + "/compare?runs=1").status()).isEqualTo(400);
    assertThat(admin.get(base() + "/compare?runs=1,x").json().get("code").asString()).isEqualTo("invalid-parameter");
    assertThat(admin.get(base() + "/runs/999999999").json().get("code").asString()).isEqualTo("benchmark-run-not-found");
    assertThat(admin.get(base() + "/runs/999999999/export?format=csv").status()).isEqualTo(404);
  }
}
