package io.granary.provisioning.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import java.util.List;

/**
 * A group of identical VMs of a vSphere spec.
 *
 * @param kind "master" (NameNode, HMaster, ZooKeeper) or "worker" (DataNode, RegionServer)
 * @param dataDiskGb size of the one data disk each VM gets per listed datastore; workers need it
 * @param roles when present, exactly what the group's VMs run (instead of the kind's roles)
 */
@JsonInclude(Include.NON_NULL)
public record NodeGroup(
    String name,
    String kind,
    Integer count,
    Integer vcpu,
    Double memoryGb,
    Integer dataDiskGb,
    List<String> roles) {

  public static final String MASTER = "master";
  public static final String WORKER = "worker";

  public boolean worker() {
    return WORKER.equals(kind);
  }
}
