package io.granary.provisioning.vsphere;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.granary.provisioning.model.ConfigValue;
import io.granary.provisioning.model.Role;
import java.util.Arrays;
import java.util.List;
import java.util.SortedMap;

/**
 * One VM of a vSphere plan: every setting with its provenance (the spec's value, a rule over the
 * vCenter's facts, or Granary's fixed choice and why).
 *
 * @param group the node group's name
 * @param kind the node group's kind, "master" or "worker"
 * @param roles the role ids the VM runs, space-separated
 * @param rack the HDFS rack, {@code /<esxi host>}
 * @param memoryReservationLock reserve all of the VM's memory ("true" / "false")
 * @param cpuReservationMhz the CPU reservation, vCPU × the host's MHz with high latency sensitivity
 * @param mtu the guest's MTU, 9000 only where the network carries jumbo frames
 * @param advancedSettings VMX keys → value
 * @param dataDirs the host plan's data disks, comma-separated
 */
public record PlannedVm(
    ConfigValue name,
    String group,
    String kind,
    ConfigValue roles,
    ConfigValue esxiHost,
    ConfigValue rack,
    ConfigValue vcpu,
    ConfigValue coresPerSocket,
    ConfigValue memoryMb,
    ConfigValue memoryReservationLock,
    ConfigValue cpuReservationMhz,
    ConfigValue latencySensitivity,
    ConfigValue network,
    ConfigValue deviceType,
    ConfigValue mtu,
    SortedMap<String, ConfigValue> advancedSettings,
    List<PlannedDisk> disks,
    ConfigValue dataDirs) {

  @JsonIgnore
  public String vmName() {
    return name.value();
  }

  @JsonIgnore
  public List<Role> roleList() {
    return Arrays.stream(roles.value().split(" ")).map(r -> Role.byId(r).orElseThrow()).toList();
  }

  @JsonIgnore
  public int vcpuCount() {
    return Integer.parseInt(vcpu.value());
  }

  @JsonIgnore
  public int memoryMbValue() {
    return Integer.parseInt(memoryMb.value());
  }

  @JsonIgnore
  public List<String> dataDirList() {
    return List.of(dataDirs.value().split(","));
  }
}
