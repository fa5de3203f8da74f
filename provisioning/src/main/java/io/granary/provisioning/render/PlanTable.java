package io.granary.provisioning.render;

import io.granary.provisioning.PlanResult;
import io.granary.provisioning.model.ConfigFile;
import io.granary.provisioning.model.ConfigValue;
import io.granary.provisioning.model.Finding;
import io.granary.provisioning.model.Kerberos;
import io.granary.provisioning.model.Plan;
import io.granary.provisioning.model.PlannedHost;
import io.granary.provisioning.model.Provenance;
import io.granary.provisioning.model.Role;
import io.granary.provisioning.sizing.HeapSize;
import io.granary.provisioning.vsphere.PlannedDisk;
import io.granary.provisioning.vsphere.PlannedVm;
import io.granary.provisioning.vsphere.VmPlan;
import io.granary.provisioning.vsphere.VspherePlanResult;
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
          .append('\n')
          .append(kerberos(plan.kerberos()))
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

  /**
   * A vSphere plan: the VMs (one line each, then every setting with its provenance), then the host
   * plan of the install on them; the findings when there is no plan.
   */
  public static String render(VspherePlanResult result) {
    VmPlan vms = result.vms();
    if (vms == null) {
      return render(result.hostPlan());
    }
    StringBuilder out = new StringBuilder();
    out.append("VMs of cluster ")
        .append(vms.cluster())
        .append(" in ")
        .append(vms.datacenter().value())
        .append(" / ")
        .append(vms.computeCluster().value())
        .append(vms.resourcePool() == null ? "" : " / " + vms.resourcePool().value())
        .append(", folder ")
        .append(vms.folder().value())
        .append(", template ")
        .append(vms.template().value())
        .append('\n');
    if (vms.drsRule() != null) {
      out.append("DRS rule ")
          .append(vms.drsRule().name().value())
          .append(" (anti-affinity, mandatory): ")
          .append(String.join(", ", vms.drsRule().vms()))
          .append('\n');
    }
    out.append('\n');
    List<List<String>> rows = new ArrayList<>();
    rows.add(
        List.of(
            "VM", "ESXI HOST", "RACK", "VCPU", "MEMORY", "CPU RES", "LATENCY", "MTU", "ROLES",
            "DISKS"));
    for (PlannedVm vm : vms.vms()) {
      rows.add(
          List.of(
              vm.vmName(),
              vm.esxiHost().value(),
              vm.rack().value(),
              vm.vcpu().value() + " (" + vm.coresPerSocket().value() + "/socket)",
              HeapSize.human(vm.memoryMbValue())
                  + (Boolean.parseBoolean(vm.memoryReservationLock().value()) ? " locked" : ""),
              vm.cpuReservationMhz().value() + " MHz",
              vm.latencySensitivity().value(),
              vm.mtu().value(),
              vm.roles().value(),
              vm.disks().isEmpty()
                  ? "none (" + vm.dataDirs().value() + " on the template's disk)"
                  : vm.disks().stream()
                      .map(
                          d ->
                              d.datastore().value()
                                  + " "
                                  + d.sizeGb().value()
                                  + " GiB "
                                  + d.type().value())
                      .collect(Collectors.joining(", "))));
    }
    table(out, rows);
    out.append('\n');
    List<List<String>> settings = new ArrayList<>();
    settings.add(List.of("VM", "SETTING", "VALUE", "SOURCE", "RULE"));
    for (PlannedVm vm : vms.vms()) {
      String n = vm.vmName();
      settings.add(setting(n, "roles", vm.roles()));
      settings.add(setting(n, "esxi_host", vm.esxiHost()));
      settings.add(setting(n, "rack", vm.rack()));
      settings.add(setting(n, "num_cpus", vm.vcpu()));
      settings.add(setting(n, "cores_per_socket", vm.coresPerSocket()));
      settings.add(setting(n, "memory_mb", vm.memoryMb()));
      settings.add(setting(n, "memory_reservation_lock", vm.memoryReservationLock()));
      settings.add(setting(n, "cpu_reservation_mhz", vm.cpuReservationMhz()));
      settings.add(setting(n, "latency_sensitivity", vm.latencySensitivity()));
      settings.add(setting(n, "network", vm.network()));
      settings.add(setting(n, "device_type", vm.deviceType()));
      settings.add(setting(n, "mtu", vm.mtu()));
      vm.advancedSettings().forEach((k, v) -> settings.add(setting(n, k, v)));
      for (int i = 0; i < vm.disks().size(); i++) {
        PlannedDisk d = vm.disks().get(i);
        String at = "disks[" + i + "].";
        settings.add(setting(n, at + "datastore", d.datastore()));
        settings.add(setting(n, at + "size_gb", d.sizeGb()));
        settings.add(setting(n, at + "type", d.type()));
        settings.add(setting(n, at + "controller", d.controller()));
        settings.add(setting(n, at + "unit", d.unit()));
        settings.add(setting(n, at + "mount", d.mountPoint()));
      }
      settings.add(setting(n, "data_dirs", vm.dataDirs()));
    }
    table(out, settings);
    out.append('\n').append(render(result.hostPlan()));
    return out.toString();
  }

  /** One line: off, or the realm, where the KDC is, the protection levels. */
  static String kerberos(Kerberos k) {
    if (k == null) {
      return "Kerberos off";
    }
    return "Kerberos on: realm "
        + k.realm()
        + (k.managed()
            ? ", managed KDC on " + k.kdcHost()
            : ", existing KDCs "
                + String.join(" ", k.kdcs())
                + " (kadmin "
                + k.adminServer()
                + " as "
                + k.adminPrincipal()
                + ")")
        + ", RPC protection "
        + k.rpcProtection()
        + ", data transfer protection "
        + k.dataTransferProtection()
        + ", control plane "
        + k.controlPlanePrincipal();
  }

  private static List<String> setting(String vm, String key, ConfigValue v) {
    return List.of(vm, key, v.value(), v.source().name(), v.rule() == null ? "" : v.rule());
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
