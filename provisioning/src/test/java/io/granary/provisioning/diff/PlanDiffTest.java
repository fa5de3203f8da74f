package io.granary.provisioning.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.provisioning.Scenarios;
import io.granary.provisioning.model.ConfigFile;
import io.granary.provisioning.model.Mappers;
import io.granary.provisioning.model.Plan;
import io.granary.provisioning.model.Role;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * On the five-host-ha scenario: ha01 ZK JN NN ZKFC, ha02 ZK JN NN ZKFC HMaster, ha03 ZK JN HMaster,
 * every host DataNode + RegionServer.
 */
class PlanDiffTest {
  static final String HA = "five-host-ha";
  static final List<String> ALL = List.of("ha01", "ha02", "ha03", "ha04", "ha05");

  static Plan ha() {
    return Scenarios.plan(HA);
  }

  /** five-host-ha with a block appended to its spec (overrides, erasureCoding). */
  static Plan haWith(String yaml) {
    return Scenarios.plan(HA, s -> s + yaml);
  }

  /** five-host-ha with workload read-heavy (block cache and memstore fractions change). */
  static Plan readHeavy(String yaml) {
    return Scenarios.plan(
        HA, s -> s.replace("profile: default", "profile: default\nworkload: read-heavy") + yaml);
  }

  @Test
  void aFirstInstallAddsEveryHostAndValueAndRestartsNothing() {
    Plan p = ha();
    PlanDiff d = PlanDiff.between(null, p);
    assertEquals(ALL, d.hostsAdded());
    assertEquals(List.of(), d.hostsRemoved());
    assertEquals(List.of(), d.roleChanges());
    assertEquals(Map.of(), d.restarts());
    int keys = 0;
    for (ConfigFile f : ConfigFile.values()) {
      keys += p.config().get(f).size();
    }
    assertEquals(keys, d.configChanges().size());
    for (ConfigChange c : d.configChanges()) {
      assertNull(c.host(), c.toString());
      assertNull(c.oldValue(), c.toString());
      assertEquals(
          p.config().get(ConfigFile.byId(c.file()).orElseThrow()).get(c.key()).value(),
          c.newValue());
    }
    assertEquals(
        "host ha02 added: zookeeper, journalnode, namenode, zkfc, hbase_master, datanode,"
            + " regionserver",
        d.summary().get(1));
    assertTrue(d.summary().contains("hdfs-site dfs.hosts: (unset) → /etc/granary/dfs.include"));
    assertTrue(d.summary().stream().noneMatch(l -> l.contains("restart")), d.summary()::toString);
    assertFalse(d.empty());
  }

  @Test
  void theSamePlanAgainIsEmpty() {
    PlanDiff d = PlanDiff.between(ha(), ha());
    assertTrue(d.empty());
    assertEquals(List.of(), d.configChanges());
    assertEquals(Map.of(), d.restarts());
    assertEquals(List.of(), d.summary());
  }

  @Test
  void anHbaseSiteChangeRestartsTheMastersAndRegionServers() {
    PlanDiff d = PlanDiff.between(ha(), readHeavy(""));
    assertEquals(
        List.of(
            new ConfigChange(
                "hbase-site", "hbase.regionserver.global.memstore.size", null, "0.4", "0.25"),
            new ConfigChange("hbase-site", "hfile.block.cache.size", null, "0.4", "0.55")),
        d.configChanges());
    assertEquals(
        Map.of(Role.HBASE_MASTER, List.of("ha02", "ha03"), Role.REGIONSERVER, ALL), d.restarts());
    assertEquals(
        "hbase-site hfile.block.cache.size: 0.4 → 0.55 (hbase_master, regionserver restart on 5"
            + " hosts)",
        d.summary().get(1));
  }

  @Test
  void anHdfsSiteChangeRestartsEveryHdfsDaemonAndTheHbaseClientsButNotZooKeeper() {
    PlanDiff d =
        PlanDiff.between(
            ha(), haWith("overrides: {hdfs-site: {dfs.namenode.handler.count: 64}}\n"));
    assertEquals(1, d.configChanges().size(), d.configChanges()::toString);
    ConfigChange c = d.configChanges().get(0);
    assertEquals(
        new ConfigChange("hdfs-site", "dfs.namenode.handler.count", null, c.oldValue(), "64"), c);
    // in Role order, hosts in plan order
    assertEquals(
        List.of(
            Role.JOURNALNODE,
            Role.NAMENODE,
            Role.ZKFC,
            Role.HBASE_MASTER,
            Role.DATANODE,
            Role.REGIONSERVER),
        List.copyOf(d.restarts().keySet()));
    assertEquals(List.of("ha01", "ha02"), d.restarts().get(Role.NAMENODE));
    assertEquals(List.of("ha01", "ha02", "ha03"), d.restarts().get(Role.JOURNALNODE));
    assertEquals(ALL, d.restarts().get(Role.DATANODE));
    assertEquals(
        "hdfs-site dfs.namenode.handler.count: "
            + c.oldValue()
            + " → 64 (journalnode, namenode, zkfc, hbase_master, datanode, regionserver restart"
            + " on 5 hosts)",
        d.summary().get(0));
  }

