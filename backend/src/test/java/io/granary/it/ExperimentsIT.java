package io.granary.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.erasurecoding.EcMath;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Experiments I at reduced size on the real cluster: each runs its granary-node tool processes and
 * stores figures checked here for sanity against HDFS; bad input and cancel leave nothing behind.
 */
class ExperimentsIT extends SharedContext {
  String base() {
    return "/api/v1/clusters/" + cluster + "/experiments";
  }

  JsonNode run(String experiment, String params) throws InterruptedException {
    return run(admin, base(), experiment, params);
  }

  /** Launches, waits for the series' operation to succeed, returns the experiment with every run SUCCEEDED. */
  static JsonNode run(Api admin, String base, String experiment, String params) throws InterruptedException {
    Api.Response r = admin.post(base, "{\"experiment\":\"" + experiment + "\",\"params\":" + params + "}");
    assertThat(r.status()).as(r.body()).isEqualTo(202);
    // a series on scratch clusters starts one per run (~25 s each here before the run itself): 3 runs took
    // 180 s on a loaded machine
    ItSupport.awaitSuccess(admin, "/api/v1/operations/" + r.json().get("operationId").asString(), 600);
    JsonNode e = admin.get(base + "/" + r.json().get("seriesId").asLong()).json();
    assertThat(e.get("summary").get("state").asString()).as(e.toString()).isEqualTo("SUCCEEDED");
    e.get("runs").forEach(run -> assertThat(run.get("state").asString()).as(run.toString()).isEqualTo("SUCCEEDED"));
    return e;
  }

  static JsonNode panel(JsonNode e, String title) {
    for (JsonNode p : e.get("panels")) {
      if (p.get("title").asString().equals(title)) {
        return p;
      }
    }
    throw new AssertionError("no panel " + title + " in " + e.get("panels"));
  }

  static List<Double> values(JsonNode panel, String series) {
    List<Double> out = new ArrayList<>();
    for (JsonNode s : panel.get("series")) {
      if (s.get("name").asString().equals(series)) {
        s.get("values").forEach(v -> out.add(v.isNull() ? null : v.asDouble()));
      }
    }
    return out;
  }

  @Test
  void theCoderMicroBenchmarkComparesIsalWithTheJavaCoder() throws InterruptedException {
    JsonNode e = run("ec-coder", "{\"schemas\":[\"RS-3-2\"],\"coders\":[\"isa-l\",\"java\"],\"threads\":[1],"
        + "\"cellsKib\":[1024],\"mb\":32}");
    assertThat(e.get("runs")).hasSize(2);
    for (JsonNode r : e.get("runs")) {
      assertThat(r.get("result").get("encodeMiBps").asDouble()).as(r.toString()).isPositive();
      assertThat(r.get("result").get("decodeMiBps").asDouble()).as(r.toString()).isPositive();
      assertThat(r.get("result").get("copyMiBps").asDouble()).as(r.toString()).isPositive();
      assertThat(r.get("command").asString()).startsWith("granary-node ec-coder --codec rs --data 3 --parity 2");
    }
    JsonNode enc = panel(e, "Encode MiB/s");
    assertThat(values(enc, "isa-l")).singleElement().satisfies(v -> assertThat(v).isPositive());
    assertThat(values(enc, "java")).singleElement().satisfies(v -> assertThat(v).isPositive());
    assertThat(enc.get("annotations").get(0).asString()).startsWith("ISA-L/Java ");
    JsonNode finding = e.get("findings").get(0);
    double ratio = Double.parseDouble(finding.get("ours").asString().replace("×", ""));
    assertThat(ratio).as(finding.toString()).isPositive();
    assertThat(finding.get("seed").asString()).contains("16×");
    assertThat(e.get("notes").toString()).contains("one thread copies memory at", "a one-thread memory copy");
  }

