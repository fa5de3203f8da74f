package io.granary.provisioning.scalein;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.granary.provisioning.Scenarios;
import io.granary.provisioning.diff.PlanDiff;
import io.granary.provisioning.model.ConfigFile;
import io.granary.provisioning.model.Finding;
import io.granary.provisioning.model.FindingCode;
import io.granary.provisioning.model.Mappers;
import io.granary.provisioning.model.Plan;
import io.granary.provisioning.model.PlannedHost;
import io.granary.provisioning.model.Role;
import io.granary.provisioning.scalein.ScaleInPreflight.DataNodeFact;
import io.granary.provisioning.scalein.ScaleInPreflight.EcPolicyFact;
import io.granary.provisioning.scalein.ScaleInPreflight.LiveFacts;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Fixtures: five-host-ha (ha01 ZK JN NN ZKFC, ha02 ZK JN NN ZKFC HMaster, ha03 ZK JN HMaster, ha04
 * and ha05 only DataNode + RegionServer; racks r1 ha01 ha03, r2 ha02 ha04 ha05),
 * five-host-two-racks-ec (no HA, RS-3-2, hb04 and hb05 the DataNode + RegionServer hosts) and
 * explicit-roles (master1 without DataNode, worker1 and worker2).
 */
class ScaleInPreflightTest {
  static final long GIB = 1024L * 1024 * 1024;
  static final String HA = "five-host-ha";
  static final String EC = "five-host-two-racks-ec";
  static final String SPLIT = "explicit-roles";

  /** Every DataNode of the plan live, each with the same use and free space. */
  static LiveFacts healthy(Plan plan, long usedGib, long freeGib) {
    return facts(plan, usedGib, freeGib, d -> d);
  }

  static LiveFacts facts(
      Plan plan, long usedGib, long freeGib, UnaryOperator<DataNodeFact> edit) {
    List<DataNodeFact> dns = new ArrayList<>();
    for (PlannedHost h : plan.hostsRunning(Role.DATANODE)) {
      dns.add(
          edit.apply(
              new DataNodeFact(
                  h.address(), h.hostname(), h.rack(), usedGib * GIB, freeGib * GIB, true)));
    }
    return new LiveFacts(dns, List.of(), 3, 0, 0);
  }

  static LiveFacts withPolicies(LiveFacts f, EcPolicyFact... policies) {
    return new LiveFacts(
        f.dataNodes(),
        Arrays.asList(policies),
        f.replication(),
        f.underReplicatedBlocks(),
        f.missingBlocks());
  }

  static ScaleInCheck check(Plan plan, String... hosts) {
    return ScaleInPreflight.check(plan, List.of(hosts), healthy(plan, 100, 1000));
  }

  static List<FindingCode> codes(ScaleInCheck c) {
    return c.findings().stream().map(Finding::code).toList();
  }

  static Finding only(ScaleInCheck c, FindingCode code) {
    List<Finding> f = c.findings().stream().filter(x -> x.code() == code).toList();
    assertEquals(1, f.size(), () -> code + " once in " + c.findings());
    return f.get(0);
  }

  @Test
  void removingAWorkerKeepsEveryOtherHostAsInstalled() {
    Plan installed = Scenarios.plan(HA);
    // by address, as the backend tracks hosts
    ScaleInCheck c =
        ScaleInPreflight.check(installed, List.of("10.5.0.22"), healthy(installed, 120, 1000));
    assertTrue(c.ok(), c.findings()::toString);
    assertEquals(List.of(), c.findings());
    assertEquals(List.of("ha05"), c.hosts());
    assertEquals(120 * GIB, c.bytesToMove());
    assertEquals(
        List.of("ha01", "ha02", "ha03", "ha04"),
        c.after().hosts().stream().map(PlannedHost::hostname).toList());
    for (int i = 0; i < 4; i++) {
      assertSame(installed.hosts().get(i), c.after().hosts().get(i), "nothing re-planned");
    }
    assertEquals(installed.ha(), c.after().ha());
    assertEquals(installed.erasureCodingPolicies(), c.after().erasureCodingPolicies());
    PlanDiff d = c.diff();
    assertEquals(List.of("ha05"), d.hostsRemoved());
    assertEquals(List.of(), d.configChanges(), "every value stays");
    assertEquals(Map.of(), d.restarts());
    assertEquals(List.of("host ha05 removed: datanode, regionserver"), d.summary());
    // no cluster-wide value names the leaving host; the rack rule no longer lists it
    for (ConfigFile f : ConfigFile.values()) {
      c.after()
          .config()
          .get(f)
          .forEach(
              (k, v) -> {
                assertFalse(v.value().contains("10.5.0.22"), f + " " + k);
                assertFalse(v.rule() != null && v.rule().contains("ha05"), f + " " + k);
              });
    }
    assertTrue(
        installed
            .config()
            .get(ConfigFile.CORE_SITE)
            .get("net.topology.script.file.name")
            .rule()
            .contains("ha05"));
  }