  @Test
  void aZooCfgChangeRestartsOnlyTheZooKeepers() {
    PlanDiff d = PlanDiff.between(ha(), haWith("overrides: {zoo.cfg: {maxClientCnxns: 500}}\n"));
    assertEquals(
        List.of(new ConfigChange("zoo.cfg", "maxClientCnxns", null, "300", "500")),
        d.configChanges());
    assertEquals(Map.of(Role.ZOOKEEPER, List.of("ha01", "ha02", "ha03")), d.restarts());
    assertEquals(
        List.of("zoo.cfg maxClientCnxns: 300 → 500 (zookeeper restarts on 3 hosts)"),
        d.summary());
  }

  @Test
  void aHostsOwnValueRestartsItsRolesOnThatHostOnly() {
    // fewer cores on ha05: its RegionServer handler count, a per-host value, goes down
    Plan after =
        Scenarios.plan(
            HA,
            s -> s.replace("hostname: ha05, cores: 16", "hostname: ha05, cores: 8"));
    PlanDiff d = PlanDiff.between(ha(), after);
    assertEquals(1, d.configChanges().size(), d.configChanges()::toString);
    ConfigChange c = d.configChanges().get(0);
    assertEquals("hbase-site", c.file());
    assertEquals("hbase.regionserver.handler.count", c.key());
    assertEquals("ha05", c.host());
    assertEquals(Map.of(Role.REGIONSERVER, List.of("ha05")), d.restarts());
    assertEquals(
        List.of(
            "hbase-site hbase.regionserver.handler.count on ha05: "
                + c.oldValue()
                + " → "
                + c.newValue()
                + " (regionserver restarts on ha05)"),
        d.summary());
  }

  @Test
  void heapsAreChangesOfTheirRoleOnEachHost() {
    PlanDiff d = PlanDiff.between(ha(), haWith("overrides: {jvm-heaps: {regionserver: 8g}}\n"));
    List<ConfigChange> heaps =
        d.configChanges().stream().filter(c -> c.file().equals(PlanDiff.HEAP)).toList();
    assertEquals(ALL, heaps.stream().map(ConfigChange::host).toList());
    assertEquals(new ConfigChange("heap", "regionserver", "ha01", "31g", "8g"), heaps.get(0));
    assertEquals(ALL, d.restarts().get(Role.REGIONSERVER));
    assertTrue(
        d.summary()
            .contains("heap regionserver on ha04: 31g → 8g (regionserver restarts on ha04)"),
        d.summary()::toString);
  }

  @Test
  void jvmOptionsAreChangesOfTheirRoleOnEachHost() {
    PlanDiff d =
        PlanDiff.between(ha(), haWith("overrides: {jvm-opts: {zookeeper: -XX:+UseZGC}}\n"));
    assertEquals(
        List.of("ha01", "ha02", "ha03"),
        d.configChanges().stream().map(ConfigChange::host).toList());
    assertTrue(d.configChanges().stream().allMatch(c -> c.file().equals(PlanDiff.JVM_OPTS)));
    assertEquals("-XX:+UseZGC", d.configChanges().get(0).newValue());
    assertEquals(Map.of(Role.ZOOKEEPER, List.of("ha01", "ha02", "ha03")), d.restarts());
  }

  @Test
  void aRackChangeAloneRestartsNothing() {
    Plan after =
        Scenarios.plan(
            HA,
            s ->
                s.replace(
                    "hostname: ha05, cores: 16, ramGb: 64, rack: /dc1/r2",
                    "hostname: ha05, cores: 16, ramGb: 64, rack: /dc1/r3"));
    PlanDiff d = PlanDiff.between(ha(), after);
    assertEquals(
        List.of(new ConfigChange(PlanDiff.RACK, "rack", "ha05", "/dc1/r2", "/dc1/r3")),
        d.configChanges());
    assertEquals(Map.of(), d.restarts());
    assertFalse(d.empty());
    assertEquals(List.of("rack of ha05: /dc1/r2 → /dc1/r3 (no restart)"), d.summary());
  }

