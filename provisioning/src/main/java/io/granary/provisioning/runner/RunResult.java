package io.granary.provisioning.runner;

import io.granary.provisioning.runner.AnsibleEvent.TaskResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a playbook run ended.
 *
 * @param stats the play recap per host; empty when ansible-playbook died before it
 * @param failures failed and unreachable task results of hosts the recap counts as failed (a
 *     failure under ignore_errors or rescued by a block does not fail the run)
 * @param stderrTail the last lines ansible-playbook wrote to stderr (errors before any task)
 */
public record RunResult(
    int exitCode,
    boolean cancelled,
    Map<String, HostStats> stats,
    List<TaskResult> failures,
    List<String> stderrTail) {

  public boolean succeeded() {
    return !cancelled && exitCode == 0 && stats.values().stream().noneMatch(HostStats::failed);
  }

  public Map<String, Integer> changedPerHost() {
    Map<String, Integer> m = new LinkedHashMap<>();
    stats.forEach((h, s) -> m.put(h, s.changed()));
    return m;
  }

  public int totalChanged() {
    return stats.values().stream().mapToInt(HostStats::changed).sum();
  }

  /** One line for an operation's result: why it failed, or what changed. */
  public String summary() {
    if (cancelled) {
      return "cancelled";
    }
    if (succeeded()) {
      return "ok: " + stats.size() + " host(s), " + totalChanged() + " change(s)";
    }
    if (!failures.isEmpty()) {
      TaskResult f = failures.get(0);
      return "failed: ["
          + f.host()
          + "] "
          + f.task()
          + (f.message() == null ? "" : ": " + f.message())
          + (failures.size() > 1 ? " (and " + (failures.size() - 1) + " more)" : "");
    }
    String why =
        switch (exitCode) {
          case 1 -> "error";
          case 2 -> "one or more hosts failed";
          case 3 -> "one or more hosts unreachable";
          case 4 -> "parser error in the playbook or inventory";
          case 5 -> "bad or incomplete options";
          case 99 -> "interrupted";
          case 250 -> "unexpected error";
          default -> "exit code " + exitCode;
        };
    return "failed: ansible-playbook "
        + why
        + " (exit "
        + exitCode
        + ")"
        + (stderrTail.isEmpty() ? "" : ": " + stderrTail.get(stderrTail.size() - 1));
  }
}
