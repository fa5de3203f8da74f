package io.granary.provisioning.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import java.util.List;

/**
 * Where and how the VMs of an {@code infrastructure: vsphere} spec are created (docs/adr/0015).
 *
 * @param connection the name of a stored vCenter connection
 * @param folder VM folder under the datacenter's VM folder, created when missing
 * @param diskProvisioning "thin", "thick" or "eagerZeroedThick" (null: eagerZeroedThick)
 * @param latencySensitivity "high" or "normal" (null: high)
 */
@JsonInclude(Include.NON_NULL)
public record VsphereSpec(
    String connection,
    String datacenter,
    String cluster,
    String resourcePool,
    String folder,
    String template,
    String network,
    List<String> datastores,
    String diskProvisioning,
    String latencySensitivity,
    List<NodeGroup> nodeGroups) {

  public static final String EAGER_ZEROED_THICK = "eagerZeroedThick";
  public static final String HIGH = "high";

  public VsphereSpec {
    datastores = datastores == null ? List.of() : datastores;
    nodeGroups = nodeGroups == null ? List.of() : nodeGroups;
  }

  public String diskProvisioningOrDefault() {
    return diskProvisioning == null ? EAGER_ZEROED_THICK : diskProvisioning;
  }

  public String latencySensitivityOrDefault() {
    return latencySensitivity == null ? HIGH : latencySensitivity;
  }
}
