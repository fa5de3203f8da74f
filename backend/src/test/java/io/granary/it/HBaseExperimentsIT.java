package io.granary.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * Experiments II at reduced size: a 2 × 2 factor sweep (block cache × keys per request, puts, two
 * repetitions) on the real cluster, its regression cross-checked against the stored runs; the
 * refusals of a design over its time budget and of a codec the cluster has not verified; HFiles of
 * two codecs on the cluster's HDFS; MemStore batch reads on scratch clusters with MSLAB on and off.
 */
class HBaseExperimentsIT extends SharedContext {
  @Autowired JdbcClient jdbc;

  String base() {
    return "/api/v1/clusters/" + cluster + "/experiments";
  }

  static final String TINY = "{\"operations\":[\"put\"],\"blockCache\":[\"on\",\"off\"],\"keysPerRequest\":[1,10],"
      + "\"blockSize\":[65536],\"regions\":[1],\"valueSize\":[100],\"compression\":[\"NONE\"],\"threads\":2,"
      + "\"ops\":200,\"rows\":2000,\"budgetMinutes\":30}";

  @Test
  void aTinySweepRunsInRandomOrderAndItsRegressionMatchesTheRuns() throws InterruptedException {
    Api.Response r = admin.post(base(), "{\"experiment\":\"factor-sweep\",\"repetitions\":2,\"params\":" + TINY + "}");
    assertThat(r.status()).as(r.body()).isEqualTo(202);
    ItSupport.awaitSuccess(admin, "/api/v1/operations/" + r.json().get("operationId").asString());
    JsonNode e = admin.get(base() + "/" + r.json().get("seriesId").asLong()).json();
    assertThat(e.get("summary").get("state").asString()).as(e.toString()).isEqualTo("SUCCEEDED");
    assertThat(e.get("runs")).hasSize(8);
    Map<String, List<Double>> byCache = new HashMap<>();
    for (JsonNode run : e.get("runs")) {
      assertThat(run.get("state").asString()).as(run.toString()).isEqualTo("SUCCEEDED");
      JsonNode res = run.get("result");
      assertThat(res.get("seconds").asDouble()).isPositive();
      assertThat(res.get("requests").asLong()).isEqualTo(400);
      assertThat(res.get("keysPerRequest").asLong()).isEqualTo(run.get("params").get("keysPerRequest").asLong());
      assertThat(run.get("command").asString()).startsWith("granary-node sweep-point --op put").contains("--zookeeper");
      byCache.computeIfAbsent(run.get("params").get("blockCache").asString(), k -> new ArrayList<>())
          .add(res.get("seconds").asDouble());
    }
    // randomized: the first four runs are not simply the four points in design order
    List<Integer> firstFour = new ArrayList<>();
    e.get("runs").valueStream().limit(4).forEach(x -> firstFour.add(x.get("repetition").asInt() * 10
        + x.get("variant").asInt()));
    assertThat(firstFour).isNotEqualTo(List.of(10, 11, 12, 13));

    JsonNode table = table(e, "Regression: put seconds").orElseThrow();
    List<String> terms = new ArrayList<>();
    table.get("rows").forEach(row -> terms.add(row.get(0).asString()));
    assertThat(terms).containsExactly("(intercept)", "blockCache", "keysPerRequest", "blockCache × keysPerRequest");
    assertThat(table.get("caption").asString()).contains("R² ", "8 runs", "4 error degrees of freedom");
    // balanced ±1 coding: the block cache coefficient is half the difference of the two levels' means
    double expected = (mean(byCache.get("on")) - mean(byCache.get("off"))) / 2;
    double coefficient = Double.parseDouble(table.get("rows").get(1).get(1).asString());
    assertThat(coefficient).isCloseTo(expected, within(Math.abs(expected) * 1e-3 + 1e-3));
    JsonNode pareto = ExperimentsIT.panel(e, "Effects on put (Pareto of |t|)");
    assertThat(pareto.get("categories")).hasSize(3);
    assertThat(ExperimentsIT.values(pareto, "|t|")).allSatisfy(t -> assertThat(t).isNotNegative());
    assertThat(table(e, "Fastest configurations: put").orElseThrow().get("rows")).hasSize(4)
        .allSatisfy(row -> assertThat(row.get(4).asString()).isEqualTo("2"));
    assertThat(e.get("findings").get(0).get("label").asString()).isEqualTo("put: significant settings (p < 0.05)");
    // every run dropped its table (asked of HBase, not the cached list)
    assertNoTables(r.json().get("seriesId").asLong(), 8);
  }

