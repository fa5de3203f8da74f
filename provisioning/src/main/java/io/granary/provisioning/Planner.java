package io.granary.provisioning;

import io.granary.provisioning.config.ConfigAssembler;
import io.granary.provisioning.config.Overrides;
import io.granary.provisioning.model.ClusterSpec;
import io.granary.provisioning.model.ConfigFile;
import io.granary.provisioning.model.ConfigValue;
import io.granary.provisioning.model.ErasureCodingPolicy;
import io.granary.provisioning.model.FindingCode;
import io.granary.provisioning.model.HighAvailability;
import io.granary.provisioning.model.HostSpec;
import io.granary.provisioning.model.Kerberos;
import io.granary.provisioning.model.Plan;
import io.granary.provisioning.model.PlannedHost;
import io.granary.provisioning.model.Profile;
import io.granary.provisioning.model.Role;
import io.granary.provisioning.model.SpecParseException;
import io.granary.provisioning.placement.Placement;
import io.granary.provisioning.sizing.HeapSize;
import io.granary.provisioning.sizing.Sizing;
import io.granary.provisioning.sizing.Sizing.HostHeaps;
import io.granary.provisioning.validate.Findings;
import io.granary.provisioning.validate.Names;
import io.granary.provisioning.validate.Reachability;
import io.granary.provisioning.validate.SpecValidator;
import io.granary.provisioning.validate.VsphereSpecValidator;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeSet;

/** ClusterSpec → Plan: validate, place roles, size heaps, assemble config with provenance. */
public final class Planner {
  private final Reachability reachability;

  /** A planner without the reachability check (previews, tests, the CLI). */
  public Planner() {
    this(null);
  }

  /**
   * @param reachability checked for every host; null skips it
   */
  public Planner(Reachability reachability) {
    this.reachability = reachability;
  }

  /** Parses and plans; a spec that does not parse becomes an invalid-spec finding. */
  public PlanResult plan(String specText) {
    try {
      return plan(ClusterSpec.parse(specText));
    } catch (SpecParseException e) {
      return new PlanResult(List.of(e.finding()), null);
    }
  }

  /**
   * A bare-metal spec. A vSphere spec is refused with {@code vcenter-facts-required} (and its own
   * shape findings): its hosts are VMs that {@link io.granary.provisioning.vsphere.VspherePlanner}
   * plans from the vCenter's facts.
   */
  public PlanResult plan(ClusterSpec spec) {
    Findings f = new Findings();
    VsphereSpecValidator.infrastructure(spec, f);
    if (spec.onVsphere()) {
      VsphereSpecValidator.validate(spec, f);
      f.add(
          FindingCode.VCENTER_FACTS_REQUIRED,
          "infrastructure",
          "a vSphere spec is planned against the vCenter's facts (datacenter, ESXi hosts,"
              + " datastores, networks): its hosts are the VMs that plan creates");
      return new PlanResult(f.list(), null);
    }
    new SpecValidator(reachability).validate(spec, f);
    Placement placement = Placement.place(spec, f);
    Profile profile = spec.profileOrDefault();
    Map<Role, Integer> heapOverrides = heapOverrides(spec);

    List<HostHeaps> heaps = new ArrayList<>();
    for (int i = 0; i < spec.hosts().size(); i++) {
      HostSpec h = spec.hosts().get(i);
      EnumSet<Role> roles = placement.roles().get(i);
      Integer ram = h.ramMbOrNull();
      HostHeaps hh = Sizing.heaps(roles, ram == null ? 0 : ram, profile, heapOverrides);
      heaps.add(hh);
      String at = "hosts[" + i + "]";
      if (ram != null && ram > 0 && ram < hh.requiredMb() && !f.hasErrorAt(at + ".ram")) {
        f.add(
            FindingCode.RAM_TOO_SMALL,
            at + "." + h.ramField(),
            "%s; %s has %s%s",
            hh.needs(),
            h.nameOrAddress(),
            HeapSize.human(ram),
            smallerProfile(roles, ram, profile, heapOverrides));
      }
      boolean needsDisk =
          roles.contains(Role.DATANODE)
              || roles.contains(Role.NAMENODE)
              || roles.contains(Role.JOURNALNODE)
              || roles.contains(Role.ZOOKEEPER);
      if (needsDisk && h.dataDisks().isEmpty()) {
        f.add(
            FindingCode.NO_DATA_DISKS,
            at + ".dataDisks",
            "the roles %s store data; list at least one data disk (a mount point such as /data/1)",
            roles);
      }
    }
    erasureCoding(spec, placement, f);
    long datanodes = placement.roles().stream().filter(r -> r.contains(Role.DATANODE)).count();
    if (datanodes > 0 && datanodes < 3) {
      f.add(
          FindingCode.LOW_REPLICATION,
          "hosts",
          "%s: dfs.replication is %d, so losing %s can lose data",
          Sizing.count(datanodes, "DataNode"),
          datanodes,
          datanodes == 1 ? "the disk" : "a host");
    }
    if (f.hasErrors()) {
      return new PlanResult(f.list(), null);
    }
    return new PlanResult(f.list(), build(spec, placement, heaps));
  }

