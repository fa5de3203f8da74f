package io.granary.provisioning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.provisioning.model.ConfigFile;
import io.granary.provisioning.model.Finding;
import io.granary.provisioning.model.FindingCode;
import io.granary.provisioning.model.Mappers;
import io.granary.provisioning.model.Plan;
import io.granary.provisioning.model.PlannedHost;
import io.granary.provisioning.model.Provenance;
import io.granary.provisioning.model.Role;
import io.granary.provisioning.model.Workload;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlannerTest {

  static String hosts(int n, String extra) {
    StringBuilder sb = new StringBuilder("hosts:\n");
    for (int i = 1; i <= n; i++) {
      sb.append("  - {address: 10.0.0.")
          .append(10 + i)
          .append(", hostname: h")
          .append(i)
          .append(extra)
          .append("}\n");
    }
    return sb.toString();
  }

  static PlanResult plan(String yaml) {
    return new Planner().plan(yaml);
  }

  static Plan ok(String yaml) {
    PlanResult r = plan(yaml);
    assertTrue(r.ok(), () -> "expected a plan, got " + r.findings());
    return r.plan();
  }

  static List<String> codes(PlanResult r) {
    return r.findings().stream().map(f -> f.code().code()).toList();
  }

  static Finding first(PlanResult r, FindingCode code) {
    return r.findings().stream()
        .filter(f -> f.code() == code)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + code + " in " + r.findings()));
  }

  @Test
  void labShapePutsZookeeperNamenodeMasterOnHost1AndDatanodeRegionserverOnAll() {
    Plan p =
        ok("name: lab\nprofile: lab\n" + hosts(3, ", cores: 2, ramGb: 2, dataDisks: [/data/1]"));
    assertEquals(
        List.of(Role.ZOOKEEPER, Role.NAMENODE, Role.HBASE_MASTER, Role.DATANODE, Role.REGIONSERVER),
        p.hosts().get(0).roles());
    assertEquals(List.of(Role.DATANODE, Role.REGIONSERVER), p.hosts().get(1).roles());
    assertEquals(List.of(Role.DATANODE, Role.REGIONSERVER), p.hosts().get(2).roles());
    assertEquals(
        "10.0.0.11", p.config().get(ConfigFile.HBASE_SITE).get("hbase.zookeeper.quorum").value());
  }

  @Test
  void tinyLabHostStillPlansWithSmallHeaps() {
    Plan p =
        ok("name: lab\nprofile: lab\n" + hosts(1, ", cores: 2, ramGb: 2, dataDisks: [/data/1]"));
    PlannedHost h = p.hosts().get(0);
    // 2048 − 256 OS − 128 ZK − 384 NN − 384 HMaster − 256 DN = 640
    assertEquals("640m", h.heaps().get(Role.REGIONSERVER).value());
    assertEquals("128m", h.heaps().get(Role.ZOOKEEPER).value());
  }

  @Test
  void regionServerHeapFollowsTheBdeRuleWithItsArithmetic() {
    String spec =
        "name: c\n"
            + "hosts:\n"
            + "  - {address: 10.0.0.1, cores: 8, ramGb: 16, dataDisks: [/d], roles: [zookeeper,"
            + " namenode, hbase_master]}\n"
            + "  - {address: 10.0.0.2, cores: 8, ramGb: 16, dataDisks: [/d]}\n";
    PlannedHost worker = ok(spec).hosts().get(1);
    var heap = worker.heaps().get(Role.REGIONSERVER);
    assertEquals("14g", heap.value());
    assertEquals(Provenance.SIZING_RULE, heap.source());
    assertEquals("RAM 16 GiB − 1 GiB OS − 1 GiB DataNode = 14 GiB", heap.rule());
  }

  @Test
  void regionServerHeapIsCappedAt31GbForCompressedOops() {
    PlannedHost h =
        ok("name: c\n" + hosts(1, ", cores: 32, ramGb: 256, dataDisks: [/d]")).hosts().get(0);
    assertEquals("31g", h.heaps().get(Role.REGIONSERVER).value());
    assertTrue(
        h.heaps().get(Role.REGIONSERVER).rule().endsWith("capped at 31 GiB (compressed oops)"));
    assertTrue(h.jvmOpts().get(Role.REGIONSERVER).value().contains("-XX:G1HeapRegionSize=32m"));
    assertTrue(h.jvmOpts().get(Role.REGIONSERVER).value().contains("-XX:+UseG1GC"));
    assertTrue(
        h.jvmOpts().get(Role.REGIONSERVER).value().contains("-XX:InitiatingHeapOccupancyPercent="));
  }

  @Test
  void handlerCountsScaleWithCoresBetween30And100() {
    Plan p =
        ok(
            "name: c\nhosts:\n"
                + "  - {address: 10.0.0.1, cores: 2, ramGb: 8, dataDisks: [/d]}\n"
                + "  - {address: 10.0.0.2, cores: 6, ramGb: 8, dataDisks: [/d]}\n"
                + "  - {address: 10.0.0.3, cores: 64, ramGb: 8, dataDisks: [/d]}\n");
    List<String> counts =
        p.hosts().stream()
            .map(
                h ->
                    p.effective(h, ConfigFile.HBASE_SITE, "hbase.regionserver.handler.count")
                        .value())
            .toList();
    assertEquals(List.of("30", "60", "100"), counts);
  }

  @Test
  void cacheFractionsOfEveryWorkloadSumToAtMost08() {
    for (Workload w : Workload.values()) {
      Plan p =
          ok(
              "name: c\nworkload: "
                  + w.id()
                  + "\n"
                  + hosts(1, ", cores: 4, ramGb: 16, dataDisks: [/d]"));
      var hbase = p.config().get(ConfigFile.HBASE_SITE);
      BigDecimal sum =
          new BigDecimal(hbase.get("hfile.block.cache.size").value())
              .add(new BigDecimal(hbase.get("hbase.regionserver.global.memstore.size").value()));
      assertTrue(sum.compareTo(new BigDecimal("0.8")) <= 0, w + " sums to " + sum);
    }
  }

  @Test
  void replicationIsMin3AndTheDataNodes() {
    assertEquals(
        "1",
        ok("name: c\n" + hosts(1, ", cores: 4, ramGb: 16, dataDisks: [/d]"))
            .config()
            .get(ConfigFile.HDFS_SITE)
            .get("dfs.replication")
            .value());
    assertEquals(
        "3",
        ok("name: c\n" + hosts(5, ", cores: 4, ramGb: 16, dataDisks: [/d]"))
            .config()
            .get(ConfigFile.HDFS_SITE)
            .get("dfs.replication")
            .value());
  }

  @Test
  void shortCircuitReadsAreOnAndDataDirsComeFromTheDisks() {
    Plan p = ok("name: c\n" + hosts(1, ", cores: 4, ramGb: 16, dataDisks: [/data/1, /data/2/]"));
    assertEquals(
        "true", p.config().get(ConfigFile.HDFS_SITE).get("dfs.client.read.shortcircuit").value());
    assertTrue(
        p.config()
            .get(ConfigFile.HDFS_SITE)
            .get("dfs.domain.socket.path")
            .value()
            .endsWith("_PORT"));
    assertEquals(
        "/data/1/dfs/dn,/data/2/dfs/dn",
        p.hosts().get(0).config().get(ConfigFile.HDFS_SITE).get("dfs.datanode.data.dir").value());
  }

  @Test
  void defaultProfileRunsThreeZookeepersFromThreeHostsAndSpreadsTheMasterFromFive() {
    Plan three = ok("name: c\n" + hosts(3, ", cores: 4, ramGb: 16, dataDisks: [/d]"));
    assertEquals(3, three.hostsRunning(Role.ZOOKEEPER).size());
    assertEquals("h1", three.hostsRunning(Role.HBASE_MASTER).get(0).hostname());
    assertEquals(
        List.of(1, 2, 3),
        three.hostsRunning(Role.ZOOKEEPER).stream().map(PlannedHost::zookeeperId).toList());
    assertTrue(three.config().get(ConfigFile.ZOO_CFG).containsKey("server.3"));

    Plan five = ok("name: c\n" + hosts(5, ", cores: 4, ramGb: 16, dataDisks: [/d]"));
    assertEquals("h1", five.hostsRunning(Role.NAMENODE).get(0).hostname());
    assertEquals("h2", five.hostsRunning(Role.HBASE_MASTER).get(0).hostname());
  }

  @Test
  void zookeeperCountOneOverridesTheProfile() {
    Plan p =
        ok("name: c\nzookeeperCount: 1\n" + hosts(3, ", cores: 4, ramGb: 16, dataDisks: [/d]"));
    assertEquals(1, p.hostsRunning(Role.ZOOKEEPER).size());
    assertFalse(p.config().get(ConfigFile.ZOO_CFG).containsKey("server.1"));
  }

  @Test
  void explicitRolesAreExactlyWhatTheHostRuns() {
    Plan p =
        ok(
            "name: c\n"
                + "profile: small\n"
                + "hosts:\n"
                + "  - {address: 10.0.0.1, cores: 4, ramGb: 8, dataDisks: [/d], roles:"
                + " [hbase_master]}\n"
                + "  - {address: 10.0.0.2, cores: 4, ramGb: 16, dataDisks: [/d]}\n");
    assertEquals(List.of(Role.HBASE_MASTER), p.hosts().get(0).roles());
    assertEquals(
        List.of(Role.ZOOKEEPER, Role.NAMENODE, Role.DATANODE, Role.REGIONSERVER),
        p.hosts().get(1).roles());
  }

  @Test
  void ramTooSmallNamesTheFieldWhatTheRolesNeedAndWhatTheHostHas() {
    PlanResult r = plan("name: c\n" + hosts(1, ", cores: 4, ramGb: 3, dataDisks: [/d]"));
    Finding f = first(r, FindingCode.RAM_TOO_SMALL);
    assertEquals("hosts[0].ramGb", f.field());
    assertTrue(f.message().contains("need 6 GiB"), f.message());
    assertTrue(f.message().contains("has 3 GiB"), f.message());
    assertNull(r.plan());
  }

  @Test
  void ecPolicyWiderThanTheDataNodesIsAnErrorNamingTheField() {
    PlanResult r =
        plan(
            "name: c\nerasureCoding: {policies: [RS-3-2-1024k, RS-6-3]}\n"
                + hosts(5, ", cores: 4, ramGb: 16, dataDisks: [/d]"));
    Finding f = first(r, FindingCode.EC_POLICY_TOO_WIDE);
    assertEquals("erasureCoding.policies[1]", f.field());
    assertEquals(
        "RS-6-3-1024k needs 9 DataNodes (6 data + 3 parity blocks per stripe); the spec has 5",
        f.message());
    assertEquals(1, codes(r).stream().filter("ec-policy-too-wide"::equals).count());
  }

  @Test
  void fewerRacksThanTheStripeIsOnlyAWarning() {
    PlanResult r =
        plan(
            "name: c\nerasureCoding: {policies: [RS-3-2]}\nhosts:\n"
                + "  - {address: 10.0.0.1, cores: 4, ramGb: 16, dataDisks: [/d], rack: /r1}\n"
                + "  - {address: 10.0.0.2, cores: 4, ramGb: 16, dataDisks: [/d], rack: /r1}\n"
                + "  - {address: 10.0.0.3, cores: 4, ramGb: 16, dataDisks: [/d], rack: /r2}\n"
                + "  - {address: 10.0.0.4, cores: 4, ramGb: 16, dataDisks: [/d], rack: /r2}\n"
                + "  - {address: 10.0.0.5, cores: 4, ramGb: 16, dataDisks: [/d], rack: /r3}\n");
    assertTrue(r.ok());
    Finding w = first(r, FindingCode.EC_RACKS_BELOW_WIDTH);
    assertTrue(w.message().contains("survives a lost rack"), w.message());
    assertEquals(List.of("RS-3-2-1024k"), r.plan().erasureCodingPolicies());
  }

  @Test
  void racksOfDifferentDepthAreAnErrorOnTheHostThatDiffers() {
    PlanResult r =
        plan(
            "name: c\nhosts:\n"
                + "  - {address: 10.0.0.1, cores: 4, ramGb: 16, dataDisks: [/d], rack: /dc1/r1}\n"
                + "  - {address: 10.0.0.2, cores: 4, ramGb: 16, dataDisks: [/d], rack: /dc1/r2}\n"
                + "  - {address: 10.0.0.3, cores: 4, ramGb: 16, dataDisks: [/d]}\n");
    Finding f = first(r, FindingCode.RACK_DEPTH_MISMATCH);
    assertEquals("hosts[2].rack", f.field());
    assertTrue(f.message().contains("/default-rack has 1 level(s) but /dc1/r1 has 2"), f.message());
    assertEquals(1, codes(r).stream().filter("rack-depth-mismatch"::equals).count());
    // the same depth everywhere plans, and the racks reach the topology script's provenance
    Plan p =
        ok(
            "name: c\nhosts:\n"
                + "  - {address: 10.0.0.1, hostname: a, cores: 4, ramGb: 16, dataDisks: [/d], rack: /r1}\n"
                + "  - {address: 10.0.0.2, hostname: b, cores: 4, ramGb: 16, dataDisks: [/d], rack: /r2}\n");
    assertEquals(
        "racks from the spec: /r1 (a), /r2 (b); read on each lookup, so a scale-out needs no"
            + " NameNode restart",
        p.config().get(ConfigFile.CORE_SITE).get("net.topology.script.file.name").rule());
  }

  @Test
  void duplicateAddressPointsAtTheSecondHost() {
    PlanResult r =
        plan(
            "name: c\nhosts:\n"
                + "  - {address: 10.0.0.1, cores: 4, ramGb: 16, dataDisks: [/d]}\n"
                + "  - {address: 10.0.0.2, cores: 4, ramGb: 16, dataDisks: [/d]}\n"
                + "  - {address: 10.0.0.1, cores: 4, ramGb: 16, dataDisks: [/d]}\n");
    Finding f = first(r, FindingCode.DUPLICATE_ADDRESS);
    assertEquals("hosts[2].address", f.field());
    assertEquals("10.0.0.1 is also the address of hosts[0]", f.message());
  }

  @Test
  void findingsAreCollectedNotFailFast() {
    PlanResult r = plan("name: Bad\nprofile: huge\nhosts:\n  - {address: 999.1.1.1, cores: 0}\n");
    assertEquals(
        List.of(
            "invalid-cluster-name",
            "unknown-profile",
            "invalid-address",
            "invalid-cores",
            "invalid-ram",
            "no-data-disks",
            "low-replication"),
        codes(r));
  }

  @Test
  void overridesWinAndSayWhatTheyReplaced() {
    Plan p =
        ok(
            "name: c\noverrides:\n  hbase-site: {hbase.regionserver.handler.count: 64}\n"
                + "  jvm-heaps: {regionserver: 4g}\n"
                + hosts(2, ", cores: 4, ramGb: 16, dataDisks: [/d]"));
    var v = p.config().get(ConfigFile.HBASE_SITE).get("hbase.regionserver.handler.count");
    assertEquals(Provenance.USER_OVERRIDE, v.source());
    assertEquals(
        "overrides.hbase-site; replaces h1, h2: 40 (SIZING_RULE: 10 × 4 cores = 40)", v.rule());
    p.hosts()
        .forEach(
            h ->
                assertFalse(
                    h.config()
                        .get(ConfigFile.HBASE_SITE)
                        .containsKey("hbase.regionserver.handler.count")));
    assertEquals("4g", p.hosts().get(1).heaps().get(Role.REGIONSERVER).value());
    assertEquals(
        Provenance.USER_OVERRIDE, p.hosts().get(1).heaps().get(Role.REGIONSERVER).source());
  }

  @Test
  void heapOverrideThatDoesNotFitIsRamTooSmall() {
    PlanResult r =
        plan(
            "name: c\noverrides: {jvm-heaps: {regionserver: 32g}}\n"
                + hosts(1, ", cores: 4, ramGb: 16, dataDisks: [/d]"));
    assertTrue(first(r, FindingCode.RAM_TOO_SMALL).message().contains("32 GiB RegionServer"));
  }

  @Test
  void everyValueCarriesAProvenanceAndRulesExplainSizing() {
    Plan p = ok("name: c\n" + hosts(3, ", cores: 4, ramGb: 16, dataDisks: [/d]"));
    p.config()
        .values()
        .forEach(
            m ->
                m.values()
                    .forEach(
                        v -> {
                          assertTrue(v.source() != null);
                          if (v.source() != Provenance.DEFAULT) {
                            assertTrue(v.rule() != null && !v.rule().isBlank(), v.toString());
                          }
                        }));
  }

  @Test
  void theSameSpecGivesTheSameBytes() throws Exception {
    String spec = "name: c\n" + hosts(4, ", cores: 4, ramGb: 16, dataDisks: [/d]");
    assertEquals(
        Mappers.JSON.writeValueAsString(plan(spec)), Mappers.JSON.writeValueAsString(plan(spec)));
  }
}
