package io.granary.provisioning.vsphere;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import io.granary.provisioning.model.ConfigValue;
import java.util.List;
import java.util.Optional;

/**
 * The VMs a vSphere spec asks for, where they go and how they are configured (docs/adr/0015).
 *
 * @param folder the VM folder's inventory path, {@code /<datacenter>/vm/<spec folder>}
 * @param resourcePool null: the compute cluster's root pool
 * @param drsRule null when no VM is a worker
 */
@JsonInclude(Include.NON_NULL)
public record VmPlan(
    String cluster,
    ConfigValue datacenter,
    ConfigValue computeCluster,
    ConfigValue resourcePool,
    ConfigValue folder,
    ConfigValue template,
    DrsRule drsRule,
    List<PlannedVm> vms) {

  public Optional<PlannedVm> vm(String name) {
    return vms.stream().filter(v -> v.vmName().equals(name)).findFirst();
  }

  @JsonIgnore
  public List<String> vmNames() {
    return vms.stream().map(PlannedVm::vmName).toList();
  }
}
