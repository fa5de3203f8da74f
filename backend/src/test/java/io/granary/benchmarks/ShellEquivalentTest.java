package io.granary.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.engine.client.BenchmarkSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class ShellEquivalentTest {
  static BenchmarkSpec spec(String workload, String ycsb, double rate, int batch) {
    return new BenchmarkSpec("A", workload, "usertable", "f", 8, 30, 5, rate, 0, 80_000, 1000, batch, false, 100, true, ycsb,
        10_000, null, 10, 100, 80_000, null);
  }

  @Test
  void peCommandsSplitRowsPerClient() {
    assertEquals("hbase pe --nomapred --table=usertable --families=1 --rows=10000 --valueSize=1000 randomRead 8",
        ShellEquivalent.of(spec("randomRead", null, 0, 1)));
    assertTrue(ShellEquivalent.of(spec("randomRead", null, 0, 10)).contains("--multiGet=10"));
    assertTrue(ShellEquivalent.of(spec("scan", null, 0, 1)).endsWith("scanRange100 8"));
  }

  @Test
  void ycsbCommandsAreLoadWarmUpAndTheMeasuredRun() {
    String cmd = ShellEquivalent.of(spec("ycsb", "A", 500, 1));
    List<String> lines = cmd.lines().toList();
    assertEquals(3, lines.size(), cmd);
    assertTrue(lines.get(0).startsWith("bin/ycsb load hbase2 -cp \"$HBASE_CONF_DIR\" -P workloads/workloada"
        + " -p table=usertable -p columnfamily=f -p recordcount=10000"), cmd);
    assertTrue(lines.get(0).contains("-p clientbuffering=true"), "the load writes buffered, as the agent's does");
    assertTrue(lines.get(1).contains("-p maxexecutiontime=5 -threads 8 -target 500"), cmd);
    assertTrue(lines.get(1).endsWith("# warm-up: discard this report"), cmd);
    assertTrue(lines.get(2).contains(" -p operationcount=2147483647 -p maxexecutiontime=30 -p measurementtype=hdrhistogram"
        + " -p measurement.interval=both -p hdrhistogram.percentiles=50,95,99,99.9 -threads 8 -target 500 -s"), cmd);
    assertFalse(cmd.contains("maxscanlength"), "A does not scan");
    assertEquals(List.of(), YcsbCommandLine.problems(cmd));
  }

  @Test
  void aWorkloadFileRunNamesTheFileAndScanLengthWhenItScans() {
    BenchmarkSpec s = new BenchmarkSpec("A", "ycsb", "usertable", "f", 2, 10, 0, 0, 0, 1, 1, 1, false, 40, false, null, 500, "uniform",
        10, 100, 1, "scanproportion=1\n");
    String cmd = ShellEquivalent.of(s);
    assertTrue(cmd.startsWith("# my-workload.properties: the run's workload file"), cmd);
    assertTrue(cmd.contains("-p requestdistribution=uniform -p maxscanlength=40"), cmd);
    assertFalse(cmd.contains("bin/ycsb load"), "no load phase asked");
    assertFalse(cmd.contains("warm-up"), "no warm-up asked");
    assertEquals(List.of(), YcsbCommandLine.problems(cmd));
  }

  @Test
  void theCheckerRefusesWhatBinYcsbWouldNot() {
    assertEquals(1, YcsbCommandLine.problems("bin/ycsb run hbase2 -P w -p warmup=5 -threads 2").size());
    assertEquals(1, YcsbCommandLine.problems("bin/ycsb run hbase2 -P w -duration 30").size());
    assertEquals(1, YcsbCommandLine.problems("bin/ycsb run hbase2 -P w -target 10.5").size());
    assertEquals(1, YcsbCommandLine.problems("ycsb run hbase2 -P w").size());
    // YCSB 0.17.0 starts no client thread for operationcount=0 and parses the count as an int
    assertEquals(1, YcsbCommandLine.problems("bin/ycsb run hbase2 -P w -p operationcount=0 -threads 2").size());
    assertEquals(1, YcsbCommandLine.problems("bin/ycsb run hbase2 -P w -p operationcount=3000000000").size());
    assertEquals(List.of(), YcsbCommandLine.problems("bin/ycsb run hbase2 -P w -p recordcount=1 -threads 2 -s"));
  }

  @Test
  void theSharedCasesAreWhatTheRunPageShows() throws Exception {
    // the launch form (frontend shellCommand.test.ts) checks the same file
    JsonMapper json = JsonMapper.builder().build();
    JsonNode doc = json.readTree(Files.readString(Path.of("openapi/examples/ycsb-commands.json")));
    assertTrue(doc.path("cases").size() >= 3);
    for (JsonNode c : doc.path("cases")) {
      BenchmarkSpec s = json.treeToValue(c.path("spec"), BenchmarkSpec.class);
      List<String> expected = new java.util.ArrayList<>();
      c.path("lines").forEach(l -> expected.add(l.asString()));
      String cmd = ShellEquivalent.of(s);
      assertEquals(expected, cmd.lines().toList(), c.path("name").asString());
      assertEquals(List.of(), YcsbCommandLine.problems(cmd), c.path("name").asString());
    }
  }
}
