package io.granary.provisioning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainTest {
  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  int run(String... args) {
    return Main.run(
        args,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void planPrintsTheTableAndWritesTheInventory(@TempDir Path dir) throws Exception {
    int rc =
        run(
            "plan",
            "src/test/resources/scenarios/three-host-lab/spec.yaml",
            "--out",
            dir.toString());
    assertEquals(0, rc, err.toString());
    String table = out.toString(StandardCharsets.UTF_8);
    assertTrue(
        table.contains(
            "node1  10.77.0.11  /default-rack  2      4 GiB  zookeeper namenode hbase_master"
                + " datanode regionserver"),
        table);
    assertTrue(table.contains("RAM 4 GiB − 256 MiB OS"), table);
    assertTrue(table.contains("\nHA off, given (ha: false in the spec)\n"), table);
    assertTrue(Files.exists(dir.resolve("hosts.yml")));
    assertTrue(Files.exists(dir.resolve("host_vars/node3.yml")));
    assertTrue(Files.readString(dir.resolve("plan.json")).contains("\"cluster\" : \"lab\""));
  }

  @Test
  void haShowsWhetherItWasChosenAndTheNameservice() {
    assertEquals(0, run("plan", "src/test/resources/scenarios/three-host-ha/spec.yaml"));
    assertTrue(
        out.toString(StandardCharsets.UTF_8)
            .contains(
                "\nHA on, chosen (ha left out: on from 3 hosts; the spec has 3): every client uses"
                    + " the nameservice hdfs://orders\n"),
        out.toString(StandardCharsets.UTF_8));
  }

  @Test
  void invalidSpecPrintsFindingsAndExits1(@TempDir Path dir) {
    assertEquals(
        1,
        run(
            "plan",
            "src/test/resources/scenarios/invalid-hosts/spec.yaml",
            "--out",
            dir.toString()));
    assertTrue(
        out.toString(StandardCharsets.UTF_8)
            .contains("ERROR duplicate-address at hosts[1].address"));
    assertTrue(dir.toFile().list().length == 0, "nothing written");
  }

  @Test
  void diffPrintsWhatChangesAndRestarts(@TempDir Path dir) throws Exception {
    Path after = dir.resolve("after.yaml");
    Files.writeString(
        after,
        Scenarios.spec("five-host-ha") + "overrides: {zoo.cfg: {maxClientCnxns: 500}}\n");
    String before = "src/test/resources/scenarios/five-host-ha/spec.yaml";
    assertEquals(0, run("diff", before, after.toString()), err.toString());
    assertEquals(
        "zoo.cfg maxClientCnxns: 300 → 500 (zookeeper restarts on 3 hosts)\n",
        out.toString(StandardCharsets.UTF_8));
    out.reset();
    assertEquals(0, run("diff", before, before));
    assertEquals("no change\n", out.toString(StandardCharsets.UTF_8));
    assertEquals(
        1, run("diff", before, "src/test/resources/scenarios/invalid-hosts/spec.yaml"));
    assertEquals(2, run("diff", before, "no-such-spec.yaml"));
  }

  @Test
  void usageErrorsExit2() {
    assertEquals(2, run());
    assertEquals(2, run("plan", "no-such-spec.yaml"));
    assertEquals(2, run("plan", "x.yaml", "--bogus"));
  }
}