  @Test
  void aScaleOutAddsTheHostWhichRestartsNothingByItself() {
    Plan six =
        Scenarios.plan(
            HA,
            s ->
                s
                    + "  - {address: 10.5.0.23, hostname: ha06, cores: 16, ramGb: 64,"
                    + " rack: /dc1/r1, dataDisks: [/data/1, /data/2]}\n");
    PlanDiff d = PlanDiff.between(ha(), six);
    assertEquals(List.of("ha06"), d.hostsAdded());
    assertEquals(List.of(), d.roleChanges());
    assertTrue(d.configChanges().stream().noneMatch(c -> "ha06".equals(c.host())));
    assertTrue(d.restarts().values().stream().noneMatch(hosts -> hosts.contains("ha06")));
    assertEquals("host ha06 added: datanode, regionserver", d.summary().get(0));
    // the cluster-wide values sized by the DataNode count change with it, and restart
    assertTrue(
        d.configChanges().stream().anyMatch(c -> c.key().equals("dfs.namenode.handler.count")),
        d.configChanges()::toString);

    PlanDiff back = PlanDiff.between(six, ha());
    assertEquals(List.of("ha06"), back.hostsRemoved());
    assertEquals("host ha06 removed: datanode, regionserver", back.summary().get(0));
  }

  @Test
  void aRoleAddedToAHostStartsIt() {
    String split = "explicit-roles";
    Plan before = Scenarios.plan(split);
    Plan after =
        Scenarios.plan(
            split,
            s ->
                s.replace(
                    "roles: [zookeeper, namenode, hbase_master]",
                    "roles: [zookeeper, namenode, hbase_master, datanode]"));
    PlanDiff d = PlanDiff.between(before, after);
    assertEquals(
        List.of(new RoleChange("master1", List.of(Role.DATANODE), List.of())), d.roleChanges());
    assertTrue(d.summary().contains("host master1 roles: + datanode"), d.summary()::toString);
    assertTrue(
        d.configChanges()
            .contains(new ConfigChange("heap", "datanode", "master1", null, "512m")),
        d.configChanges()::toString);
    // the new DataNode starts; nothing restarts it
    assertFalse(d.restarts().getOrDefault(Role.DATANODE, List.of()).contains("master1"));

    PlanDiff back = PlanDiff.between(after, before);
    assertEquals(
        List.of(new RoleChange("master1", List.of(), List.of(Role.DATANODE))), back.roleChanges());
    assertTrue(
        back.summary().contains("host master1 roles: − datanode"), back.summary()::toString);
  }

  @Test
  void anEnabledErasureCodingPolicyIsAChangeThatRestartsNothing() {
    PlanDiff d = PlanDiff.between(ha(), haWith("erasureCoding: {policies: [XOR-2-1]}\n"));
    assertEquals(
        List.of(new ConfigChange(PlanDiff.EC_POLICIES, "XOR-2-1-1024k", null, null, "enabled")),
        d.configChanges());
    assertEquals(Map.of(), d.restarts());
    assertEquals(List.of("EC policy XOR-2-1-1024k: (unset) → enabled (no restart)"), d.summary());
  }

  static final String RS_HANDLERS = "hbase.regionserver.handler.count";

  /** five-host-ha with the RegionServers' handler count set for their role group only. */
  static Plan rsHandlers(int n) {
    return haWith(
        "roleOverrides: {regionserver: {hbase-site: {" + RS_HANDLERS + ": " + n + "}}}\n");
  }

  @Test
  void aRoleGroupValueRestartsOnlyThatRoleOnItsHosts() {
    PlanDiff d = PlanDiff.between(rsHandlers(30), rsHandlers(60));
    assertEquals(
        List.of(new ConfigChange("hbase-site", RS_HANDLERS, null, "regionserver", "30", "60")),
        d.configChanges());
    assertFalse(d.configChanges().get(0).clusterWide());
    // the HMasters on ha02 and ha03 read the same key, but not the RegionServers' group
    assertEquals(Map.of(Role.REGIONSERVER, ALL), d.restarts());
    assertEquals(
        List.of(
            "regionserver hbase-site hbase.regionserver.handler.count: 30 → 60 (regionserver"
                + " restarts on 5 hosts)"),
        d.summary());
  }

  @Test
  void theSameKeyClusterWideRestartsTheMastersAndRegionServers() {
    PlanDiff d =
        PlanDiff.between(
            ha(), haWith("overrides: {hbase-site: {" + RS_HANDLERS + ": 60}}\n"));
    assertEquals(
        Map.of(Role.HBASE_MASTER, List.of("ha02", "ha03"), Role.REGIONSERVER, ALL), d.restarts());
    assertTrue(d.configChanges().stream().allMatch(c -> c.role() == null), d::toString);
  }