  private static Plan build(ClusterSpec spec, Placement placement, List<HostHeaps> heaps) {
    List<PlannedHost> hosts = new ArrayList<>();
    for (int i = 0; i < spec.hosts().size(); i++) {
      HostSpec h = spec.hosts().get(i);
      EnumSet<Role> roles = placement.roles().get(i);
      Map<Role, ConfigValue> opts = new EnumMap<>(Role.class);
      Map<Role, Integer> heapMb = heaps.get(i).heapMb();
      roles.forEach(r -> opts.put(r, Sizing.jvmOpts(r, heapMb.get(r))));
      hosts.add(
          new PlannedHost(
              h.nameOrAddress().trim(),
              h.address().trim(),
              h.rackOrDefault(),
              h.cores(),
              h.ramMbOrNull(),
              new ArrayList<>(
                  new LinkedHashSet<>(h.dataDisks().stream().map(Names::normalizePath).toList())),
              List.copyOf(roles),
              placement.zookeeperIds().get(i),
              heaps.get(i).heaps(),
              opts,
              ConfigAssembler.emptyConfig(),
              new ArrayList<>()));
    }
    var config = ConfigAssembler.assemble(spec, hosts);
    Map<Role, Map<ConfigFile, SortedMap<String, ConfigValue>>> roleConfig =
        new EnumMap<>(Role.class);
    ConfigAssembler.roleConfig(spec, config, hosts).forEach((r, c) -> roleConfig.put(r, frozen(c)));
    List<String> ec =
        new ArrayList<>(
            new LinkedHashSet<>(
                spec.ecPolicies().stream()
                    .map(p -> ErasureCodingPolicy.byName(p).orElseThrow().name())
                    .toList()));
    return new Plan(
        spec.name(),
        spec.profileOrDefault(),
        spec.workloadOrDefault(),
        spec.sshUserOrDefault(),
        HighAvailability.of(spec),
        hosts.stream().map(Planner::frozen).toList(),
        frozen(config),
        List.copyOf(ec),
        Collections.unmodifiableMap(roleConfig),
        Kerberos.of(spec));
  }

  /** An enabled EC policy needs k+m DataNodes; fewer racks than k+m only weakens rack tolerance. */
  private static void erasureCoding(ClusterSpec spec, Placement placement, Findings f) {
    List<String> policies = spec.ecPolicies();
    List<Integer> dn = new ArrayList<>();
    for (int i = 0; i < placement.roles().size(); i++) {
      if (placement.roles().get(i).contains(Role.DATANODE)) {
        dn.add(i);
      }
    }
    if (dn.isEmpty()) {
      return;
    }
    TreeSet<String> racks = new TreeSet<>();
    dn.forEach(i -> racks.add(spec.hosts().get(i).rackOrDefault()));
    for (int i = 0; i < policies.size(); i++) {
      var policy = ErasureCodingPolicy.byName(policies.get(i));
      if (policy.isEmpty()) {
        continue;
      }
      var p = policy.get();
      String at = "erasureCoding.policies[" + i + "]";
      if (dn.size() < p.width()) {
        f.add(
            FindingCode.EC_POLICY_TOO_WIDE,
            at,
            "%s needs %d DataNodes (%d data + %d parity blocks per stripe); the spec has %d",
            p.name(),
            p.width(),
            p.dataUnits(),
            p.parityUnits(),
            dn.size());
      } else if (racks.size() < p.width()) {
        int perRack = (p.width() + racks.size() - 1) / racks.size();
        f.add(
            FindingCode.EC_RACKS_BELOW_WIDTH,
            at,
            "%s spreads %d blocks per stripe over %s: up to %d on one rack, %s its %s, so %s",
            p.name(),
            p.width(),
            Sizing.count(racks.size(), "rack"),
            perRack,
            perRack > p.parityUnits() ? "more than" : "within",
            Sizing.count(p.parityUnits(), "parity block"),
            perRack > p.parityUnits()
                ? "losing a rack makes data unreadable"
                : "the data survives a lost rack");
      }
    }
  }

  /** Points at a smaller profile that would fit, if one does. */
  private static String smallerProfile(
      EnumSet<Role> roles, int ram, Profile profile, Map<Role, Integer> overrides) {
    for (int o = profile.ordinal() - 1; o >= 0; o--) {
      Profile p = Profile.values()[o];
      if (Sizing.heaps(roles, ram, p, overrides).requiredMb() <= ram) {
        return " (profile " + p.id() + " would fit)";
      }
    }
    return "";
  }

  private static Map<Role, Integer> heapOverrides(ClusterSpec spec) {
    Map<Role, Integer> m = new EnumMap<>(Role.class);
    Map<String, Object> heaps = spec.overrides().get(Overrides.JVM_HEAPS);
    if (heaps != null) {
      heaps.forEach(
          (k, v) -> Role.byId(k).ifPresent(r -> HeapSize.parseMb(v).ifPresent(mb -> m.put(r, mb))));
    }
    return m;
  }

  private static PlannedHost frozen(PlannedHost h) {
    return new PlannedHost(
        h.hostname(),
        h.address(),
        h.rack(),
        h.cores(),
        h.ramMb(),
        List.copyOf(h.dataDisks()),
        h.roles(),
        h.zookeeperId(),
        Collections.unmodifiableMap(new EnumMap<>(h.heaps())),
        Collections.unmodifiableMap(new EnumMap<>(h.jvmOpts())),
        frozen(h.config()),
        List.copyOf(h.dirs()));
  }

  private static Map<ConfigFile, SortedMap<String, ConfigValue>> frozen(
      Map<ConfigFile, SortedMap<String, ConfigValue>> c) {
    Map<ConfigFile, SortedMap<String, ConfigValue>> m = new EnumMap<>(ConfigFile.class);
    c.forEach((k, v) -> m.put(k, Collections.unmodifiableSortedMap(v)));
    return Collections.unmodifiableMap(m);
  }
}