  /** five-host-ha without HA (Kerberos is not offered with HA yet) and a managed KDC on the worker ha05. */
  static Plan kerberized() {
    return Scenarios.plan(
        HA, s -> s.replace("\nha: true\n", "\nha: false\n")
            + "security: {kerberos: {realm: ORDERS.TEST, kdc: {managed: {host: ha05}}}}\n");
  }

  @Test
  void theManagedKdcsHostIsRefusedAndTheOthersKeepKerberos() {
    Plan p = kerberized();
    ScaleInCheck kdc = check(p, "ha04", "ha05");
    assertEquals(List.of(FindingCode.SCALE_IN_KDC), codes(kdc));
    Finding f = only(kdc, FindingCode.SCALE_IN_KDC);
    assertEquals("hosts[1]", f.field());
    assertEquals(
        "ha05 runs the cluster's KDC: without it no service or client gets a ticket, and its"
            + " database holds every principal of realm ORDERS.TEST; a scale-in removes DataNode +"
            + " RegionServer hosts only",
        f.message());
    ScaleInCheck worker = check(p, "ha04");
    assertTrue(worker.ok(), worker.findings()::toString);
    assertEquals(p.kerberos(), worker.after().kerberos());
  }

  @Test
  void aRequestWithoutHostsOrWithUnknownOrRepeatedOnesIsRefused() {
    Plan p = Scenarios.plan(HA);
    ScaleInCheck none = ScaleInPreflight.check(p, List.of(), healthy(p, 1, 1000));
    assertFalse(none.ok());
    assertEquals("hosts", only(none, FindingCode.SCALE_IN_NO_HOSTS).field());
    assertEquals(List.of(), none.diff().hostsRemoved());
    assertTrue(none.diff().empty());

    ScaleInCheck c = check(p, "ha05", "ha09", "10.5.0.22", "");
    assertFalse(c.ok());
    List<Finding> unknown =
        c.findings().stream().filter(f -> f.code() == FindingCode.SCALE_IN_UNKNOWN_HOST).toList();
    assertEquals(List.of("hosts[1]", "hosts[3]"), unknown.stream().map(Finding::field).toList());
    assertTrue(unknown.get(0).message().startsWith("ha09 is not a host of cluster prod-ha"));
    Finding dup = only(c, FindingCode.SCALE_IN_DUPLICATE_HOST);
    assertEquals("hosts[2]", dup.field());
    assertEquals("ha05 is listed twice (hosts[0] and hosts[2])", dup.message());
    // what it would do with the hosts it knows
    assertEquals(List.of("ha05"), c.hosts());
    assertEquals(List.of("ha05"), c.diff().hostsRemoved());
  }

  @Test
  void aQuorumMemberNameNodeOrMasterHostIsRefused() {
    Plan p = Scenarios.plan(HA);
    ScaleInCheck nn1 = check(p, "ha01");
    assertFalse(nn1.ok());
    assertEquals(
        List.of(
            FindingCode.SCALE_IN_BREAKS_QUORUM,
            FindingCode.SCALE_IN_BREAKS_QUORUM,
            FindingCode.SCALE_IN_NAMENODE),
        codes(nn1));
    assertEquals(
        "ha01 runs a ZooKeeper: removing a ZooKeeper of a 3-server quorum leaves 2 (a bare"
            + " majority: one more loss stops HBase and NameNode failover); move it to another"
            + " host first; a scale-in removes DataNode + RegionServer hosts only",
        nn1.findings().get(0).message());
    assertTrue(
        nn1.findings().get(1).message().startsWith("ha01 runs a JournalNode: removing a JournalNode"
            + " of a 3-server quorum leaves 2"),
        nn1.findings().get(1).message());
    assertTrue(
        nn1.findings()
            .get(2)
            .message()
            .startsWith("ha01 runs NameNode nn1 and its ZKFC: removing it breaks the HA pair"),
        nn1.findings().get(2).message());
    assertEquals("hosts[0]", nn1.findings().get(2).field());

    ScaleInCheck master = check(p, "ha04", "ha03");
    assertEquals(
        List.of(
            FindingCode.SCALE_IN_BREAKS_QUORUM,
            FindingCode.SCALE_IN_BREAKS_QUORUM,
            FindingCode.SCALE_IN_MASTER),
        codes(master));
    Finding m = only(master, FindingCode.SCALE_IN_MASTER);
    assertEquals("hosts[1]", m.field());
    assertTrue(
        m.message()
            .startsWith("ha03 runs an HMaster: removing it leaves 1 of 2 HMasters, no backup"),
        m.message());

    // two ZooKeepers of three: no majority left
    ScaleInCheck two = check(p, "ha02", "ha03");
    assertTrue(
        two.findings().get(0).message().contains("removing 2 ZooKeepers of a 3-server quorum leaves"
            + " 1 (no majority"),
        two.findings().get(0).message());

    // without HA the one NameNode is HDFS
    ScaleInCheck single = check(Scenarios.plan(EC), "hb01");
    assertTrue(
        only(single, FindingCode.SCALE_IN_NAMENODE)
            .message()
            .startsWith("hb01 runs the NameNode: removing it takes HDFS down"));
  }