  @Test
  void aRoleGroupValueReplacesWhatTheRolesHostsReadAndARevertShowsItBack() {
    // sized per host: 10 × 16 cores, at most 100
    PlanDiff set = PlanDiff.between(ha(), rsHandlers(60));
    assertEquals(
        List.of(new ConfigChange("hbase-site", RS_HANDLERS, null, "regionserver", "100", "60")),
        set.configChanges());
    assertEquals(Map.of(Role.REGIONSERVER, ALL), set.restarts());

    PlanDiff revert = PlanDiff.between(rsHandlers(60), ha());
    assertEquals(
        List.of(new ConfigChange("hbase-site", RS_HANDLERS, null, "regionserver", "60", "100")),
        revert.configChanges());
    assertEquals(Map.of(Role.REGIONSERVER, ALL), revert.restarts());
    assertEquals(
        List.of(
            "regionserver hbase-site hbase.regionserver.handler.count: 60 → 100 (regionserver"
                + " restarts on 5 hosts)"),
        revert.summary());

    // hosts that read different values are each named
    Plan mixed =
        Scenarios.plan(
            HA, s -> s.replace("hostname: ha05, cores: 16", "hostname: ha05, cores: 8"));
    PlanDiff back = PlanDiff.between(rsHandlers(60), mixed);
    assertEquals(
        "100 on ha01, ha02, ha03, ha04; 80 on ha05",
        back.configChanges().stream()
            .filter(c -> "regionserver".equals(c.role()))
            .findFirst()
            .orElseThrow()
            .newValue());
  }

  @Test
  void aClusterWideChangeDoesNotRestartARoleWhoseGroupSetsTheKey() {
    String rs = "roleOverrides: {regionserver: {hbase-site: {" + RS_HANDLERS + ": 60}}}\n";
    Plan before = haWith(rs + "overrides: {hbase-site: {" + RS_HANDLERS + ": 50}}\n");
    Plan after = haWith(rs + "overrides: {hbase-site: {" + RS_HANDLERS + ": 70}}\n");
    PlanDiff d = PlanDiff.between(before, after);
    assertEquals(
        List.of(new ConfigChange("hbase-site", RS_HANDLERS, null, "50", "70")), d.configChanges());
    assertEquals(Map.of(Role.HBASE_MASTER, List.of("ha02", "ha03")), d.restarts());
    assertEquals(
        List.of(
            "hbase-site hbase.regionserver.handler.count: 50 → 70 (hbase_master restarts on 2"
                + " hosts)"),
        d.summary());
  }

  @Test
  void aZooKeeperGroupValueRestartsOnlyTheZooKeepers() {
    PlanDiff d =
        PlanDiff.between(
            ha(), haWith("roleOverrides: {zookeeper: {zoo.cfg: {maxClientCnxns: 500}}}\n"));
    assertEquals(
        List.of(new ConfigChange("zoo.cfg", "maxClientCnxns", null, "zookeeper", "300", "500")),
        d.configChanges());
    assertEquals(Map.of(Role.ZOOKEEPER, List.of("ha01", "ha02", "ha03")), d.restarts());
  }

  @Test
  void aRoleGroupChangeKeepsTheJsonOfOtherChangesAsItWas() throws Exception {
    PlanDiff d =
        PlanDiff.between(
            rsHandlers(30),
            readHeavy("roleOverrides: {regionserver: {hbase-site: {" + RS_HANDLERS + ": 60}}}\n"));
    String json = Mappers.JSON.writeValueAsString(d);
    assertTrue(json.contains("\"role\" : \"regionserver\""), json);
    // cluster-wide changes carry no role field, as before role groups
    assertEquals(1, json.split("\"role\"", -1).length - 1, json);
    assertEquals(d, Mappers.JSON.readValue(json, PlanDiff.class));
    ConfigChange old =
        Mappers.JSON.readValue(
            "{\"file\": \"zoo.cfg\", \"key\": \"tickTime\", \"oldValue\": \"2000\","
                + " \"newValue\": \"3000\"}",
            ConfigChange.class);
    assertEquals(new ConfigChange("zoo.cfg", "tickTime", null, "2000", "3000"), old);
    assertTrue(old.clusterWide());
  }

  @Test
  void theDiffRoundTripsThroughJson() throws Exception {
    PlanDiff d =
        PlanDiff.between(ha(), readHeavy("overrides: {zoo.cfg: {maxClientCnxns: 500}}\n"));
    String json = Mappers.JSON.writeValueAsString(d);
    assertTrue(json.contains("\"empty\" : false"), json);
    assertTrue(json.contains("\"hbase_master\" : [ \"ha02\", \"ha03\" ]"), json);
    PlanDiff back = Mappers.JSON.readValue(json, PlanDiff.class);
    assertEquals(d, back);
    assertEquals(List.copyOf(d.restarts().keySet()), List.copyOf(back.restarts().keySet()));
  }
}
