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
import io.granary.provisioning.render.InventoryRenderer;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
        ok(
            "name: lab\nprofile: lab\nha: false\n"
                + hosts(3, ", cores: 2, ramGb: 2, dataDisks: [/data/1]"));
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
    Plan three = ok("name: c\nha: false\n" + hosts(3, ", cores: 4, ramGb: 16, dataDisks: [/d]"));
    assertEquals(3, three.hostsRunning(Role.ZOOKEEPER).size());
    assertEquals("h1", three.hostsRunning(Role.HBASE_MASTER).get(0).hostname());
    assertEquals(
        List.of(1, 2, 3),
        three.hostsRunning(Role.ZOOKEEPER).stream().map(PlannedHost::zookeeperId).toList());
    assertTrue(three.config().get(ConfigFile.ZOO_CFG).containsKey("server.3"));

    Plan five = ok("name: c\nha: false\n" + hosts(5, ", cores: 4, ramGb: 16, dataDisks: [/d]"));
    assertEquals("h1", five.hostsRunning(Role.NAMENODE).get(0).hostname());
    assertEquals("h2", five.hostsRunning(Role.HBASE_MASTER).get(0).hostname());
  }

  @Test
  void zookeeperCountOneOverridesTheProfile() {
    Plan p =
        ok(
            "name: c\nha: false\nzookeeperCount: 1\n"
                + hosts(3, ", cores: 4, ramGb: 16, dataDisks: [/d]"));
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
  void roleGroupValuesWinForTheirRoleOnlyAndSayWhatTheyReplaced() {
    // h1 runs an HMaster beside its RegionServer (no HA on 2 hosts)
    Plan p =
        ok(
            """
            name: c
            roleOverrides:
              regionserver:
                hbase-site:
                  hbase.regionserver.handler.count: 60
                  hbase.hregion.memstore.flush.size: 256m
              datanode:
                hdfs-site: {dfs.datanode.handler.count: 20}
            """
                + hosts(2, ", cores: 4, ramGb: 16, dataDisks: [/d]"));
    var rs = p.roleValues(Role.REGIONSERVER, ConfigFile.HBASE_SITE);
    var handlers = rs.get("hbase.regionserver.handler.count");
    assertEquals(Provenance.USER_OVERRIDE, handlers.source());
    assertEquals(
        "roleOverrides.regionserver.hbase-site; replaces h1, h2: 40 (SIZING_RULE: 10 × 4 cores ="
            + " 40)",
        handlers.rule());
    // a size becomes plain bytes: HBase reads it with getLong
    var flush = rs.get("hbase.hregion.memstore.flush.size");
    assertEquals("268435456", flush.value());
    assertEquals("roleOverrides.regionserver.hbase-site (256m); not set by the plan", flush.rule());
    var dn = p.roleValues(Role.DATANODE, ConfigFile.HDFS_SITE);
    assertEquals("20", dn.get("dfs.datanode.handler.count").value());

    PlannedHost h1 = p.hosts().get(0);
    String key = "hbase.regionserver.handler.count";
    assertEquals("60", p.effective(h1, Role.REGIONSERVER, ConfigFile.HBASE_SITE, key).value());
    assertEquals("40", p.effective(h1, Role.HBASE_MASTER, ConfigFile.HBASE_SITE, key).value());
    assertEquals("40", h1.config().get(ConfigFile.HBASE_SITE).get(key).value());
    assertFalse(p.config().get(ConfigFile.HBASE_SITE).containsKey(key));
    assertEquals(
        "268435456",
        p.effectiveConfig(h1, Role.REGIONSERVER, ConfigFile.HBASE_SITE)
            .get("hbase.hregion.memstore.flush.size")
            .value());
    assertFalse(
        p.effectiveConfig(h1, Role.HBASE_MASTER, ConfigFile.HBASE_SITE)
            .containsKey("hbase.hregion.memstore.flush.size"));
  }

  @Test
  void aPlanWithRoleGroupsRoundTripsThroughJsonAndAnOlderPlanHasNone() throws Exception {
    Plan p =
        ok(
            "name: c\nroleOverrides: {zookeeper: {zoo.cfg: {maxClientCnxns: 500}}}\n"
                + hosts(1, ", cores: 4, ramGb: 16, dataDisks: [/d]"));
    String json = Mappers.JSON.writeValueAsString(p);
    assertEquals(
        "500",
        Mappers.JSON
            .readTree(json)
            .path("roleConfig")
            .path("zookeeper")
            .path("zoo.cfg")
            .path("maxClientCnxns")
            .path("value")
            .asText(),
        json);
    assertEquals(p, Mappers.JSON.readValue(json, Plan.class));

    Plan plain = ok("name: c\n" + hosts(1, ", cores: 4, ramGb: 16, dataDisks: [/d]"));
    String older = Mappers.JSON.writeValueAsString(plain);
    assertFalse(older.contains("roleConfig"), "an empty roleConfig is left out");
    assertEquals(Map.of(), Mappers.JSON.readValue(older, Plan.class).roleConfig());
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

  // ---------------------------------------------------------------- high availability

  static String node(int i, String roles) {
    return "  - {address: 10.0.0."
        + (10 + i)
        + ", hostname: h"
        + i
        + ", cores: 4, ramGb: 16, dataDisks: [/d]"
        + (roles == null ? "" : ", roles: [" + roles + "]")
        + "}\n";
  }

  static List<String> roleIds(PlannedHost h) {
    return h.roles().stream().map(Role::id).toList();
  }

  static List<String> running(Plan p, Role r) {
    return p.hostsRunning(r).stream().map(PlannedHost::hostname).toList();
  }

  @Test
  void haIsChosenFromThreeHostsUnlessTheSpecSays() {
    String three = hosts(3, ", cores: 4, ramGb: 16, dataDisks: [/d]");
    var chosen = ok("name: c\n" + three).ha();
    assertTrue(chosen.enabled());
    assertEquals(Provenance.SIZING_RULE, chosen.source());
    assertEquals("ha left out: on from 3 hosts; the spec has 3", chosen.rule());
    assertEquals("c", chosen.nameservice());
    var small = ok("name: c\n" + hosts(2, ", cores: 4, ramGb: 16, dataDisks: [/d]")).ha();
    assertFalse(small.enabled());
    assertEquals("ha left out: off below 3 hosts; the spec has 2", small.rule());
    assertNull(small.nameservice());
    var given = ok("name: c\nha: false\n" + three).ha();
    assertFalse(given.enabled());
    assertEquals(Provenance.USER_OVERRIDE, given.source());
    assertEquals(List.of("h1"), running(ok("name: c\nha: false\n" + three), Role.NAMENODE));
  }

  @Test
  void haOnThreeHostsKeepsTheFirstMasterOffTheFirstNameNodesHost() {
    Plan p = ok("name: c\n" + hosts(3, ", cores: 4, ramGb: 16, dataDisks: [/d]"));
    assertEquals(
        List.of("zookeeper", "journalnode", "namenode", "zkfc", "datanode", "regionserver"),
        roleIds(p.hosts().get(0)));
    assertEquals(List.of("h1", "h2", "h3"), running(p, Role.ZOOKEEPER));
    assertEquals(List.of("h1", "h2", "h3"), running(p, Role.JOURNALNODE));
    assertEquals(List.of("h1", "h2"), running(p, Role.NAMENODE));
    assertEquals(List.of("h1", "h2"), running(p, Role.ZKFC));
    assertEquals(List.of("h2", "h3"), running(p, Role.HBASE_MASTER));
    assertEquals(List.of("h1", "h2", "h3"), running(p, Role.REGIONSERVER));
  }

  @Test
  void haOnMoreHostsKeepsEveryRoleWhereThreeHostsHaveItSoAScaleOutMovesNone() {
    Plan three = ok("name: c\n" + hosts(3, ", cores: 4, ramGb: 16, dataDisks: [/d]"));
    Plan p = ok("name: c\n" + hosts(5, ", cores: 4, ramGb: 16, dataDisks: [/d]"));
    for (int i = 0; i < 3; i++) {
      assertEquals(three.hosts().get(i).roles(), p.hosts().get(i).roles());
    }
    assertEquals(List.of("h2", "h3"), running(p, Role.HBASE_MASTER));
    assertEquals(List.of("datanode", "regionserver"), roleIds(p.hosts().get(3)));
    assertEquals(List.of("datanode", "regionserver"), roleIds(p.hosts().get(4)));
    // so the inventory renders h4, h5 as a scale-out
    new InventoryRenderer().render(p, Set.of("h4", "h5"));
    // five ZooKeepers when asked
    Plan five =
        ok("name: c\nzookeeperCount: 5\n" + hosts(5, ", cores: 4, ramGb: 16, dataDisks: [/d]"));
    assertEquals(5, five.hostsRunning(Role.ZOOKEEPER).size());
  }

  @Test
  void haConfigNamesTheNameserviceNeverOneNameNode() {
    Plan p = ok("name: orders\n" + hosts(3, ", cores: 4, ramGb: 16, dataDisks: [/d1, /d2]"));
    var core = p.config().get(ConfigFile.CORE_SITE);
    var hdfs = p.config().get(ConfigFile.HDFS_SITE);
    var hbase = p.config().get(ConfigFile.HBASE_SITE);
    assertEquals("hdfs://orders", core.get("fs.defaultFS").value());
    assertEquals("hdfs://orders/hbase", hbase.get("hbase.rootdir").value());
    assertTrue(hbase.get("hbase.rootdir").rule().contains("hdfs-site.xml"));
    assertEquals(
        "10.0.0.11:2181,10.0.0.12:2181,10.0.0.13:2181", core.get("ha.zookeeper.quorum").value());
    assertEquals("10000", core.get("ha.zookeeper.session-timeout.ms").value());
    assertEquals("orders", hdfs.get("dfs.nameservices").value());
    assertEquals("nn1,nn2", hdfs.get("dfs.ha.namenodes.orders").value());
    assertEquals("10.0.0.11:8020", hdfs.get("dfs.namenode.rpc-address.orders.nn1").value());
    assertEquals("10.0.0.12:8020", hdfs.get("dfs.namenode.rpc-address.orders.nn2").value());
    assertEquals("10.0.0.12:9870", hdfs.get("dfs.namenode.http-address.orders.nn2").value());
    assertFalse(hdfs.containsKey("dfs.namenode.rpc-address"));
    assertEquals(
        "qjournal://10.0.0.11:8485;10.0.0.12:8485;10.0.0.13:8485/orders",
        hdfs.get("dfs.namenode.shared.edits.dir").value());
    assertEquals(
        "org.apache.hadoop.hdfs.server.namenode.ha.ConfiguredFailoverProxyProvider",
        hdfs.get("dfs.client.failover.proxy.provider.orders").value());
    assertEquals("true", hdfs.get("dfs.ha.automatic-failover.enabled").value());
    assertEquals("shell(/bin/true)", hdfs.get("dfs.ha.fencing.methods").value());
    assertTrue(hdfs.get("dfs.ha.fencing.methods").rule().contains("epoch"));
    assertEquals("8019", hdfs.get("dfs.ha.zkfc.port").value());
    PlannedHost h3 = p.hosts().get(2);
    var own = h3.config().get(ConfigFile.HDFS_SITE);
    assertEquals("/d1/dfs/jn", own.get("dfs.journalnode.edits.dir").value());
    assertEquals("10.0.0.13:8485", own.get("dfs.journalnode.rpc-address").value());
    assertEquals("10.0.0.13:8480", own.get("dfs.journalnode.http-address").value());
    assertTrue(h3.dirs().contains("/d1/dfs/jn"));
  }

  @Test
  void haDaemonHeapsCountInTheRamCheckAndTheRegionServerRule() {
    Plan p = ok("name: c\n" + hosts(3, ", cores: 4, ramGb: 16, dataDisks: [/d]"));
    var rs = p.hosts().get(0).heaps().get(Role.REGIONSERVER);
    assertEquals(
        "RAM 16 GiB − 1 GiB OS − 1 GiB ZooKeeper − 256 MiB JournalNode − 1 GiB NameNode"
            + " − 256 MiB ZKFC − 1 GiB DataNode = 11776 MiB",
        rs.rule());
    Plan lab = ok("name: c\nprofile: lab\n" + hosts(3, ", cores: 2, ramGb: 4, dataDisks: [/d]"));
    assertEquals("128m", lab.hosts().get(0).heaps().get(Role.JOURNALNODE).value());
    assertEquals("128m", lab.hosts().get(0).heaps().get(Role.ZKFC).value());
    // 1 OS + 1 ZK + 0.25 JN + 1 NN + 0.25 ZKFC + 1 HMaster + 1 DN + 1 RS minimum = 6.5 GiB
    PlanResult r = plan("name: c\n" + hosts(3, ", cores: 4, ramGb: 6, dataDisks: [/d]"));
    Finding f = first(r, FindingCode.RAM_TOO_SMALL);
    assertEquals("hosts[1].ramGb", f.field());
    assertTrue(f.message().contains("need 6656 MiB"), f.message());
  }

  @Test
  void haWithFewerThanThreeHostsIsAnError() {
    Finding f =
        first(
            plan("name: c\nha: true\n" + hosts(2, ", cores: 4, ramGb: 16, dataDisks: [/d]")),
            FindingCode.HA_TOO_FEW_HOSTS);
    assertEquals("ha", f.field());
    assertTrue(f.message().contains("the spec has 2"), f.message());
  }

  @Test
  void haNeedsThreeOrFiveZookeepers() {
    PlanResult one =
        plan("name: c\nzookeeperCount: 1\n" + hosts(3, ", cores: 4, ramGb: 16, dataDisks: [/d]"));
    assertEquals("zookeeperCount", first(one, FindingCode.ZOOKEEPER_COUNT).field());
    PlanResult two =
        plan(
            "name: c\nhosts:\n"
                + node(1, "zookeeper, datanode, regionserver")
                + node(2, "zookeeper, datanode, regionserver")
                + node(3, null));
    Finding f = first(two, FindingCode.ZOOKEEPER_COUNT);
    assertEquals("hosts", f.field());
    assertTrue(f.message().contains("HA needs 3 or 5"), f.message());
  }

  @Test
  void bothNameNodesOnOneHostIsAnError() {
    PlanResult r =
        plan(
            "name: c\nhosts:\n"
                + node(1, "namenode, namenode, zkfc, datanode, regionserver")
                + node(2, null)
                + node(3, null));
    assertEquals("hosts[0].roles", first(r, FindingCode.HA_NAMENODES_SAME_HOST).field());
    assertFalse(codes(r).contains("ha-namenode-count"), codes(r).toString());
  }

  @Test
  void haRunsExactlyTwoNameNodes() {
    PlanResult r =
        plan(
            "name: c\nhosts:\n"
                + node(1, "namenode, zkfc, datanode, regionserver")
                + node(2, null)
                + node(3, null));
    Finding f = first(r, FindingCode.HA_NAMENODE_COUNT);
    assertTrue(f.message().contains("namenode is on hosts[0];"), f.message());
  }

  @Test
  void aNameNodeWithoutItsZkfcOrAZkfcAloneIsAnError() {
    PlanResult r =
        plan(
            "name: c\nhosts:\n"
                + node(1, "namenode, zkfc, datanode, regionserver")
                + node(2, "namenode, datanode, regionserver")
                + node(3, "zkfc, datanode, regionserver")
                + node(4, null));
    List<Finding> zkfc =
        r.findings().stream().filter(f -> f.code() == FindingCode.ZKFC_PLACEMENT).toList();
    assertEquals(
        List.of("hosts[1].roles", "hosts[2].roles"), zkfc.stream().map(Finding::field).toList());
    assertTrue(zkfc.get(0).message().contains("add zkfc"), zkfc.get(0).message());
  }

  @Test
  void fewerThanThreeJournalNodesIsAnErrorAndAnEvenCountAWarning() {
    PlanResult two =
        plan(
            "name: c\nhosts:\n"
                + node(1, "journalnode, datanode, regionserver")
                + node(2, "journalnode, datanode, regionserver")
                + node(3, null)
                + node(4, null));
    assertTrue(
        first(two, FindingCode.JOURNALNODE_COUNT).message().contains("hosts[0], hosts[1]"));
    PlanResult four =
        plan(
            "name: c\nhosts:\n"
                + node(1, "journalnode, datanode, regionserver")
                + node(2, "journalnode, datanode, regionserver")
                + node(3, "journalnode, datanode, regionserver")
                + node(4, "journalnode, datanode, regionserver")
                + node(5, null)
                + node(6, null)
                + node(7, null));
    assertTrue(four.ok(), four.findings()::toString);
    assertTrue(
        first(four, FindingCode.JOURNALNODE_COUNT_EVEN).message().startsWith("4 JournalNodes"));
  }

  @Test
  void oneHMasterUnderHaIsAWarning() {
    PlanResult r =
        plan(
            "name: c\nhosts:\n"
                + node(1, "hbase_master, datanode, regionserver")
                + node(2, null)
                + node(3, null)
                + node(4, null));
    assertTrue(r.ok(), r.findings()::toString);
    Finding w = first(r, FindingCode.BACKUP_MASTER_MISSING);
    assertTrue(w.message().contains("hosts[0]"), w.message());
    assertEquals(List.of("h1"), running(r.plan(), Role.HBASE_MASTER));
  }

  @Test
  void explicitHaRolesThatAddUpPlanAsGiven() {
    Plan p =
        ok(
            "name: c\nhosts:\n"
                + node(1, "zookeeper, journalnode, namenode, zkfc, hbase_master")
                + node(2, "zookeeper, journalnode, namenode, zkfc, hbase_master")
                + node(3, "zookeeper, journalnode, datanode, regionserver")
                + node(4, null));
    assertEquals(List.of("h1", "h2"), running(p, Role.ZKFC));
    assertEquals(List.of("h3", "h4"), running(p, Role.DATANODE));
    assertEquals(
        "qjournal://10.0.0.11:8485;10.0.0.12:8485;10.0.0.13:8485/c",
        p.config().get(ConfigFile.HDFS_SITE).get("dfs.namenode.shared.edits.dir").value());
  }

  @Test
  void haRolesWithoutHaAreAnError() {
    PlanResult r =
        plan(
            "name: c\nha: false\nhosts:\n"
                + node(1, "zookeeper, journalnode, namenode, zkfc, hbase_master")
                + node(2, null)
                + node(3, null));
    List<Finding> f =
        r.findings().stream().filter(x -> x.code() == FindingCode.HA_ROLE_WITHOUT_HA).toList();
    assertEquals(2, f.size(), r.findings()::toString);
    assertEquals(
        "journalnode runs only with ha: true; remove it or set ha: true", f.get(0).message());
  }

  @Test
  void theNameserviceMustBeAUriHost() {
    PlanResult r = plan("name: lab-\n" + hosts(3, ", cores: 4, ramGb: 16, dataDisks: [/d]"));
    assertTrue(
        first(r, FindingCode.INVALID_CLUSTER_NAME).message().contains("hdfs://lab-"),
        r.findings()::toString);
    // without HA the name is no URI host
    ok("name: lab-\nha: false\n" + hosts(3, ", cores: 4, ramGb: 16, dataDisks: [/d]"));
  }

  @Test
  void theSameSpecGivesTheSameBytes() throws Exception {
    String spec = "name: c\n" + hosts(4, ", cores: 4, ramGb: 16, dataDisks: [/d]");
    assertEquals(
        Mappers.JSON.writeValueAsString(plan(spec)), Mappers.JSON.writeValueAsString(plan(spec)));
  }

  @Test
  void aVsphereSpecNeedsTheVcentersFacts() {
    String vsphere =
        "name: vm1\ninfrastructure: vsphere\nvsphere:\n  connection: sim\n  datacenter: DC0\n"
            + "  cluster: DC0_C0\n  template: t\n  network: n\n  datastores: [d]\n"
            + "  nodeGroups: [{name: w, kind: worker, count: 3, vcpu: 2, memoryGb: 4,"
            + " dataDiskGb: 10}]\n";
    PlanResult r = plan(vsphere);
    assertEquals(List.of("vcenter-facts-required"), codes(r));
    assertEquals("infrastructure", r.findings().get(0).field());
    assertNull(r.plan());
    PlanResult withHosts = plan(vsphere + hosts(1, ", cores: 2, ramGb: 4, dataDisks: [/d]"));
    assertEquals(List.of("vsphere-hosts-given", "vcenter-facts-required"), codes(withHosts));
  }

  @Test
  void aBareMetalSpecWithAVsphereSectionOrAnUnknownInfrastructureIsRefused() {
    String spec = "name: lab\nprofile: lab\n" + hosts(1, ", cores: 2, ramGb: 4, dataDisks: [/d]");
    assertTrue(plan(spec).ok());
    assertTrue(plan(spec + "infrastructure: bare-metal\n").ok());
    PlanResult section = plan(spec + "vsphere: {connection: sim}\n");
    assertEquals("vsphere", first(section, FindingCode.UNEXPECTED_VSPHERE_SECTION).field());
    assertNull(section.plan());
    PlanResult unknown = plan(spec + "infrastructure: openstack\n");
    assertEquals(
        "unknown infrastructure 'openstack'; one of bare-metal, vsphere",
        first(unknown, FindingCode.UNKNOWN_INFRASTRUCTURE).message());
  }
}