  @Test
  void fewerDataNodesThanTheReplicationIsRefused() {
    Plan p = Scenarios.plan(SPLIT); // master1 has no DataNode: 2 DataNodes
    ScaleInCheck c = check(p, "worker2");
    Finding f = only(c, FindingCode.SCALE_IN_REPLICATION);
    assertEquals(
        "1 DataNode(s) would remain, fewer than dfs.replication 3: the leaving DataNodes' blocks"
            + " would have nowhere to go and the decommission would never finish",
        f.message());
    assertFalse(c.ok());
    // the cluster's own replication: 1 copy fits on 1 DataNode
    LiveFacts one = healthy(p, 1, 1000);
    one = new LiveFacts(one.dataNodes(), List.of(), 1, 0, 0);
    assertTrue(ScaleInPreflight.check(p, List.of("worker2"), one).ok());
  }

  @Test
  void anEnabledErasureCodingPolicyNeedsItsStripeWidthOfDataNodes() {
    Plan p = Scenarios.plan(EC);
    LiveFacts f =
        withPolicies(
            healthy(p, 100, 1000),
            new EcPolicyFact("RS-3-2-1024k", 3, 2),
            // HDFS enables it on every cluster; 5 DataNodes never placed a stripe of it in full
            new EcPolicyFact("RS-6-3-1024k", 6, 3));
    ScaleInCheck c = ScaleInPreflight.check(p, List.of("hb05"), f);
    assertEquals(List.of(FindingCode.SCALE_IN_EC_POLICY), codes(c));
    assertTrue(
        c.findings()
            .get(0)
            .message()
            .startsWith("RS-3-2-1024k needs 5 DataNodes (3 data + 2 parity); 4 would remain"),
        c.findings().get(0).message());

    Plan split = Scenarios.plan(SPLIT, s -> s.replace("roles: [zookeeper, namenode, hbase_master]",
        "roles: [zookeeper, namenode, hbase_master, datanode]"));
    LiveFacts xor = withPolicies(healthy(split, 1, 1000), new EcPolicyFact("XOR-2-1-1024k", 2, 1));
    xor = new LiveFacts(xor.dataNodes(), xor.ecPolicies(), 2, 0, 0);
    Finding x =
        only(
            ScaleInPreflight.check(split, List.of("worker1"), xor), FindingCode.SCALE_IN_EC_POLICY);
    assertTrue(
        x.message()
            .startsWith("XOR-2-1-1024k needs 3 DataNodes (2 data + 1 parity); 2 would remain"),
        x.message());
  }

  @Test
  void losingARackBelowTheStripeWidthIsWarned() {
    Plan p = Scenarios.plan(HA);
    // the NameNode puts ha05 on a rack of its own: removing it leaves 2 racks for a 3-wide stripe
    LiveFacts f =
        withPolicies(
            facts(
                p,
                100,
                1000,
                d ->
                    d.hostname().equals("ha05")
                        ? new DataNodeFact(d.address(), d.hostname(), "/dc1/r3", d.usedBytes(),
                            d.remainingBytes(), true)
                        : d),
            new EcPolicyFact("XOR-2-1-1024k", 2, 1));
    ScaleInCheck c = ScaleInPreflight.check(p, List.of("ha05"), f);
    assertTrue(c.ok(), c.findings()::toString);
    Finding w = only(c, FindingCode.SCALE_IN_EC_RACKS);
    assertEquals(
        "XOR-2-1-1024k spreads a stripe's 3 blocks one per rack where it can; 2 rack(s) would"
            + " remain (/dc1/r3 gone), so losing a rack can lose more than 1 block(s) of a stripe",
        w.message());
    // the plan's racks: ha05 shares /dc1/r2 with ha02 and ha04, so nothing is lost
    ScaleInCheck planRacks =
        ScaleInPreflight.check(
            p,
            List.of("ha05"),
            withPolicies(healthy(p, 1, 1000), new EcPolicyFact("XOR-2-1-1024k", 2, 1)));
    assertEquals(List.of(), planRacks.findings());
  }

