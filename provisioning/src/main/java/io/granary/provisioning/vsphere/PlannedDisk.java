package io.granary.provisioning.vsphere;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.granary.provisioning.model.ConfigValue;

/**
 * One data disk of a VM, each setting with its provenance.
 *
 * @param type vmware_guest's disk type: "thin", "thick" or "eagerzeroedthick"
 * @param controller the SCSI controller (1: the data disks' own, apart from the system disk's 0)
 * @param mountPoint where the guest mounts it; the host plan's data disk
 */
public record PlannedDisk(
    ConfigValue datastore,
    ConfigValue sizeGb,
    ConfigValue type,
    ConfigValue controller,
    ConfigValue unit,
    ConfigValue mountPoint) {

  @JsonIgnore
  public int sizeGbValue() {
    return Integer.parseInt(sizeGb.value());
  }
}