  /** The launch form's preview: the run count and design before anything starts. */
  @Test
  void thePlanShowsTheRunCountAndDesignWithoutStartingAnything() {
    int before = admin.get(base()).json().size();
    Api.Response tiny = admin.post("/api/v1/clusters/" + cluster + "/experiment-plans", "{\"experiment\":\"factor-sweep\",\"repetitions\":2,\"params\":"
        + TINY + "}");
    assertThat(tiny.status()).as(tiny.body()).isEqualTo(200);
    assertThat(tiny.json().get("variants").asInt()).isEqualTo(4);
    assertThat(tiny.json().get("runs").asInt()).isEqualTo(8);
    assertThat(tiny.json().get("design").asString()).isEqualTo("full factorial");
    assertThat(tiny.json().get("estimatedSeconds").asDouble()).isPositive();
    assertThat(tiny.json().get("budgetSeconds").asLong()).isEqualTo(1800);
    assertThat(tiny.json().get("command").asString()).startsWith("granary-node sweep-point --op put");
    Api.Response fraction = admin.post("/api/v1/clusters/" + cluster + "/experiment-plans", "{\"experiment\":\"factor-sweep\",\"params\":{\"design\":"
        + "[\"fractional\"],\"operations\":[\"get\"],\"regions\":[1,5],\"valueSize\":[100,1000],\"bloom\":"
        + "[\"NONE\",\"ROW\"],\"compression\":[\"NONE\"]}}");
    assertThat(fraction.status()).as(fraction.body()).isEqualTo(200);
    assertThat(fraction.json().get("runs").asInt()).isEqualTo(16);
    assertThat(fraction.json().get("design").asString()).isEqualTo("fractional 2^(6−2) resolution IV");
    assertThat(admin.get(base()).json().size()).as("nothing launched").isEqualTo(before);
  }

  @Test
  void aDesignOverItsBudgetAndAnUnverifiedCodecAreRefusedBeforeAnythingRuns() {
    Api.Response over = admin.post(base(), "{\"experiment\":\"factor-sweep\",\"repetitions\":3,\"params\":"
        + "{\"budgetMinutes\":5}}");
    assertThat(over.status()).as(over.body()).isEqualTo(400);
    assertThat(over.body()).contains("params.budgetMinutes", "the design has 648 runs (216 variants × 3 repetitions)",
        "over the 5-minute budget");
    assertThat(admin.post("/api/v1/clusters/" + cluster + "/experiment-plans", "{\"experiment\":\"factor-sweep\",\"repetitions\":3,\"params\":"
        + "{\"budgetMinutes\":5}}").body()).contains("the design has 648 runs");

    Optional<Map<String, Object>> before = jdbc.sql("SELECT available, detail FROM codec_probes WHERE cluster_id = ?"
        + " AND codec = 'ZSTD'").param(cluster).query().listOfRows().stream().findFirst();
    jdbc.sql("INSERT INTO codec_probes (cluster_id, codec, available, detail, probed_at) VALUES (?, 'ZSTD', false,"
        + " 'libzstd missing (test)', now()) ON CONFLICT (cluster_id, codec) DO UPDATE SET available = false,"
        + " detail = EXCLUDED.detail").param(cluster).update();
    try {
      Api.Response codec = admin.post(base(), "{\"experiment\":\"factor-sweep\",\"params\":"
          + TINY.replace("[\"NONE\"]", "[\"NONE\",\"ZSTD\"]") + "}");
      assertThat(codec.status()).as(codec.body()).isEqualTo(400);
      assertThat(codec.body()).contains("params.compression", "ZSTD does not work on this cluster: libzstd missing");
    } finally {
      if (before.isPresent()) {
        jdbc.sql("UPDATE codec_probes SET available = ?, detail = ? WHERE cluster_id = ? AND codec = 'ZSTD'")
            .params(before.get().get("available"), before.get().get("detail"), cluster).update();
      } else {
        jdbc.sql("DELETE FROM codec_probes WHERE cluster_id = ? AND codec = 'ZSTD'").param(cluster).update();
      }
    }
  }

  JsonNode run(String experiment, String params) throws InterruptedException {
    return ExperimentsIT.run(admin, base(), experiment, params);
  }

