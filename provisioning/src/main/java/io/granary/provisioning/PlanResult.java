package io.granary.provisioning;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.granary.provisioning.model.Finding;
import io.granary.provisioning.model.Plan;
import java.util.List;

/**
 * The planner's answer: every finding, and the plan when there is no error.
 *
 * @param plan null when any finding is an error
 */
@JsonPropertyOrder({"findings", "plan"})
public record PlanResult(List<Finding> findings, Plan plan) {

  public boolean ok() {
    return plan != null;
  }

  public List<Finding> errors() {
    return findings.stream().filter(Finding::isError).toList();
  }

  public List<Finding> warnings() {
    return findings.stream().filter(f -> !f.isError()).toList();
  }
}