  @Test
  void removingTheLastRegionServerIsRefused() {
    Plan p =
        Scenarios.plan(
            SPLIT,
            s ->
                s.replace(
                        "roles: [zookeeper, namenode, hbase_master]",
                        "roles: [zookeeper, namenode, hbase_master, datanode]")
                    .replace("hostname: worker1,", "hostname: worker1, roles: [datanode],"));
    LiveFacts f = healthy(p, 1, 1000);
    f = new LiveFacts(f.dataNodes(), List.of(), 2, 0, 0);
    ScaleInCheck c = ScaleInPreflight.check(p, List.of("worker2"), f);
    assertEquals(List.of(FindingCode.SCALE_IN_LAST_REGIONSERVER), codes(c));
    assertTrue(c.findings().get(0).message().startsWith("no RegionServer would remain"));
  }

  @Test
  void moreDataThanFitsOnTheStayingDataNodesIsRefused() {
    Plan p = Scenarios.plan(HA);
    // 4 staying DataNodes with 250 GiB free each: at most 800 GiB may move
    ScaleInCheck c =
        ScaleInPreflight.check(
            p,
            List.of("ha05"),
            facts(
                p,
                0,
                250,
                d ->
                    d.hostname().equals("ha05")
                        ? new DataNodeFact(d.address(), d.hostname(), d.rack(), 900 * GIB, 0, true)
                        : d));
    assertEquals(900 * GIB, c.bytesToMove());
    assertEquals(
        "the leaving DataNodes hold 900.0 GiB; the staying live DataNodes have 1000.0 GiB free,"
            + " and a scale-in may fill at most 80% of it (800.0 GiB)",
        only(c, FindingCode.SCALE_IN_SPACE).message());
    assertFalse(c.ok());
    ScaleInCheck fits =
        ScaleInPreflight.check(
            p,
            List.of("ha05"),
            facts(
                p,
                0,
                250,
                d ->
                    d.hostname().equals("ha05")
                        ? new DataNodeFact(d.address(), d.hostname(), d.rack(), 800 * GIB, 0, true)
                        : d));
    assertTrue(fits.ok(), fits.findings()::toString);
    // a dead staying DataNode takes nothing
    ScaleInCheck deadPeer =
        ScaleInPreflight.check(
            p,
            List.of("ha05"),
            facts(
                p,
                0,
                250,
                d ->
                    switch (d.hostname()) {
                      case "ha05" ->
                          new DataNodeFact(d.address(), d.hostname(), d.rack(), 700 * GIB, 0, true);
                      case "ha04" ->
                          new DataNodeFact(
                              d.address(), d.hostname(), d.rack(), 0, 250 * GIB, false);
                      default -> d;
                    }));
    assertTrue(codes(deadPeer).contains(FindingCode.SCALE_IN_SPACE), deadPeer.findings()::toString);
  }

  @Test
  void missingBlocksAreRefusedAndUnderReplicatedOnesWarned() {
    Plan p = Scenarios.plan(HA);
    LiveFacts f = healthy(p, 1, 1000);
    ScaleInCheck missing =
        ScaleInPreflight.check(
            p, List.of("ha05"), new LiveFacts(f.dataNodes(), List.of(), 3, 12, 2));
    assertEquals(
        List.of(FindingCode.SCALE_IN_MISSING_BLOCKS, FindingCode.SCALE_IN_UNDER_REPLICATED),
        codes(missing));
    assertFalse(missing.ok());
    assertTrue(missing.findings().get(0).message().startsWith("HDFS reports 2 missing block(s)"));
    ScaleInCheck under =
        ScaleInPreflight.check(
            p, List.of("ha05"), new LiveFacts(f.dataNodes(), List.of(), 3, 12, 0));
    assertTrue(under.ok());
    assertEquals(List.of(FindingCode.SCALE_IN_UNDER_REPLICATED), codes(under));
  }