  @Test
  void smallFileBlockObjectsFromTheNameNodeEqualTheArithmetic() throws InterruptedException {
    JsonNode e = run("small-files", "{\"layouts\":[\"replication\",\"RS-3-2-1024k\"],\"sizesKib\":[512,1024,3072,5120],"
        + "\"files\":1,\"blockSizeMb\":4}");
    assertThat(e.get("notes").get(0).asString()).as(e.get("notes").toString())
        .isEqualTo("8 of 8 measured points equal the arithmetic");
    // the figure's line is the savings report's arithmetic; its raw bytes must match what HDFS consumed too
    for (JsonNode r : e.get("runs")) {
      JsonNode l = r.get("result").get("layout");
      EcMath.Layout layout = l.get("dataUnits").asInt() > 0 ? new EcMath.Layout(l.get("layout").asString(),
          l.get("dataUnits").asInt(), l.get("parityUnits").asInt(), l.get("cellSize").asInt(), 1)
          : EcMath.Layout.replicated("replication", l.get("replication").asInt());
      assertThat(r.get("result").get("points")).hasSize(4);
      for (JsonNode p : r.get("result").get("points")) {
        EcMath.Cost cost = EcMath.cost(p.get("size").asLong(), 4L << 20, layout);
        assertThat(p.get("blockObjects").asLong()).as("%s %s", layout.name(), p).isEqualTo(cost.blockObjects());
        assertThat(p.get("rawBytes").asLong()).as("%s %s", layout.name(), p).isEqualTo(cost.rawBytes());
      }
    }
    JsonNode ec = panel(e, "Block objects per file: RS-3-2-1024k");
    assertThat(ec.get("categories").toString()).isEqualTo("[\"512 KiB\",\"1 MiB\",\"3 MiB\",\"5 MiB\"]");
    // a stripe of RS-3-2: one data block for up to 1 MiB, three from 3 MiB, always two parity
    assertThat(values(ec, "measured (NameNode)")).containsExactly(3.0, 3.0, 5.0, 5.0);
    assertThat(values(panel(e, "Block objects per file: replication"), "measured (NameNode)"))
        .containsExactly(3.0, 3.0, 3.0, 6.0);
  }

  @Test
  void dfsioMeasuresBothLayoutsAndLeavesNoDataBehind() throws Exception {
    JsonNode e = run("dfsio", "{\"layouts\":[\"replication\",\"RS-3-2-1024k\"],\"coders\":[\"isa-l\"],"
        + "\"writers\":[1],\"files\":2,\"fileMb\":8}");
    assertThat(e.get("runs")).hasSize(2);
    for (JsonNode r : e.get("runs")) {
      JsonNode res = r.get("result");
      assertThat(res.get("writeMiBps").asDouble()).as(r.toString()).isPositive();
      assertThat(res.get("readMiBps").asDouble()).as(r.toString()).isPositive();
      assertThat(res.get("writeCpuSecondsPerGiB").asDouble()).as(r.toString()).isPositive();
      // what HDFS consumed is the savings report's arithmetic (an 8 MiB file ends in a partial RS-3-2 stripe)
      EcMath.Layout layout = r.get("label").asString().startsWith("replication")
          ? EcMath.Layout.replicated("replication", 3) : new EcMath.Layout("RS-3-2-1024k", 3, 2, 1 << 20, 1);
      assertThat(res.get("rawBytes").asLong()).as(r.toString())
          .isEqualTo(2 * EcMath.cost(8L << 20, 128L << 20, layout).rawBytes());
      assertThat(r.get("mbPerSec").asDouble()).isEqualTo(res.get("writeMiBps").asDouble());
    }
    assertThat(panel(e, "Write MiB/s").get("series")).hasSize(2);
    assertThat(e.get("findings")).hasSize(2);
    long series = e.get("summary").get("seriesId").asLong();
    assertThat(ItSupport.hdfs().exists(new org.apache.hadoop.fs.Path("/granary-bench/experiments/" + series + "-0")))
        .isFalse();
  }

  @Test
  void badInputIsRefusedWithTheNumbersAndStartsNothing() {
    Api.Response big = admin.post(base(), "{\"experiment\":\"dfsio\",\"params\":{\"layouts\":[\"replication\"],"
        + "\"files\":1000,\"fileMb\":4096,\"writers\":[1]}}");
    assertThat(big.status()).as(big.body()).isEqualTo(409);
    assertThat(big.json().get("type").asString()).endsWith("experiment-too-large");
    assertThat(big.json().get("detail").asString()).contains("stores 12000.0 GiB", "GiB free");
    Api.Response wide = admin.post(base(), "{\"experiment\":\"small-files\",\"params\":{\"layouts\":[\"RS-6-3-1024k\"]}}");
    assertThat(wide.status()).as(wide.body()).isEqualTo(400);
    assertThat(wide.body()).contains("params.layouts", "9 internal blocks", "5 live");
    Api.Response unknown = admin.post(base(), "{\"experiment\":\"ec-coder\",\"params\":{\"thread\":[1]}}");
    assertThat(unknown.status()).isEqualTo(400);
    assertThat(unknown.body()).contains("params.thread", "not a parameter of ec-coder");
    Api.Response kind = admin.post(base(), "{\"experiment\":\"teragen\"}");
    assertThat(kind.status()).isEqualTo(400);
    assertThat(kind.body()).contains("one of ec-coder, dfsio, small-files");
    assertThat(admin.get(base() + "/999999").status()).isEqualTo(404);
  }

