package io.granary.provisioning.render;

import io.granary.provisioning.PlanResult;
import io.granary.provisioning.model.ConfigFile;
import io.granary.provisioning.model.ConfigValue;
import io.granary.provisioning.model.Finding;
import io.granary.provisioning.model.Plan;
import io.granary.provisioning.model.PlannedHost;
import io.granary.provisioning.model.Provenance;
import io.granary.provisioning.model.Role;
import io.granary.provisioning.sizing.HeapSize;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** The plan as plain-text tables, for the CLI (the console renders the JSON itself). */
public final class PlanTable {
  private PlanTable() {}

  public static String render(PlanResult result) {
    StringBuilder out = new StringBuilder();
    Plan plan = result.plan();
    if (plan != null) {
      out.append("Cluster ")
          .append(plan.cluster())
          .append(": profile ")
          .append(plan.profile())
          .append(", workload ")
          .append(plan.workload())
          .append(", ")
          .append(plan.hosts().size())
          .append(" host(s), ssh user ")
          .append(plan.sshUser())
          .append("\nHA ")
          .append(plan.ha().enabled() ? "on" : "off")
          .append(plan.ha().source() == Provenance.USER_OVERRIDE ? ", given (" : ", chosen (")
          .append(plan.ha().rule())
          .append(")")
          .append(
              plan.ha().nameservice() == null
                  ? ""
                  : ": every client uses the nameservice hdfs://" + plan.ha().nameservice())
          .append("\n\n");
      List<List<String>> hosts = new ArrayList<>();
      hosts.add(List.of("HOST", "ADDRESS", "RACK", "CORES", "RAM", "ROLES", "HEAPS"));
      for (PlannedHost h : plan.hosts()) {
        hosts.add(
            List.of(
                h.hostname(),
                h.address(),
                h.rack(),
                Integer.toString(h.cores()),
                HeapSize.human(h.ramMb()),
                h.roles().stream().map(Role::id).collect(Collectors.joining(" ")),
                h.heaps().entrySet().stream()
                    .map(e -> e.getKey().id() + " " + e.getValue().value())
                    .collect(Collectors.joining(", "))));
      }
      table(out, hosts);
      out.append("\nErasure-coding policies to enable: ")
          .append(
              plan.erasureCodingPolicies().isEmpty()
                  ? "none"
                  : String.join(", ", plan.erasureCodingPolicies()))
          .append("\n\n");
      List<List<String>> config = new ArrayList<>();
      config.add(List.of("WHERE", "FILE", "KEY", "VALUE", "SOURCE", "RULE"));
      for (ConfigFile f : ConfigFile.values()) {
        plan.config().get(f).forEach((k, v) -> config.add(row("all", f.id(), k, v)));
      }
      for (Role r : Role.values()) {
        for (ConfigFile f : ConfigFile.values()) {
          plan.roleValues(r, f).forEach((k, v) -> config.add(row("group " + r.id(), f.id(), k, v)));
        }
      }
      for (PlannedHost h : plan.hosts()) {
        for (ConfigFile f : ConfigFile.values()) {
          h.config().get(f).forEach((k, v) -> config.add(row(h.hostname(), f.id(), k, v)));
        }
        h.heaps().forEach((r, v) -> config.add(row(h.hostname(), "jvm-heaps", r.id(), v)));
        h.jvmOpts().forEach((r, v) -> config.add(row(h.hostname(), "jvm-opts", r.id(), v)));
      }
      table(out, config);
    }
    for (Finding f : result.findings()) {
      out.append(plan == null ? "" : "\n").append(f).append('\n');
    }
    return out.toString();
  }

  private static List<String> row(String where, String file, String key, ConfigValue v) {
    return List.of(
        where, file, key, v.value(), v.source().name(), v.rule() == null ? "" : v.rule());
  }

  private static void table(StringBuilder out, List<List<String>> rows) {
    int cols = rows.get(0).size();
    int[] width = new int[cols];
    for (List<String> r : rows) {
      for (int c = 0; c < cols - 1; c++) {
        width[c] = Math.max(width[c], r.get(c).length());
      }
    }
    for (List<String> r : rows) {
      StringBuilder line = new StringBuilder();
      for (int c = 0; c < cols; c++) {
        line.append(c < cols - 1 ? String.format("%-" + width[c] + "s  ", r.get(c)) : r.get(c));
      }
      out.append(line.toString().stripTrailing()).append('\n');
    }
  }
}