  @Test
  void aDeadOrUnknownLeavingDataNodeIsWarnedAndHasNothingToMove() {
    Plan p = Scenarios.plan(HA);
    LiveFacts f =
        facts(
            p,
            300,
            1000,
            d ->
                d.hostname().equals("ha05")
                    ? new DataNodeFact(d.address(), d.hostname(), d.rack(), 300 * GIB, 0, false)
                    : d);
    ScaleInCheck c = ScaleInPreflight.check(p, List.of("ha04", "ha05"), f);
    assertTrue(c.ok(), c.findings()::toString);
    Finding dead = only(c, FindingCode.SCALE_IN_DEAD_DATANODE);
    assertEquals("hosts[1]", dead.field());
    assertTrue(dead.message().startsWith("the DataNode on ha05 is dead"), dead.message());
    assertEquals(300 * GIB, c.bytesToMove(), "only ha04's blocks are copied off it");

    // the NameNode reports ha05 by its FQDN only (another address), and ha04 not at all
    List<DataNodeFact> renamed = new ArrayList<>();
    for (DataNodeFact d : healthy(p, 10, 1000).dataNodes()) {
      if (d.hostname().equals("ha05")) {
        renamed.add(
            new DataNodeFact("192.0.2.5", "ha05.example.internal", null, 10 * GIB, 0, true));
      } else if (!d.hostname().equals("ha04")) {
        renamed.add(d);
      }
    }
    ScaleInCheck byName =
        ScaleInPreflight.check(p, List.of("ha04", "ha05"), new LiveFacts(renamed, null, 0, 0, 0));
    assertEquals(10 * GIB, byName.bytesToMove());
    assertTrue(
        only(byName, FindingCode.SCALE_IN_DEAD_DATANODE)
            .message()
            .startsWith("the DataNode on ha04 is not known to the NameNode"));
  }

  @Test
  void theCheckSerialisesWithItsVerdict() throws Exception {
    Plan p = Scenarios.plan(HA);
    ScaleInCheck c = check(p, "ha03");
    JsonNode json = Mappers.JSON.readTree(Mappers.JSON.writeValueAsString(c));
    assertFalse(json.path("ok").asBoolean(true));
    assertEquals("ha03", json.path("hosts").get(0).asText());
    assertEquals("scale-in-breaks-quorum", json.path("findings").get(0).path("code").asText());
    assertEquals("ERROR", json.path("findings").get(0).path("severity").asText());
    assertEquals(100 * GIB, json.path("bytesToMove").asLong());
    assertEquals("ha03", json.path("diff").path("hostsRemoved").get(0).asText());
    assertEquals(4, json.path("after").path("hosts").size());
  }

  /** Each scale-in code comes out of one of the checks above (the golden scenarios skip them). */
  @Test
  void everyScaleInCodeIsProduced() {
    Plan ha = Scenarios.plan(HA);
    Plan ec = Scenarios.plan(EC);
    Plan split = Scenarios.plan(SPLIT);
    LiveFacts xorRacks =
        withPolicies(
            facts(
                ha,
                1,
                1000,
                d ->
                    d.hostname().equals("ha05")
                        ? new DataNodeFact(d.address(), d.hostname(), "/r9", 1, 1, false)
                        : d),
            new EcPolicyFact("XOR-2-1-1024k", 2, 1));
    List<ScaleInCheck> checks =
        List.of(
            ScaleInPreflight.check(ha, List.of(), healthy(ha, 1, 1)),
            check(ha, "ha01", "ha03", "x", "ha03"),
            ScaleInPreflight.check(
                ec,
                List.of("hb05"),
                withPolicies(healthy(ec, 1, 1), new EcPolicyFact("RS-3-2-1024k", 3, 2))),
            check(split, "worker1", "worker2"),
            ScaleInPreflight.check(ha, List.of("ha05"), xorRacks),
            check(kerberized(), "ha05"),
            ScaleInPreflight.check(
                ha,
                List.of("ha04"),
                new LiveFacts(healthy(ha, 1000, 1).dataNodes(), null, 3, 1, 1)));
    Set<FindingCode> seen = EnumSet.noneOf(FindingCode.class);
    checks.forEach(c -> c.findings().forEach(f -> seen.add(f.code())));
    for (FindingCode code : FindingCode.values()) {
      if (code.code().startsWith(FindingCode.SCALE_IN_PREFIX)) {
        assertTrue(seen.contains(code), "no check produces " + code);
      }
    }
  }
}