  @Test
  void cancelStopsTheToolAndRemovesItsData() throws Exception {
    Api.Response r = admin.post(base(), "{\"experiment\":\"dfsio\",\"params\":{\"layouts\":[\"replication\"],"
        + "\"writers\":[1,2],\"files\":16,\"fileMb\":64}}");
    assertThat(r.status()).as(r.body()).isEqualTo(202);
    long series = r.json().get("seriesId").asLong();
    JsonNode running = ApiIT.await("a dfsio run writing", 60, () -> admin.get(base() + "/" + series).json(),
        x -> x.get("runs").get(0).get("state").asString().equals("RUNNING"));
    long pid = running.get("runs").get(0).get("pid").asLong();
    assertThat(running.get("runs").get(0).get("command").asString()).contains("--path /granary-bench/experiments/"
        + series + "-0");
    Thread.sleep(2000); // let it write some data first
    Api.Response cancel = admin.post(base() + "/" + series + "/cancel", "");
    assertThat(cancel.status()).as(cancel.body()).isEqualTo(202);
    JsonNode op = ApiIT.await("the cancelled operation", 60, () -> admin.get("/api/v1/operations/"
        + r.json().get("operationId").asString()).json(), o -> !o.get("state").asString().matches("PENDING|RUNNING"));
    assertThat(op.get("state").asString()).isEqualTo("CANCELLED");
    JsonNode e = admin.get(base() + "/" + series).json();
    assertThat(e.get("summary").get("state").asString()).isEqualTo("CANCELLED");
    assertThat(e.get("runs").get(0).get("state").asString()).isEqualTo("CANCELLED");
    assertThat(e.get("runs").get(1).get("message").asString()).isEqualTo("cancelled before it started");
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("tool pid %d", pid).isFalse();
    assertThat(ItSupport.hdfs().exists(new org.apache.hadoop.fs.Path("/granary-bench/experiments/" + series + "-0")))
        .isFalse();
    assertThat(admin.post(base() + "/" + series + "/cancel", "").status()).isEqualTo(409);
  }

  /** Processes whose command line names the path: a scratch cluster's JVMs carry its directory. */
  static List<Long> processesNaming(String path) throws java.io.IOException {
    List<Long> out = new ArrayList<>();
    try (var procs = java.nio.file.Files.list(java.nio.file.Path.of("/proc"))) {
      for (java.nio.file.Path p : procs.toList()) {
        if (!p.getFileName().toString().matches("\\d+")) {
          continue;
        }
        try {
          String argv = new String(java.nio.file.Files.readAllBytes(p.resolve("cmdline")));
          if (argv.contains(path)) {
            out.add(Long.parseLong(p.getFileName().toString()));
          }
        } catch (java.io.IOException gone) {
          // exited meanwhile
        }
      }
    }
    return out;
  }

  @Test
  void reconstructionRunsOnAScratchClusterThatIsRemovedAfterwards() throws Exception {
    JsonNode e = run("reconstruction", "{\"layout\":[\"RS-3-2-1024k\"],\"variants\":[\"defaults\"],\"files\":4,"
        + "\"fileMb\":8}");
    JsonNode r = e.get("runs").get(0);
    JsonNode res = r.get("result");
    assertThat(res.get("lostReplicas").asInt()).as(r.toString()).isPositive();
    assertThat(res.get("lostInternalBlocks").asInt()).as(r.toString()).isPositive();
    assertThat(res.get("deadAfterSeconds").asDouble()).as(r.toString()).isPositive();
    assertThat(res.get("replicatedSeconds").asDouble()).as(r.toString()).isPositive();
    assertThat(res.get("ecSeconds").asDouble()).as(r.toString()).isPositive();
    assertThat(values(panel(e, "Time to full redundancy"), "RS-3-2-1024k")).singleElement()
        .satisfies(v -> assertThat(v).isPositive());
    assertThat(e.get("findings").get(0).get("seed").asString()).contains("6×");
    long series = e.get("summary").get("seriesId").asLong();
    assertThat(r.get("command").asString()).endsWith("--dir scratch/" + series + "-0");
    assertThat(processesNaming("experiments/scratch/" + series + "-0")).isEmpty();
    // the cluster it was launched from lost nothing
    try (var fs = ItSupport.hdfs()) {
      assertThat(fs.getDataNodeStats(org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType.DEAD)).isEmpty();
    }
  }

