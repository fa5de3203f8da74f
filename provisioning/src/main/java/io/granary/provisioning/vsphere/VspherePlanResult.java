package io.granary.provisioning.vsphere;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.granary.provisioning.PlanResult;
import io.granary.provisioning.model.ClusterSpec;
import io.granary.provisioning.model.Finding;
import io.granary.provisioning.model.Plan;
import java.util.List;

/**
 * A vSphere spec's plan: every finding, and when there is no error the VMs and the host plan of
 * the install that follows on them.
 *
 * @param vms null when any finding is an error
 * @param hostSpec the bare-metal spec of the VMs (one host per VM, with its address): the ordinary
 *     {@link io.granary.provisioning.Planner} plans it to {@code plan}, so day-2 changes re-plan it
 *     without the vCenter; null when any finding is an error
 * @param plan the host plan; null when any finding is an error
 */
@JsonPropertyOrder({"findings", "vms", "plan"})
@JsonInclude(Include.NON_NULL)
public record VspherePlanResult(
    List<Finding> findings, VmPlan vms, ClusterSpec hostSpec, Plan plan) {

  public boolean ok() {
    return plan != null;
  }

  public List<Finding> errors() {
    return findings.stream().filter(Finding::isError).toList();
  }

  public List<Finding> warnings() {
    return findings.stream().filter(f -> !f.isError()).toList();
  }

  /** The host plan as the ordinary planner's answer (for the inventory and the plan table). */
  public PlanResult hostPlan() {
    return new PlanResult(findings, plan);
  }
}
