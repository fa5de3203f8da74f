package io.granary.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ShellEquivalentTest {
  static Spec spec(String workload, String ycsb, double rate, int batch) {
    return new Spec("A", workload, "usertable", "f", 8, 30, 5, rate, 0, 80_000, 1000, batch, false, 100, true, ycsb,
        10_000, null, 10, 100, 80_000);
  }

  @Test
  void peCommandsSplitRowsPerClient() {
    assertEquals("hbase pe --nomapred --table=usertable --families=1 --rows=10000 --valueSize=1000 randomRead 8",
        ShellEquivalent.of(spec("randomRead", null, 0, 1)));
    assertTrue(ShellEquivalent.of(spec("randomRead", null, 0, 10)).contains("--multiGet=10"));
    assertTrue(ShellEquivalent.of(spec("scan", null, 0, 1)).endsWith("scanRange100 8"));
  }

  @Test
  void ycsbCommandCarriesTheTargetRate() {
    String cmd = ShellEquivalent.of(spec("ycsb", "A", 500, 1));
    assertTrue(cmd.startsWith("bin/ycsb run hbase2 -P workloads/workloada -p table=usertable -p columnfamily=f"), cmd);
    assertTrue(cmd.contains("-target 500 -threads 8"), cmd);
    assertTrue(cmd.contains("maxexecutiontime=35"), cmd);
  }
}
