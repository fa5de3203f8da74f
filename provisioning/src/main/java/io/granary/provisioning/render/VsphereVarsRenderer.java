package io.granary.provisioning.render;

import io.granary.provisioning.model.ConfigValue;
import io.granary.provisioning.model.Mappers;
import io.granary.provisioning.vsphere.PlannedDisk;
import io.granary.provisioning.vsphere.PlannedVm;
import io.granary.provisioning.vsphere.VcenterEndpoint;
import io.granary.provisioning.vsphere.VmPlan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * VM plan → the variables of {@code vsphere_vms.yml} ({@value #FILE} in the run directory), in
 * the format of docs/adr/0015-vsphere.md: {@code granary_cluster}, {@code granary_vcenter} (where
 * and how to connect, where the VMs go), {@code granary_drs_rule} (left out without worker VMs) and
 * {@code granary_vms}. The vCenter password is never written: the playbook reads {@code
 * GRANARY_VCENTER_PASSWORD} from its environment.
 */
public final class VsphereVarsRenderer {
  public static final String FILE = "vsphere.yml";

  public String render(VmPlan plan, VcenterEndpoint vcenter) {
    Map<String, Object> vars = new LinkedHashMap<>();
    vars.put("granary_cluster", plan.cluster());
    Map<String, Object> vc = new LinkedHashMap<>();
    vc.put("hostname", vcenter.hostname());
    vc.put("port", vcenter.port());
    vc.put("username", vcenter.username());
    vc.put("validate_certs", vcenter.validateCerts());
    if (vcenter.caPath() != null) {
      vc.put("ca_path", vcenter.caPath());
    }
    if (vcenter.thumbprint() != null) {
      vc.put("thumbprint", vcenter.thumbprint());
    }
    vc.put("datacenter", plan.datacenter().value());
    vc.put("cluster", plan.computeCluster().value());
    vc.put("resource_pool", plan.resourcePool() == null ? null : plan.resourcePool().value());
    vc.put("folder", plan.folder().value());
    vc.put("template", plan.template().value());
    vars.put("granary_vcenter", vc);
    if (plan.drsRule() != null) {
      Map<String, Object> rule = new LinkedHashMap<>();
      rule.put("name", plan.drsRule().name().value());
      rule.put("vms", plan.drsRule().vms());
      vars.put("granary_drs_rule", rule);
    }
    List<Map<String, Object>> vms = new ArrayList<>();
    for (PlannedVm vm : plan.vms()) {
      vms.add(vm(vm));
    }
    vars.put("granary_vms", vms);
    String header =
        "# Rendered by Granary from the VM plan of cluster "
            + plan.cluster()
            + ". Edits are overwritten at the next render.\n";
    try {
      return header + Mappers.YAML.writeValueAsString(vars);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes {@value #FILE} into the run directory; returns its path. */
  public Path write(VmPlan plan, VcenterEndpoint vcenter, Path runDir) throws IOException {
    Files.createDirectories(runDir);
    Path file = runDir.resolve(FILE);
    Files.writeString(file, render(plan, vcenter));
    return file;
  }

  private static Map<String, Object> vm(PlannedVm vm) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", vm.vmName());
    m.put("group", vm.group());
    m.put("esxi_host", vm.esxiHost().value());
    m.put("rack", vm.rack().value());
    m.put("num_cpus", integer(vm.vcpu()));
    m.put("cores_per_socket", integer(vm.coresPerSocket()));
    m.put("memory_mb", integer(vm.memoryMb()));
    m.put("memory_reservation_lock", Boolean.parseBoolean(vm.memoryReservationLock().value()));
    m.put("cpu_reservation_mhz", integer(vm.cpuReservationMhz()));
    m.put("latency_sensitivity", vm.latencySensitivity().value());
    m.put("network", vm.network().value());
    m.put("device_type", vm.deviceType().value());
    m.put("mtu", integer(vm.mtu()));
    Map<String, String> advanced = new LinkedHashMap<>();
    vm.advancedSettings().forEach((k, v) -> advanced.put(k, v.value()));
    m.put("advanced_settings", advanced);
    List<Map<String, Object>> disks = new ArrayList<>();
    for (PlannedDisk d : vm.disks()) {
      Map<String, Object> disk = new LinkedHashMap<>();
      disk.put("datastore", d.datastore().value());
      disk.put("size_gb", integer(d.sizeGb()));
      disk.put("type", d.type().value());
      disk.put("controller", integer(d.controller()));
      disk.put("unit", integer(d.unit()));
      disks.add(disk);
    }
    m.put("disks", disks);
    return m;
  }

  private static int integer(ConfigValue v) {
    return Integer.parseInt(v.value());
  }
}