  @Test
  void aDestructiveExperimentIsRefusedOnTheClusterItselfAndCancelLeavesNoScratchCluster() throws Exception {
    Api.Response self = admin.post(base(), "{\"experiment\":\"reconstruction\",\"scratch\":false}");
    assertThat(self.status()).as(self.body()).isEqualTo(409);
    assertThat(self.json().get("type").asString()).endsWith("experiment-needs-scratch-cluster");
    assertThat(self.json().get("detail").asString()).contains("kills a DataNode", "never on 'local'");
    Api.Response notScratch = admin.post(base(), "{\"experiment\":\"ec-coder\",\"scratch\":true}");
    assertThat(notScratch.status()).isEqualTo(400);
    assertThat(notScratch.body()).contains("runs on the cluster itself");

    Api.Response r = admin.post(base(), "{\"experiment\":\"reconstruction\",\"params\":{\"files\":4,\"fileMb\":8,"
        + "\"variants\":[\"defaults\",\"ec-threads-16\"]}}");
    assertThat(r.status()).as(r.body()).isEqualTo(202);
    long series = r.json().get("seriesId").asLong();
    String scratch = "experiments/scratch/" + series + "-0";
    // cancel while the scratch cluster's roles are starting
    ApiIT.await("scratch cluster processes", 60, () -> {
      try {
        return processesNaming(scratch).size();
      } catch (java.io.IOException x) {
        return 0;
      }
    }, n -> n >= 3);
    assertThat(admin.post(base() + "/" + series + "/cancel", "").status()).isEqualTo(202);
    JsonNode op = ApiIT.await("the cancelled operation", 240, () -> admin.get("/api/v1/operations/"
        + r.json().get("operationId").asString()).json(), o -> !o.get("state").asString().matches("PENDING|RUNNING"));
    assertThat(op.get("state").asString()).isEqualTo("CANCELLED");
    assertThat(processesNaming(scratch)).isEmpty();
    JsonNode e = admin.get(base() + "/" + series).json();
    assertThat(e.get("runs").get(0).get("state").asString()).isEqualTo("CANCELLED");
    assertThat(e.get("runs").get(1).get("state").asString()).isEqualTo("CANCELLED");
  }

  @Test
  void nativeChecksumsCompareTheCasesWithCpuSecondsAndAProfile() throws Exception {
    JsonNode e = run("native-checksums", "{\"rows\":5000,\"valueSize\":10240,\"flushes\":4}");
    assertThat(e.get("runs")).hasSize(3);
    long checksumSamples = 0;
    for (JsonNode r : e.get("runs")) {
      JsonNode res = r.get("result");
      String c = r.get("params").get("case").asString();
      // the case's roles really ran with or without libhadoop (read from their memory maps)
      assertThat(res.get("regionServerNative").asBoolean()).as(c).isEqualTo(c.equals("native for HDFS and HBase"));
      assertThat(res.get("dataNodesNative").asBoolean()).as(c).isEqualTo(!c.equals("no native"));
      assertThat(res.get("userSeconds").asDouble()).as(r.toString()).isPositive();
      assertThat(res.get("sysSeconds").asDouble()).as(r.toString()).isNotNegative();
      assertThat(res.get("wallSeconds").asDouble()).as(r.toString()).isPositive();
      JsonNode profile = res.get("profile");
      assertThat(profile.get("samples").asLong()).as(c).isPositive();
      assertThat(profile.get("flame").get("c")).as(c).isNotEmpty();
      if (c.equals("no native")) {
        assertThat(profile.get("checksumSamples").asLong()).as("checksum frames without libhadoop").isPositive();
      }
      checksumSamples += profile.get("checksumSamples").asLong();
    }
    assertThat(checksumSamples).isPositive();
    assertThat(values(panel(e, "RegionServer CPU seconds"), "user")).hasSize(3).allSatisfy(v -> assertThat(v).isPositive());
    assertThat(e.get("findings").toString()).contains("HDFS native / no native", "both native / HDFS native");
    long series = e.get("summary").get("seriesId").asLong();
    for (int i = 0; i < 3; i++) {
      assertThat(processesNaming("experiments/scratch/" + series + "-" + i)).isEmpty();
    }
  }
}
