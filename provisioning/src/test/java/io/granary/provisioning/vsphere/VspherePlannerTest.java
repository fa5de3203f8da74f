package io.granary.provisioning.vsphere;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.provisioning.PlanResult;
import io.granary.provisioning.Planner;
import io.granary.provisioning.model.ClusterSpec;
import io.granary.provisioning.model.Finding;
import io.granary.provisioning.model.FindingCode;
import io.granary.provisioning.model.Plan;
import io.granary.provisioning.model.PlannedHost;
import io.granary.provisioning.model.Provenance;
import io.granary.provisioning.model.Role;
import io.granary.provisioning.model.Severity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class VspherePlannerTest {
  static final Path FACTS = Path.of("src/test/resources/vsphere/vcsim-facts.json");

  /** vcsim's hosts are 2 cores and 4 GiB: VMs that fit them, sized for the lab. */
  static final String SPEC =
      """
      name: vm1
      profile: lab
      infrastructure: vsphere
      vsphere:
        connection: sim
        datacenter: DC0
        cluster: DC0_C0
        folder: granary/vm1
        template: granary-template
        network: VM Network
        datastores: [LocalDS_0, LocalDS_1]
        nodeGroups:
          - {name: master, kind: master, count: 1, vcpu: 2, memoryGb: 3}
          - {name: worker, kind: worker, count: 3, vcpu: 2, memoryGb: 3, dataDiskGb: 20}
      erasureCoding: {policies: [XOR-2-1-1024k]}
      """;

  /** The ADR's example sizes, for facts with hosts large enough. */
  static final String BIG =
      SPEC.replace("profile: lab\n", "")
          .replace("vcpu: 2, memoryGb: 3}", "vcpu: 4, memoryGb: 16}")
          .replace(
              "vcpu: 2, memoryGb: 3, dataDiskGb: 20", "vcpu: 8, memoryGb: 64, dataDiskGb: 200");

  /** SPEC with one more line in its vsphere section. */
  static String withSetting(String line) {
    return SPEC.replace("network: VM Network\n", "network: VM Network\n  " + line + "\n");
  }

  static String factsJson() {
    try {
      return Files.readString(FACTS);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static VcenterFacts facts() {
    return VspherePlanner.parseFacts(factsJson());
  }

  /** The vcsim fixture after a text edit that must change something. */
  static VcenterFacts facts(UnaryOperator<String> edit) {
    String json = factsJson();
    String edited = edit.apply(json);
    assertNotEquals(json, edited, "the edit changed nothing");
    return VspherePlanner.parseFacts(edited);
  }

  /** ESXi hosts of 32 cores at 2600 MHz with 512 GiB. */
  static VcenterFacts bigHosts() {
    return facts(
        j ->
            j.replace("\"cpuCores\": 2", "\"cpuCores\": 32")
                .replace("\"cpuMhz\": 2294", "\"cpuMhz\": 2600")
                .replace("4294430720", "549755813888"));
  }

  static VspherePlanResult plan(String spec) {
    return new VspherePlanner(facts()).plan(spec);
  }

  static VspherePlanResult ok(VspherePlanResult r) {
    assertTrue(r.ok(), () -> "expected a plan, got " + r.findings());
    return r;
  }

  static Finding only(VspherePlanResult r, FindingCode code) {
    List<Finding> found = r.findings().stream().filter(f -> f.code() == code).toList();
    assertEquals(1, found.size(), () -> "one " + code + " expected in " + r.findings());
    return found.get(0);
  }

  static void refused(VspherePlanResult r, FindingCode code, String field) {
    assertFalse(r.ok(), () -> "expected no plan: " + r.findings());
    assertNull(r.vms());
    assertNull(r.hostSpec());
    assertEquals(field, only(r, code).field(), () -> r.findings().toString());
  }

  @Test
  void threeWorkersAndAMasterOnVcsimEachWorkerOnItsOwnEsxiHost() {
    VspherePlanResult r = ok(plan(SPEC));
    VmPlan vms = r.vms();
    assertEquals(
        List.of("vm1-master-1", "vm1-worker-1", "vm1-worker-2", "vm1-worker-3"), vms.vmNames());
    List<PlannedVm> workers = vms.vms().subList(1, 4);
    assertEquals(
        List.of("DC0_C0_H0", "DC0_C0_H1", "DC0_C0_H2"),
        workers.stream().map(w -> w.esxiHost().value()).toList());
    assertEquals(
        List.of("/DC0_C0_H0", "/DC0_C0_H1", "/DC0_C0_H2"),
        workers.stream().map(w -> w.rack().value()).toList());
    assertEquals("vm1-workers", vms.drsRule().name().value());
    assertEquals(List.of("vm1-worker-1", "vm1-worker-2", "vm1-worker-3"), vms.drsRule().vms());
    assertEquals("true", vms.drsRule().mandatory().value());
    assertEquals("/DC0/vm/granary/vm1", vms.folder().value());
    assertNull(vms.resourcePool());
    assertTrue(r.findings().isEmpty(), () -> r.findings().toString());
  }

  @Test
  void kerberosReachesTheHostPlanAndAManagedKdcIsNamedByItsVm() {
    String kdc = "security: {kerberos: {realm: VM1.TEST, kdc: {managed: {host: %s}}}}\n";
    VspherePlanResult r = ok(plan(SPEC + kdc.formatted("vm1-master-1")));
    assertEquals(
        ClusterSpec.parse(SPEC + kdc.formatted("vm1-master-1")).security(),
        r.hostSpec().security());
    assertEquals("vm1-master-1", r.plan().kerberos().kdcHost());
    refused(
        plan(SPEC + kdc.formatted("master")),
        FindingCode.KERBEROS_KDC_HOST_UNKNOWN,
        "security.kerberos.kdc.managed.host");
  }

  @Test
  void highLatencySensitivityReservesAllMemoryAndEveryVcpusMhz() {
    PlannedVm w = ok(plan(SPEC)).vms().vm("vm1-worker-2").orElseThrow();
    assertEquals("high", w.latencySensitivity().value());
    assertEquals(Provenance.DEFAULT, w.latencySensitivity().source());
    assertEquals("true", w.memoryReservationLock().value());
    assertTrue(w.memoryReservationLock().rule().contains("vSphere requires"));
    assertEquals("4588", w.cpuReservationMhz().value()); // 2 × 2294
    assertEquals(
        "2 vCPU × 2294 MHz (DC0_C0_H1): latency sensitivity high requires every vCPU fully"
            + " reserved",
        w.cpuReservationMhz().rule());
    assertEquals("1", w.advancedSettings().get("ethernet0.ctxPerDev").value());
    assertTrue(w.advancedSettings().get("ethernet0.ctxPerDev").rule().contains("transmit"));
    assertEquals("high", w.advancedSettings().get("sched.cpu.latencySensitivity").value());
    assertEquals("vmxnet3", w.deviceType().value());
    assertEquals("2", w.vcpu().value());
    assertEquals(Provenance.USER_OVERRIDE, w.vcpu().source());
    assertEquals("vsphere.nodeGroups[1].vcpu", w.vcpu().rule());
    assertEquals("2", w.coresPerSocket().value());
    assertEquals("3072", w.memoryMb().value());
  }

  @Test
  void normalLatencySensitivityReservesNothing() {
    PlannedVm w =
        ok(plan(withSetting("latencySensitivity: normal")))
            .vms()
            .vms()
            .get(1);
    assertEquals("normal", w.latencySensitivity().value());
    assertEquals(Provenance.USER_OVERRIDE, w.latencySensitivity().source());
    assertEquals("false", w.memoryReservationLock().value());
    assertEquals("0", w.cpuReservationMhz().value());
    assertFalse(w.advancedSettings().containsKey("ethernet0.ctxPerDev"));
    assertEquals("normal", w.advancedSettings().get("sched.cpu.latencySensitivity").value());
  }

  @Test
  void eachWorkerGetsOneDataDiskPerDatastoreOnController1() {
    VspherePlanResult r = ok(plan(SPEC));
    PlannedVm w = r.vms().vms().get(1);
    assertEquals(2, w.disks().size());
    for (int i = 0; i < 2; i++) {
      PlannedDisk d = w.disks().get(i);
      assertEquals("LocalDS_" + i, d.datastore().value());
      assertEquals("20", d.sizeGb().value());
      assertEquals("eagerzeroedthick", d.type().value());
      assertEquals(Provenance.DEFAULT, d.type().source());
      assertEquals("1", d.controller().value());
      assertEquals(Integer.toString(i), d.unit().value());
      assertEquals("/data/" + (i + 1), d.mountPoint().value());
    }
    PlannedVm master = r.vms().vms().get(0);
    assertTrue(master.disks().isEmpty());
    assertEquals("/data/1", master.dataDirs().value());
    assertTrue(master.dataDirs().rule().contains("template's disk"));
    PlannedVm thin =
        ok(plan(withSetting("diskProvisioning: thin")))
            .vms()
            .vms()
            .get(1);
    assertEquals("thin", thin.disks().get(0).type().value());
    assertEquals(Provenance.USER_OVERRIDE, thin.disks().get(0).type().source());
  }

  @Test
  void theHostPlanHasOneHostPerVmWithItsRackRolesAndDisks() {
    VspherePlanResult r = ok(plan(SPEC));
    Plan p = r.plan();
    assertEquals(4, p.hosts().size());
    PlannedHost master = p.hosts().get(0);
    assertEquals("vm1-master-1", master.hostname());
    assertEquals("vm1-master-1", master.address()); // a placeholder until the guest has one
    assertEquals(
        List.of(Role.ZOOKEEPER, Role.NAMENODE, Role.HBASE_MASTER), master.roles());
    PlannedHost w = p.hosts().get(3);
    assertEquals("vm1-worker-3", w.hostname());
    assertEquals("/DC0_C0_H2", w.rack());
    assertEquals(2, w.cores());
    assertEquals(3072, w.ramMb());
    assertEquals(List.of("/data/1", "/data/2"), w.dataDisks());
    assertEquals(List.of(Role.DATANODE, Role.REGIONSERVER), w.roles());
    assertFalse(p.ha().enabled());
    assertEquals(Provenance.SIZING_RULE, p.ha().source());
    assertEquals("ha left out: off below 3 master VMs; the spec has 1", p.ha().rule());
    assertEquals(List.of("XOR-2-1-1024k"), p.erasureCodingPolicies());
  }

  @Test
  void heapsFollowTheVmsMemory() {
    VspherePlanResult r = ok(new VspherePlanner(bigHosts()).plan(BIG));
    PlannedHost w = r.plan().hosts().get(1);
    assertEquals(65536, w.ramMb());
    // 64 GiB − 1 GiB OS − 1 GiB DataNode, capped at 31 GiB
    assertEquals("31g", w.heaps().get(Role.REGIONSERVER).value());
    assertTrue(w.heaps().get(Role.REGIONSERVER).rule().startsWith("RAM 64 GiB − 1 GiB OS"));
    PlannedVm vm = r.vms().vms().get(1);
    assertEquals("65536", vm.memoryMb().value());
    assertEquals("20800", vm.cpuReservationMhz().value()); // 8 × 2600
    assertEquals("8", vm.coresPerSocket().value());
    VspherePlanResult small =
        ok(new VspherePlanner(bigHosts()).plan(BIG.replace("memoryGb: 64", "memoryGb: 16")));
    // 16 GiB − 1 GiB OS − 1 GiB DataNode
    assertEquals("14g", small.plan().hosts().get(1).heaps().get(Role.REGIONSERVER).value());
  }

  @Test
  void addressesFromTheGuestsReplaceThePlaceholders() {
    ClusterSpec spec = ClusterSpec.parse(SPEC);
    Map<String, String> guests =
        Map.of(
            "vm1-master-1", "10.77.0.11",
            "vm1-worker-1", "10.77.0.12",
            "vm1-worker-2", "10.77.0.13",
            "vm1-worker-3", "10.77.0.14");
    VspherePlanResult r = ok(new VspherePlanner(facts()).plan(spec, guests));
    assertEquals(
        List.of("10.77.0.11", "10.77.0.12", "10.77.0.13", "10.77.0.14"),
        r.plan().hosts().stream().map(PlannedHost::address).toList());
    assertEquals("vm1-worker-1", r.plan().hosts().get(1).hostname());
    assertEquals(
        "10.77.0.11",
        r.plan().config().get(io.granary.provisioning.model.ConfigFile.HBASE_SITE)
            .get("hbase.zookeeper.quorum")
            .value());
    VspherePlanResult stray =
        new VspherePlanner(facts()).plan(spec, Map.of("vm1-worker-9", "10.77.0.19"));
    refused(stray, FindingCode.INVALID_ADDRESS, "addresses[\"vm1-worker-9\"]");
    VspherePlanResult bad =
        new VspherePlanner(facts()).plan(spec, Map.of("vm1-worker-2", "10.0.0.300"));
    refused(bad, FindingCode.INVALID_ADDRESS, "addresses[\"vm1-worker-2\"]");
  }

  @Test
  void theHostSpecPlansToTheSameHostsWithoutTheVcenter() {
    VspherePlanResult r = ok(new VspherePlanner(bigHosts()).plan(BIG));
    assertFalse(r.hostSpec().onVsphere());
    assertNull(r.hostSpec().vsphere());
    PlanResult again = new Planner().plan(r.hostSpec());
    assertTrue(again.ok(), () -> again.findings().toString());
    assertEquals(r.plan().hosts(), again.plan().hosts());
    assertEquals(r.plan().config(), again.plan().config());
  }

  @Test
  void fourWorkersOnThreeEsxiHostsAreTooMany() {
    refused(
        plan(SPEC.replace("count: 3", "count: 4")),
        FindingCode.TOO_FEW_ESXI_HOSTS,
        "vsphere.nodeGroups[1].count");
    Finding f = only(plan(SPEC.replace("count: 3", "count: 4")), FindingCode.TOO_FEW_ESXI_HOSTS);
    assertEquals(
        "4 worker VMs on 3 connected ESXi hosts: the anti-affinity rule keeps each worker on its"
            + " own host, so at most 3 (connected: DC0_C0_H0, DC0_C0_H1, DC0_C0_H2)",
        f.message());
  }

  @Test
  void disconnectedAndMaintenanceHostsDoNotCount() {
    VcenterFacts two =
        facts(
            j ->
                j.replaceFirst(
                    "\"DC0_C0_H1\", (.*?)\"connectionState\": \"connected\"",
                    "\"DC0_C0_H1\", $1\"connectionState\": \"disconnected\""));
    refused(
        new VspherePlanner(two).plan(SPEC),
        FindingCode.TOO_FEW_ESXI_HOSTS,
        "vsphere.nodeGroups[1].count");
    VcenterFacts maintenance =
        facts(
            j ->
                j.replaceFirst(
                    "(\"DC0_C0_H2\", .*?)\"inMaintenanceMode\": false",
                    "$1\"inMaintenanceMode\": true"));
    refused(
        new VspherePlanner(maintenance).plan(SPEC),
        FindingCode.TOO_FEW_ESXI_HOSTS,
        "vsphere.nodeGroups[1].count");
  }

  @Test
  void ecPolicyWiderThanTheWorkersEsxiHostsIsRefused() {
    assertTrue(plan(SPEC).ok()); // XOR-2-1: 3 blocks on 3 hosts
    VspherePlanResult r =
        plan(SPEC.replace("[XOR-2-1-1024k]", "[XOR-2-1-1024k, RS-6-3-1024k]"));
    refused(r, FindingCode.EC_POLICY_TOO_WIDE, "erasureCoding.policies[1]");
    assertTrue(
        only(r, FindingCode.EC_POLICY_TOO_WIDE)
            .message()
            .contains("the DataNode VMs run on 3 ESXi hosts (/DC0_C0_H0, /DC0_C0_H1, /DC0_C0_H2)"));
    refused(
        plan(SPEC.replace("[XOR-2-1-1024k]", "[RS-3-2-1024k]")),
        FindingCode.EC_POLICY_TOO_WIDE,
        "erasureCoding.policies[0]");
  }

  @Test
  void datastoreSmallerThanTheDisksPlannedOnItIsRefused() {
    // LocalDS_1 with 50 GiB free; 3 workers × 20 GiB = 60 GiB
    VcenterFacts small =
        facts(
            j ->
                j.replaceFirst(
                    "(\"LocalDS_1\", \"capacityBytes\": \\d+, \"freeBytes\": )\\d+",
                    "$153687091200"));
    VspherePlanResult r = new VspherePlanner(small).plan(SPEC);
    refused(r, FindingCode.DATASTORE_TOO_SMALL, "vsphere.datastores[1]");
    assertEquals(
        "LocalDS_1 has 50 GiB free; the plan puts 3 data disks on it: 3 × 20 GiB = 60 GiB",
        only(r, FindingCode.DATASTORE_TOO_SMALL).message());
    assertTrue(
        new VspherePlanner(small).plan(SPEC.replace("dataDiskGb: 20", "dataDiskGb: 16")).ok());
  }

  @Test
  void jumboFramesOnlyWhereTheNetworkCarriesThem() {
    PlannedVm standard = ok(plan(SPEC)).vms().vms().get(1);
    assertEquals("1500", standard.mtu().value());
    assertEquals(
        "network VM Network has MTU 1500: jumbo frames (9000) would be dropped",
        standard.mtu().rule());
    VcenterFacts jumbo =
        facts(
            j ->
                j.replace(
                    "\"DistributedVirtualPortgroup\", \"mtu\": 1500",
                    "\"DistributedVirtualPortgroup\", \"mtu\": 9000"));
    PlannedVm nine =
        ok(new VspherePlanner(jumbo)
                .plan(SPEC.replace("network: VM Network", "network: DC0_DVPG0")))
            .vms()
            .vms()
            .get(1);
    assertEquals("9000", nine.mtu().value());
    assertEquals(Provenance.SIZING_RULE, nine.mtu().source());
    assertEquals(
        "network DC0_DVPG0 has MTU 9000: jumbo frames, fewer packets per HDFS block",
        nine.mtu().rule());
    VcenterFacts unknown =
        facts(j -> j.replace("\"type\": \"Network\", \"mtu\": 1500", "\"type\": \"Network\""));
    assertTrue(
        ok(new VspherePlanner(unknown).plan(SPEC))
            .vms()
            .vms()
            .get(1)
            .mtu()
            .rule()
            .contains("unknown"));
  }

  @Test
  void threeMasterVmsRunHaLikeTheFirstThreeBareMetalHosts() {
    VspherePlanResult r =
        ok(new VspherePlanner(bigHosts())
                .plan(BIG.replace("kind: master, count: 1", "kind: master, count: 3")));
    Plan p = r.plan();
    assertTrue(p.ha().enabled());
    assertEquals("ha left out: on from 3 master VMs; the spec has 3", p.ha().rule());
    assertEquals(
        List.of(Role.ZOOKEEPER, Role.JOURNALNODE, Role.NAMENODE, Role.ZKFC),
        p.hosts().get(0).roles());
    assertEquals(
        List.of(Role.ZOOKEEPER, Role.JOURNALNODE, Role.NAMENODE, Role.ZKFC, Role.HBASE_MASTER),
        p.hosts().get(1).roles());
    assertEquals(
        List.of(Role.ZOOKEEPER, Role.JOURNALNODE, Role.HBASE_MASTER), p.hosts().get(2).roles());
    // masters spread: after the 3 workers each host holds one VM, so one master each
    assertEquals(
        Set.of("DC0_C0_H0", "DC0_C0_H1", "DC0_C0_H2"),
        r.vms().vms().subList(0, 3).stream()
            .map(v -> v.esxiHost().value())
            .collect(Collectors.toSet()));
    refused(
        plan(SPEC.replace("name: vm1\n", "name: vm1\nha: true\n")),
        FindingCode.HA_TOO_FEW_HOSTS,
        "ha");
  }

  @Test
  void aGroupsRolesAreTakenAsGiven() {
    VspherePlanResult r =
        ok(
            plan(
                SPEC.replace(
                    "memoryGb: 3}", "memoryGb: 3, roles: [zookeeper, namenode, hbase_master]}")));
    PlannedVm m = r.vms().vms().get(0);
    assertEquals("zookeeper namenode hbase_master", m.roles().value());
    assertEquals(Provenance.USER_OVERRIDE, m.roles().source());
    assertEquals("vsphere.nodeGroups[0].roles", m.roles().rule());
    VspherePlanResult noRs =
        plan(SPEC.replace("dataDiskGb: 20}", "dataDiskGb: 20, roles: [datanode]}"));
    refused(noRs, FindingCode.MISSING_ROLE, "vsphere.nodeGroups");
  }

  @Test
  void hostPlanFindingsPointAtTheNodeGroup() {
    // the default profile needs more than 3 GiB on a master VM
    VspherePlanResult r = plan(SPEC.replace("profile: lab\n", ""));
    assertFalse(r.ok());
    Finding ram =
        r.findings().stream()
            .filter(f -> f.code() == FindingCode.RAM_TOO_SMALL)
            .findFirst()
            .orElseThrow();
    assertEquals("vsphere.nodeGroups[0].memoryGb", ram.field());
    assertTrue(ram.message().contains("vm1-master-1"), ram.message());
  }

  @Test
  void vmsLargerThanTheirEsxiHostAreWarnedAbout() {
    // vcsim's hosts: 2 cores, 4 GiB; nothing enforces the reservation there
    VspherePlanResult r =
        ok(
            plan(
                SPEC.replace(
                    "vcpu: 2, memoryGb: 3, dataDiskGb", "vcpu: 8, memoryGb: 64, dataDiskGb")));
    List<String> fields =
        r.warnings().stream()
            .filter(f -> f.code() == FindingCode.VM_EXCEEDS_ESXI_HOST)
            .map(Finding::field)
            .toList();
    assertEquals(List.of("vsphere.nodeGroups[1].vcpu", "vsphere.nodeGroups[1].memoryGb"), fields);
    // 8 vCPU over 2-core hosts: 4 sockets of 2
    assertEquals("2", r.vms().vms().get(1).coresPerSocket().value());
    assertEquals(
        "8 vCPU > DC0_C0_H0's 2 cores: 4 sockets of 2",
        r.vms().vms().get(1).coresPerSocket().rule());
  }

  @Test
  void drsOffIsAWarning() {
    VcenterFacts off = facts(j -> j.replace("\"drsEnabled\": true", "\"drsEnabled\": false"));
    VspherePlanResult r = ok(new VspherePlanner(off).plan(SPEC));
    assertEquals("vsphere.cluster", only(r, FindingCode.DRS_DISABLED).field());
  }

  @Test
  void everyFactsCheckHasItsCodeAndField() {
    record Case(
        FindingCode code, String field, UnaryOperator<String> spec, UnaryOperator<String> facts) {}
    List<Case> cases =
        List.of(
            new Case(FindingCode.UNKNOWN_DATACENTER, "vsphere.datacenter",
                s -> s.replace("datacenter: DC0", "datacenter: DC9"), null),
            new Case(FindingCode.UNKNOWN_COMPUTE_CLUSTER, "vsphere.cluster",
                s -> s.replace("cluster: DC0_C0", "cluster: DC0_C9"), null),
            new Case(FindingCode.UNKNOWN_RESOURCE_POOL, "vsphere.resourcePool",
                s -> withSetting("resourcePool: gold"), null),
            new Case(FindingCode.UNKNOWN_TEMPLATE, "vsphere.template",
                s -> s.replace("template: granary-template", "template: centos-template"), null),
            new Case(FindingCode.TEMPLATE_NIC_TYPE, "vsphere.template", null,
                j -> j.replace("\"nicTypes\": [\"vmxnet3\"]", "\"nicTypes\": [\"VirtualE1000\"]")),
            new Case(FindingCode.UNKNOWN_NETWORK, "vsphere.network",
                s -> s.replace("network: VM Network", "network: Storage Network"), null),
            new Case(FindingCode.UNKNOWN_DATASTORE, "vsphere.datastores[1]",
                s -> s.replace("[LocalDS_0, LocalDS_1]", "[LocalDS_0, LocalDS_9]"), null),
            new Case(FindingCode.DATASTORE_TOO_SMALL, "vsphere.datastores[0]",
                s ->
                    s.replace("dataDiskGb: 20", "dataDiskGb: 2000")
                        .replace("[LocalDS_0, LocalDS_1]", "[LocalDS_0]"),
                null),
            new Case(FindingCode.TOO_FEW_ESXI_HOSTS, "vsphere.nodeGroups[1].count",
                s -> s.replace("count: 3", "count: 5"), null),
            new Case(FindingCode.TOO_FEW_ESXI_HOSTS, "vsphere.cluster",
                s -> s.replace("cluster: DC0_C0", "cluster: DC0_H0"),
                j ->
                    j.replaceFirst(
                        "(\"DC0_H0\", .*?)\"connected\"", "$1\"notResponding\"")),
            new Case(FindingCode.DRS_DISABLED, "vsphere.cluster", null,
                j -> j.replace("\"drsEnabled\": true", "\"drsEnabled\": false")),
            new Case(FindingCode.VM_EXCEEDS_ESXI_HOST, "vsphere.nodeGroups[0].vcpu",
                s -> s.replace("vcpu: 2, memoryGb: 3}", "vcpu: 4, memoryGb: 3}"), null));
    Set<FindingCode> seen = EnumSet.noneOf(FindingCode.class);
    for (Case c : cases) {
      VcenterFacts f = c.facts() == null ? facts() : facts(c.facts());
      String spec = c.spec() == null ? SPEC : c.spec().apply(SPEC);
      VspherePlanResult r = new VspherePlanner(f).plan(spec);
      Finding found = only(r, c.code());
      assertEquals(c.field(), found.field(), c.code() + ": " + found);
      assertEquals(
          c.code().severity() == Severity.ERROR, !r.ok(), c.code() + ": " + r.findings());
      if (!r.ok()) {
        assertNull(r.vms());
        assertNull(r.plan());
      }
      seen.add(c.code());
    }
    Set<FindingCode> expected = EnumSet.copyOf(FindingCode.VCENTER_CHECKS);
    // the control plane's connection test gives these
    expected.removeAll(
        Set.of(FindingCode.VCENTER_UNREACHABLE, FindingCode.VCENTER_AUTH, FindingCode.VCENTER_TLS));
    assertEquals(expected, seen);
  }

  @Test
  void factsErrorsNameWhatTheVcenterHas() {
    VspherePlanResult r = plan(SPEC.replace("template: granary-template", "template: centos"));
    assertEquals(
        "datacenter DC0 has no template 'centos'; it has 'granary-template'",
        only(r, FindingCode.UNKNOWN_TEMPLATE).message());
    VspherePlanResult dc = plan(SPEC.replace("datacenter: DC0", "datacenter: DC1"));
    assertEquals(
        "vCenter has no datacenter 'DC1'; it has 'DC0'",
        only(dc, FindingCode.UNKNOWN_DATACENTER).message());
    // nothing else is checked in a datacenter that does not exist
    assertEquals(1, dc.errors().size(), () -> dc.findings().toString());
  }

  @Test
  void specShapeErrorsComeWithTheirFields() {
    refused(
        plan(SPEC.replace("name: vm1\n", "name: vm1\nhosts: [{address: 10.0.0.1}]\n")),
        FindingCode.VSPHERE_HOSTS_GIVEN,
        "hosts");
    refused(
        plan("name: vm1\ninfrastructure: vsphere\n"),
        FindingCode.MISSING_VSPHERE_SECTION,
        "vsphere");
    refused(
        plan(withSetting("latencySensitivity: extreme")),
        FindingCode.INVALID_VSPHERE_SETTING,
        "vsphere.latencySensitivity");
    refused(
        plan(SPEC.replace("  connection: sim\n", "")),
        FindingCode.INVALID_VSPHERE_SETTING,
        "vsphere.connection");
    refused(
        plan(SPEC.replace("folder: granary/vm1", "folder: granary//vm1")),
        FindingCode.INVALID_VSPHERE_SETTING,
        "vsphere.folder");
    refused(
        plan(SPEC.replace(", dataDiskGb: 20", "")),
        FindingCode.INVALID_NODE_GROUP,
        "vsphere.nodeGroups[1].dataDiskGb");
    refused(
        plan(SPEC.replace("name: worker", "name: Worker")),
        FindingCode.INVALID_NODE_GROUP,
        "vsphere.nodeGroups[1].name");
    refused(
        plan(SPEC.replace("name: worker", "name: master")),
        FindingCode.INVALID_NODE_GROUP,
        "vsphere.nodeGroups[1].name");
    refused(
        plan(SPEC.replace("vcpu: 2, memoryGb: 3}", "vcpu: 0, memoryGb: 3}")),
        FindingCode.INVALID_NODE_GROUP,
        "vsphere.nodeGroups[0].vcpu");
    refused(
        plan(SPEC.replace("memoryGb: 3}", "memoryGb: 3, roles: [namenode, gateway]}")),
        FindingCode.UNKNOWN_ROLE,
        "vsphere.nodeGroups[0].roles[1]");
    refused(
        plan(SPEC.replace("name: vm1", "name: VM_1")),
        FindingCode.INVALID_CLUSTER_NAME,
        "name");
  }

  @Test
  void aBareMetalSpecGoesToTheOrdinaryPlanner() {
    String bare =
        "name: lab\nprofile: lab\nhosts:\n  - {address: 10.77.0.11, cores: 2, ramGb: 3,"
            + " dataDisks: [/data/1]}\n";
    VspherePlanResult r = ok(new VspherePlanner(facts()).plan(bare));
    assertNull(r.vms());
    assertEquals(new Planner().plan(bare).plan(), r.plan());
  }

  @Test
  void theSpecRoundTripsThroughYaml() {
    ClusterSpec spec = ClusterSpec.parse(SPEC);
    assertTrue(spec.onVsphere());
    assertEquals(2, spec.vsphere().nodeGroups().size());
    assertEquals(20, spec.vsphere().nodeGroups().get(1).dataDiskGb());
    assertEquals(spec, ClusterSpec.parse(spec.toYaml()));
    assertNotEquals(spec, ClusterSpec.parse(SPEC.replace("count: 3", "count: 2")));
    assertEquals(
        "eagerZeroedThick", spec.vsphere().diskProvisioningOrDefault());
  }
}