  @Test
  void hfilesOfTwoCodecsAreWrittenScannedAndSeekedOnHdfs() throws Exception {
    JsonNode e = run("hfile-formats", "{\"codecs\":[\"NONE\",\"GZ\"],\"blockSizes\":[65536],\"entries\":20000}");
    assertThat(e.get("runs")).hasSize(2);
    for (JsonNode run : e.get("runs")) {
      JsonNode res = run.get("result");
      assertThat(res.get("entries").asLong()).isEqualTo(20000);
      for (String op : List.of("write", "scan", "seek", "shortScan")) {
        assertThat(res.get(op + "EntriesPerSec").asDouble()).as(op).isPositive();
      }
      // the ratio is the HFile's own uncompressed data over the bytes HDFS holds for it
      assertThat(res.get("compressionRatio").asDouble()).isCloseTo(res.get("uncompressedBytes").asDouble()
          / res.get("fileBytes").asDouble(), within(0.001));
      // 20,000 × (10-byte key + 990-byte value) at least, before compression
      assertThat(res.get("uncompressedBytes").asLong()).isGreaterThan(20_000L * 1000);
      double ratio = res.get("compressionRatio").asDouble();
      if (run.get("params").get("compression").asString().equals("GZ")) {
        assertThat(ratio).as("GZ of 8-byte letter runs").isGreaterThan(3);
      } else {
        assertThat(ratio).isBetween(0.9, 1.1);
      }
    }
    assertThat(ExperimentsIT.panel(e, "Compression ratio").get("categories")).hasSize(2);
    // the runs' HDFS directories are gone
    long series = e.get("summary").get("seriesId").asLong();
    for (int seq = 0; seq < 2; seq++) {
      assertThat(ItSupport.hdfs().exists(new org.apache.hadoop.fs.Path("/granary-bench/experiments/" + series + "-" + seq)))
          .isFalse();
    }
  }

  @Test
  void memstoreBatchReadsRunOnScratchClustersWithMslabOnAndOff() throws InterruptedException {
    JsonNode e = run("mslab-batch", "{\"mslab\":[\"on\",\"off\"],\"chunkSizes\":[2097152],\"valueSizes\":[100],"
        + "\"batches\":[1,100,1000],\"rows\":2000}");
    assertThat(e.get("runs")).hasSize(2);
    for (JsonNode run : e.get("runs")) {
      JsonNode res = run.get("result");
      assertThat(res.get("storeFiles").asInt()).as("read from the MemStore only").isZero();
      JsonNode curve = res.get("curves").get(0);
      assertThat(curve.get("memstoreMiB").asDouble()).as("the rows are in the MemStore").isPositive();
      assertThat(curve.get("points")).hasSize(3).allSatisfy(p -> assertThat(p.get("seconds").asDouble()).isPositive());
      assertThat(run.get("command").asString()).contains("--dir scratch/");
    }
    JsonNode panel = ExperimentsIT.panel(e, "Reading every row from the MemStore, values of 100 B");
    assertThat(panel.get("categories").valueStream().map(JsonNode::asString).toList()).containsExactly("1", "100",
        "1000");
    assertThat(e.get("findings")).hasSize(2);
    // no scratch cluster is left: no process names the experiment's scratch directories
    long series = e.get("summary").get("seriesId").asLong();
    assertThat(ProcessHandle.allProcesses().filter(p -> p.info().commandLine().map(c -> c.contains("/scratch/" + series
        + "-")).orElse(false)).count()).isZero();
  }

  @Test
  void peWorkloadsRunTheBenchAgentOnTablesOfTheirOwnBesideTheBigtablePaper() throws InterruptedException {
    JsonNode e = run("pe-bigtable", "{\"workloads\":[\"randomWrite\",\"randomRead\"],\"threads\":2,\"rows\":5000,"
        + "\"durationSeconds\":4,\"warmupSeconds\":1}");
    assertThat(e.get("runs")).hasSize(2);
    JsonNode overview = admin.get("/api/v1/clusters/" + cluster + "/overview").json();
    int servers = overview.get("hbase").get("regionServers").size();
    for (JsonNode run : e.get("runs")) {
      JsonNode res = run.get("result");
      assertThat(res.get("opsPerSec").asDouble()).isPositive();
      assertThat(res.get("errors").asLong()).isZero();
      assertThat(res.get("regionServers").asInt()).isEqualTo(servers);
      assertThat(res.get("opsPerSec").asDouble()).isCloseTo(res.get("count").asDouble()
          / res.get("measuredSeconds").asDouble(), within(0.01));
      assertThat(run.get("command").asString()).startsWith("granary-bench --config run.json # hbase pe --nomapred");
    }
    JsonNode panel = ExperimentsIT.panel(e, "Ops/s per server: this cluster and Bigtable figure 6");
    // the catalog's order: random reads first
    assertThat(ExperimentsIT.values(panel, "Bigtable, 1 tablet server")).containsExactly(1212.0, 8850.0);
    assertNoTables(e.get("summary").get("seriesId").asLong(), 2);
  }

  void assertNoTables(long series, int runs) {
    for (int seq = 0; seq < runs; seq++) {
      Api.Response t = admin.get("/api/v1/clusters/" + cluster + "/tables/granary_exp_" + series + "_" + seq);
      assertThat(t.status()).as("table of run %d: %s", seq, t.body()).isEqualTo(404);
    }
  }

  static Optional<JsonNode> table(JsonNode e, String title) {
    return e.get("tables").valueStream().filter(t -> t.get("title").asString().equals(title)).findFirst();
  }

  static double mean(List<Double> v) {
    return v.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
  }
}
