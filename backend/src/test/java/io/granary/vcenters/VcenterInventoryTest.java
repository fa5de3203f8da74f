package io.granary.vcenters;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.provisioning.vsphere.VcenterFacts;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** govc -json output captured from vcsim (src/test/resources/vcenters/vcsim) → VcenterFacts. */
class VcenterInventoryTest {
  static String fixture(String name) {
    try (InputStream in = VcenterInventoryTest.class.getResourceAsStream("/vcenters/vcsim/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  static VcenterFacts vcsim() {
    Map<String, String> outputs = new LinkedHashMap<>();
    VcenterInventory.READS.keySet().forEach(k -> outputs.put(k, fixture(k + ".json")));
    return VcenterInventory.parse(outputs,
        Map.of("/DC0/vm/granary-template", fixture("template-granary-template.json")));
  }

  @Test
  void theSimulatorsDatacenterHasItsClusterWithThreeConnectedHosts() {
    VcenterFacts f = vcsim();
    assertThat(f.apiVersion()).isEqualTo("8.0.3.0");
    assertThat(f.fullName()).contains("Granary vcsim");
    assertThat(f.datacenters()).extracting(VcenterFacts.Datacenter::name).containsExactly("DC0");
    VcenterFacts.ComputeCluster c = f.datacenter("DC0").orElseThrow().cluster("DC0_C0").orElseThrow();
    assertThat(c.drsEnabled()).isTrue();
    assertThat(c.hosts()).extracting(VcenterFacts.EsxiHost::name).containsExactly("DC0_C0_H0", "DC0_C0_H1",
        "DC0_C0_H2");
    assertThat(c.connectedHosts()).hasSize(3);
    VcenterFacts.EsxiHost h = c.hosts().get(0);
    assertThat(h.cpuCores()).isEqualTo(2);
    assertThat(h.cpuMhz()).isEqualTo(2294);
    assertThat(h.memoryBytes()).isEqualTo(4294430720L);
    assertThat(h.inMaintenanceMode()).isFalse();
    assertThat(c.resourcePools()).containsExactly("hbase");
  }

  @Test
  void standaloneHostsAreNotACluster() {
    assertThat(vcsim().datacenter("DC0").orElseThrow().clusters()).extracting(VcenterFacts.ComputeCluster::name)
        .containsExactly("DC0_C0");
  }

  @Test
  void datastoresCarryCapacityAndFreeBytes() {
    VcenterFacts.Datastore ds = vcsim().datacenter("DC0").orElseThrow().datastore("LocalDS_0").orElseThrow();
    assertThat(ds.capacityBytes()).isEqualTo(4398046511104L);
    assertThat(ds.freeBytes()).isPositive().isLessThanOrEqualTo(ds.capacityBytes());
    assertThat(ds.type()).isEqualTo("OTHER");
  }

  @Test
  void aStandardNetworkTakesItsVswitchMtuAndAnUnsetDistributedSwitchMtuIsUnknown() {
    VcenterFacts.Datacenter dc = vcsim().datacenter("DC0").orElseThrow();
    assertThat(dc.network("VM Network").orElseThrow().mtu()).isEqualTo(1500);
    assertThat(dc.network("VM Network").orElseThrow().type()).isEqualTo("Network");
    assertThat(dc.network("DC0_DVPG0").orElseThrow().type()).isEqualTo("DistributedVirtualPortgroup");
    assertThat(dc.network("DC0_DVPG0").orElseThrow().mtu()).isNull();
  }

  @Test
  void templatesListTheirNicTypesAndDisksAndPlainVmsAreNotTemplates() {
    VcenterFacts.Datacenter dc = vcsim().datacenter("DC0").orElseThrow();
    assertThat(dc.templates()).extracting(VcenterFacts.Template::name).containsExactly("granary-template");
    VcenterFacts.Template t = dc.template("granary-template").orElseThrow();
    assertThat(t.nicTypes()).containsExactly("e1000");
    assertThat(t.disks()).isEqualTo(1);
    assertThat(t.guestId()).isEqualTo("otherGuest");
  }

  @Test
  void foldersArePathsBelowTheDatacentersVmFolder() {
    assertThat(vcsim().datacenter("DC0").orElseThrow().folders()).containsExactly("granary", "granary/existing");
  }

  @Test
  void theCommandsNameEveryReadAndEachTemplatesDeviceListing() {
    List<String> cmds = VcenterInventory.commands(List.of("/DC0/vm/granary-template"));
    assertThat(cmds).hasSize(VcenterInventory.READS.size() + 1);
    assertThat(cmds.get(0)).isEqualTo("govc about -json");
    assertThat(cmds).contains("govc object.collect -json -type s / name parent summary.capacity summary.freeSpace"
        + " summary.type", "govc device.ls -json -vm /DC0/vm/granary-template");
  }

  @Test
  void emptyOutputsGiveNoDatacentersRatherThanAnError() {
    assertThat(VcenterInventory.parse(Map.of(), Map.of()).datacenters()).isEmpty();
  }
}
