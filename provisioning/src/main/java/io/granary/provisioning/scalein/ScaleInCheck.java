package io.granary.provisioning.scalein;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.granary.provisioning.diff.PlanDiff;
import io.granary.provisioning.model.Finding;
import io.granary.provisioning.model.Plan;
import java.util.List;

/**
 * The answer of {@link ScaleInPreflight#check}: whether the hosts may leave, and what their
 * leaving does. {@code after} and {@code diff} are computed even when the scale-in is refused (to
 * show what it would do); apply them only when {@link #ok()}.
 *
 * @param hosts the leaving hosts found in the plan, as inventory names, in the order asked for
 *     (duplicates and unknown hosts left out)
 * @param findings every refusal (ERROR) and warning
 * @param after the installed plan without {@code hosts}; nothing else re-planned
 * @param diff from the installed plan to {@code after}
 * @param bytesToMove DFS used on the leaving live DataNodes: what HDFS copies to the others
 */
@JsonPropertyOrder({"ok", "hosts", "findings", "bytesToMove", "diff", "after"})
public record ScaleInCheck(
    List<String> hosts, List<Finding> findings, Plan after, PlanDiff diff, long bytesToMove) {

  public ScaleInCheck {
    hosts = List.copyOf(hosts);
    findings = List.copyOf(findings);
  }

  /** No ERROR finding: the scale-in may start. */
  @JsonProperty(value = "ok", access = JsonProperty.Access.READ_ONLY)
  public boolean ok() {
    return findings.stream().noneMatch(Finding::isError);
  }

  @JsonIgnore
  public List<Finding> errors() {
    return findings.stream().filter(Finding::isError).toList();
  }

  @JsonIgnore
  public List<Finding> warnings() {
    return findings.stream().filter(f -> !f.isError()).toList();
  }
}
