package io.granary.hosts;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.api.model.ClusterSpecInputDto;
import io.granary.api.model.PlannedVmDto;
import io.granary.api.model.VmSettingDto;
import io.granary.api.model.VsphereNodeGroupDto;
import io.granary.api.model.VsphereSpecInputDto;
import io.granary.provisioning.model.ClusterSpec;
import io.granary.provisioning.vsphere.VcenterFacts;
import io.granary.provisioning.vsphere.VspherePlanResult;
import io.granary.provisioning.vsphere.VspherePlanner;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A vsphere spec from the API → the planner's spec, and its VMs back as settings with provenance. */
class VsphereProvisioningTest {
  static final long GIB = 1024L * 1024 * 1024;

  static VcenterFacts facts() {
    List<VcenterFacts.EsxiHost> esxi = List.of(1, 2, 3).stream().map(i -> new VcenterFacts.EsxiHost("esx" + i, 32,
        2400, 256 * GIB, "connected", false)).toList();
    return new VcenterFacts("8.0.3.0", "vCenter", List.of(new VcenterFacts.Datacenter("DC0",
        List.of(new VcenterFacts.ComputeCluster("C0", true, esxi, List.of())),
        List.of(new VcenterFacts.Datastore("ds1", 10_000 * GIB, 9_000 * GIB, "VMFS")),
        List.of(new VcenterFacts.Network("VM Network", "Network", 1500)),
        List.of(new VcenterFacts.Template("granary-template", "debian12_64Guest", List.of("vmxnet3"), 1)),
        List.of())));
  }

  static ClusterSpecInputDto dto() {
    return new ClusterSpecInputDto("vm1").infrastructure(ClusterSpecInputDto.InfrastructureEnum.VSPHERE)
        .erasureCodingPolicies(List.of("XOR-2-1-1024k"))
        .vsphere(new VsphereSpecInputDto("sim", "DC0", "C0", "granary-template", "VM Network", List.of("ds1"),
            List.of(new VsphereNodeGroupDto("master", VsphereNodeGroupDto.KindEnum.MASTER, 1, 4, 16.0),
                new VsphereNodeGroupDto("worker", VsphereNodeGroupDto.KindEnum.WORKER, 3, 8, 64.0).dataDiskGb(200)))
            .folder("granary/vm1"));
  }

  @Test
  void theApiSpecBecomesAVsphereClusterSpecWithEmptyListsLeftOut() {
    ClusterSpec s = ProvisioningController.vsphereSpec(dto());
    assertThat(s.onVsphere()).isTrue();
    assertThat(s.hosts()).isEmpty();
    assertThat(s.vsphere().connection()).isEqualTo("sim");
    assertThat(s.vsphere().nodeGroups()).hasSize(2);
    assertThat(s.vsphere().nodeGroups().get(1).roles()).isNull();
    assertThat(s.vsphere().nodeGroups().get(1).dataDiskGb()).isEqualTo(200);
    assertThat(s.ecPolicies()).containsExactly("XOR-2-1-1024k");
  }

  @Test
  void eachPlannedVmListsItsSettingsWithProvenanceAndItsDisks() {
    ClusterSpec s = VsphereProvisioning.withSshUser(ProvisioningController.vsphereSpec(dto()), "root");
    VspherePlanResult r = new VspherePlanner(facts()).plan(s);
    assertThat(r.ok()).as(r.findings().toString()).isTrue();
    PlannedVmDto w = ProvisioningController.vm(r.vms().vm("vm1-worker-1").orElseThrow());
    assertThat(w.getEsxiHost()).startsWith("esx");
    assertThat(w.getRack()).isEqualTo("/" + w.getEsxiHost());
    assertThat(w.getSettings()).extracting(VmSettingDto::getKey).contains("num_cpus", "memory_mb",
        "memory_reservation_lock", "cpu_reservation_mhz", "latency_sensitivity", "device_type", "mtu",
        "ethernet0.ctxPerDev");
    VmSettingDto mtu = w.getSettings().stream().filter(x -> x.getKey().equals("mtu")).findFirst().orElseThrow();
    assertThat(mtu.getValue()).isEqualTo("1500");
    assertThat(mtu.getRule()).isNotBlank();
    assertThat(w.getDisks()).hasSize(1);
    assertThat(w.getDisks().get(0).getDatastore()).isEqualTo("ds1");
    assertThat(w.getDisks().get(0).getSizeGb()).isEqualTo(200);
    assertThat(w.getDisks().get(0).getController()).isEqualTo(1);
  }

  @Test
  void theInstalledSpecIsTheVmsAsHosts() {
    ClusterSpec s = VsphereProvisioning.withSshUser(ProvisioningController.vsphereSpec(dto()), "root");
    VspherePlanResult r = new VspherePlanner(facts()).plan(s, java.util.Map.of("vm1-master-1", "10.0.0.1",
        "vm1-worker-1", "10.0.0.11", "vm1-worker-2", "10.0.0.12", "vm1-worker-3", "10.0.0.13"));
    assertThat(r.ok()).as(r.findings().toString()).isTrue();
    ProvisioningService.SpecInput in = VsphereProvisioning.specInput(r.hostSpec());
    assertThat(in.hosts()).extracting(h -> h.address()).containsExactly("10.0.0.1", "10.0.0.11", "10.0.0.12",
        "10.0.0.13");
    assertThat(in.ha()).isNotNull();
    assertThat(in.erasureCodingPolicies()).containsExactly("XOR-2-1-1024k");
  }
}
