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
  void kerberosIsOneLineUnderHa() {
    assertEquals(0, run("plan", "src/test/resources/scenarios/three-host-lab-kerberos/spec.yaml"));
    assertTrue(
        out.toString(StandardCharsets.UTF_8)
            .contains(
                "\nHA off, given (ha: false in the spec)\nKerberos on: realm GRANARY.TEST, managed"
                    + " KDC on node1, RPC protection privacy, data transfer protection"
                    + " authentication, control plane granary-cp/lab\n\n"),
        out.toString(StandardCharsets.UTF_8));
    out.reset();
    assertEquals(0, run("plan", "src/test/resources/scenarios/three-host-lab/spec.yaml"));
    assertTrue(
        out.toString(StandardCharsets.UTF_8).contains("\nKerberos off\n\n"),
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
    assertEquals(2, run("plan", "x.yaml", "--vcenter", "no-user-here"));
  }

  static final String VCSIM_SPEC = "src/test/resources/scenarios/vcsim-lab/spec.yaml";
  static final String VCSIM_FACTS = "src/test/resources/vsphere/vcsim-facts.json";

  @Test
  void vsphereSpecPrintsTheVmsThenTheHostPlan(@TempDir Path dir) throws Exception {
    int rc =
        run(
            "plan",
            VCSIM_SPEC,
            "--vcenter-facts",
            VCSIM_FACTS,
            "--vcenter",
            "administrator@vsphere.local@127.0.0.1:8989",
            "--out",
            dir.toString());
    assertEquals(0, rc, err.toString());
    String table = out.toString(StandardCharsets.UTF_8);
    assertTrue(
        table.startsWith(
            "VMs of cluster vm1 in DC0 / DC0_C0, folder /DC0/vm/granary/vm1, template"
                + " granary-template\nDRS rule vm1-workers (anti-affinity, mandatory):"
                + " vm1-worker-1, vm1-worker-2, vm1-worker-3\n"),
        table);
    assertTrue(
        table.contains(
            "vm1-worker-2  DC0_C0_H1  /DC0_C0_H1  2 (2/socket)  3 GiB locked  4588 MHz  high    "
                + " 1500  datanode regionserver"),
        table);
    assertTrue(table.contains("cpu_reservation_mhz           4588"), table);
    assertTrue(table.contains("Cluster vm1: profile lab"), table);
    assertTrue(Files.exists(dir.resolve("host_vars/vm1-worker-3.yml")));
    String vars = Files.readString(dir.resolve("vsphere.yml"));
    assertTrue(vars.contains("  port: 8989\n  username: administrator@vsphere.local\n"), vars);
  }

  @Test
  void vsphereSpecWithoutFactsOrWithBadFactsFails(@TempDir Path dir) throws Exception {
    assertEquals(1, run("plan", VCSIM_SPEC));
    assertTrue(
        out.toString(StandardCharsets.UTF_8).contains("ERROR vcenter-facts-required"),
        out.toString(StandardCharsets.UTF_8));
    out.reset();
    Path four = dir.resolve("four.yaml");
    Files.writeString(four, Files.readString(Path.of(VCSIM_SPEC)).replace("count: 3", "count: 4"));
    assertEquals(1, run("plan", four.toString(), "--vcenter-facts", VCSIM_FACTS));
    assertTrue(
        out.toString(StandardCharsets.UTF_8)
            .contains("ERROR too-few-esxi-hosts at vsphere.nodeGroups[1].count"),
        out.toString(StandardCharsets.UTF_8));
    Path bad = dir.resolve("bad.json");
    Files.writeString(bad, "{\"datacenters\": 3}");
    assertEquals(2, run("plan", VCSIM_SPEC, "--vcenter-facts", bad.toString()));
    assertEquals(2, run("plan", VCSIM_SPEC, "--vcenter-facts", "no-such-facts.json"));
  }
}
