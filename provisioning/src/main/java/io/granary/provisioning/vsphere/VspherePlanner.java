package io.granary.provisioning.vsphere;

import io.granary.provisioning.PlanResult;
import io.granary.provisioning.Planner;
import io.granary.provisioning.model.ClusterSpec;
import io.granary.provisioning.model.ConfigValue;
import io.granary.provisioning.model.ErasureCodingPolicy;
import io.granary.provisioning.model.Finding;
import io.granary.provisioning.model.FindingCode;
import io.granary.provisioning.model.HighAvailability;
import io.granary.provisioning.model.HostSpec;
import io.granary.provisioning.model.Mappers;
import io.granary.provisioning.model.NodeGroup;
import io.granary.provisioning.model.Plan;
import io.granary.provisioning.model.Provenance;
import io.granary.provisioning.model.Role;
import io.granary.provisioning.model.SpecParseException;
import io.granary.provisioning.model.VsphereSpec;
import io.granary.provisioning.sizing.Sizing;
import io.granary.provisioning.validate.Findings;
import io.granary.provisioning.validate.Names;
import io.granary.provisioning.validate.Reachability;
import io.granary.provisioning.validate.VsphereSpecValidator;
import io.granary.provisioning.vsphere.VcenterFacts.ComputeCluster;
import io.granary.provisioning.vsphere.VcenterFacts.Datacenter;
import io.granary.provisioning.vsphere.VcenterFacts.Datastore;
import io.granary.provisioning.vsphere.VcenterFacts.EsxiHost;
import io.granary.provisioning.vsphere.VcenterFacts.Network;
import io.granary.provisioning.vsphere.VcenterFacts.Template;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A vSphere spec + the vCenter's facts → the VMs to create (each setting with its provenance) and
 * the host plan of the install on them (docs/adr/0015-vsphere.md).
 *
 * <p>Every VM becomes a host of a bare-metal spec (hostname = VM name, cores = vCPU, RAM = memory,
 * one data disk {@code /data/n} per datastore, rack = its ESXi host, explicit roles) that the
 * ordinary {@link Planner} plans, so heaps follow the VM's memory and every bare-metal check
 * applies; its findings point back at the node group ({@code hosts[2].ramMb} →
 * {@code vsphere.nodeGroups[1].memoryGb}). Nothing is planned while any finding is an error.
 */
public final class VspherePlanner {
  static final long GIB = 1024L * 1024 * 1024;
  static final int JUMBO_MTU = 9000;
  static final int STANDARD_MTU = 1500;
  static final int DATA_CONTROLLER = 1;
  static final int CONTROLLER_UNIT = 7;
  static final String VMXNET3 = "vmxnet3";
  static final String HIGH = "high";

  private static final Pattern HOST_FIELD = Pattern.compile("^hosts\\[(\\d+)\\](.*)$");
  private static final Pattern HOST_REF = Pattern.compile("hosts\\[(\\d+)\\]");
  private static final Pattern RACK_UNSAFE = Pattern.compile("[^A-Za-z0-9._-]");

  private final VcenterFacts facts;
  private final Reachability reachability;

  public VspherePlanner(VcenterFacts facts) {
    this(facts, null);
  }

  /**
   * @param reachability checked for every VM's address (once the addresses are known); null skips
   *     it
   */
  public VspherePlanner(VcenterFacts facts, Reachability reachability) {
    this.facts = facts == null ? new VcenterFacts(null, null, null) : facts;
    this.reachability = reachability;
  }

  /** Reads facts as the control plane stores them (JSON, {@link VcenterFacts}). */
  public static VcenterFacts readFacts(Path file) throws IOException {
    return parseFacts(Files.readString(file));
  }

  /** Facts from JSON; a document that is not {@link VcenterFacts} is the caller's error. */
  public static VcenterFacts parseFacts(String json) {
    try {
      return Mappers.JSON.readValue(json, VcenterFacts.class);
    } catch (IOException e) {
      throw new UncheckedIOException("not vCenter facts: " + e.getMessage(), e);
    }
  }

  /** Parses and plans; a spec that does not parse becomes an invalid-spec finding. */
  public VspherePlanResult plan(String specText) {
    try {
      return plan(ClusterSpec.parse(specText));
    } catch (SpecParseException e) {
      return new VspherePlanResult(List.of(e.finding()), null, null, null);
    }
  }

  /** Before the VMs exist: each VM's address is its name (a placeholder for the preview). */
  public VspherePlanResult plan(ClusterSpec spec) {
    return plan(spec, Map.of());
  }

  /**
   * @param addresses VM name → the guest's address (from {@code vms.json} once the VMs run); a VM
   *     left out is addressed by its name
   */
  public VspherePlanResult plan(ClusterSpec spec, Map<String, String> addresses) {
    if (!spec.onVsphere()) {
      // a bare-metal (or unknown) infrastructure: the ordinary planner answers
      PlanResult r = new Planner(reachability).plan(spec);
      return new VspherePlanResult(r.findings(), null, r.ok() ? spec : null, r.plan());
    }
    Findings f = new Findings();
    VsphereSpecValidator.validate(spec, f);
    VsphereSpec v = spec.vsphere();
    if (v == null || f.hasErrorAt("vsphere.nodeGroups")) {
      return failed(f.list());
    }
    List<Vm> vms = vms(spec, v);
    Datacenter dc = datacenter(v, f);
    ComputeCluster cluster = dc == null ? null : computeCluster(dc, v, f);
    Network network = dc == null ? null : network(dc, v, f);
    if (dc != null) {
      template(dc, v, f);
      datastores(dc, v, vms, f);
    }
    if (cluster != null) {
      placeOnEsxiHosts(cluster, v, vms, f);
    }
    if (vms.stream().allMatch(vm -> vm.esxi != null)) {
      erasureCoding(spec, vms, f);
    }
    boolean ha = ha(spec, vms);
    roles(spec, vms, ha, f);
    unknownAddresses(vms, addresses, f);

    if (spec.name() == null || !Names.isClusterName(spec.name())) {
      // every VM name would be wrong too: report the name once
      f.add(
          FindingCode.INVALID_CLUSTER_NAME,
          "name",
          "name is required: lowercase letters, digits and '-', starting with a letter; VMs are"
              + " named <cluster>-<group>-<n>");
      return failed(f.list());
    }
    ClusterSpec hostSpec = hostSpec(spec, vms, addresses, ha);
    PlanResult hosts = new Planner(reachability).plan(hostSpec);
    List<Finding> all = new ArrayList<>(f.list());
    for (Finding h : hosts.findings()) {
      Finding mapped = mapped(h, vms);
      boolean dup =
          all.stream()
              .anyMatch(a -> a.code() == mapped.code() && a.field().equals(mapped.field()));
      if (!dup) {
        all.add(mapped);
      }
    }
    if (all.stream().anyMatch(Finding::isError)) {
      return failed(all);
    }
    VmPlan vmPlan = vmPlan(spec, v, dc, cluster, network, vms);
    Plan plan = spec.ha() == null ? withHaRule(hosts.plan(), vms, ha) : hosts.plan();
    return new VspherePlanResult(List.copyOf(all), vmPlan, hostSpec, plan);
  }

  private static VspherePlanResult failed(List<Finding> findings) {
    return new VspherePlanResult(List.copyOf(findings), null, null, null);
  }

  /** One VM of the plan while it is worked out. */
  private static final class Vm {
    final int group;
    final int ordinal;
    final NodeGroup g;
    final String name;
    final int memoryMb;
    EsxiHost esxi;
    String esxiReason;
    EnumSet<Role> roles = EnumSet.noneOf(Role.class);
    ConfigValue rolesValue;

    Vm(int group, int ordinal, NodeGroup g, String cluster) {
      this.group = group;
      this.ordinal = ordinal;
      this.g = g;
      this.name = cluster + "-" + g.name() + "-" + ordinal;
      // vSphere takes memory in multiples of 4 MB
      this.memoryMb = (int) (Math.round(g.memoryGb() * 1024 / 4) * 4);
    }

    boolean worker() {
      return g.worker();
    }

    boolean hasDisks() {
      return g.dataDiskGb() != null;
    }

    String at() {
      return "vsphere.nodeGroups[" + group + "]";
    }
  }

  private static List<Vm> vms(ClusterSpec spec, VsphereSpec v) {
    List<Vm> vms = new ArrayList<>();
    for (int i = 0; i < v.nodeGroups().size(); i++) {
      NodeGroup g = v.nodeGroups().get(i);
      for (int n = 1; n <= g.count(); n++) {
        vms.add(new Vm(i, n, g, spec.name()));
      }
    }
    return vms;
  }

  // ---- checks against the vCenter's facts ----

  private Datacenter datacenter(VsphereSpec v, Findings f) {
    if (v.datacenter() == null || v.datacenter().isBlank()) {
      return null;
    }
    Datacenter dc = facts.datacenter(v.datacenter()).orElse(null);
    if (dc == null) {
      f.add(
          FindingCode.UNKNOWN_DATACENTER,
          "vsphere.datacenter",
          "vCenter has no datacenter '%s'; it has %s",
          v.datacenter(),
          names(facts.datacenters().stream().map(Datacenter::name).toList()));
    }
    return dc;
  }

  private static ComputeCluster computeCluster(Datacenter dc, VsphereSpec v, Findings f) {
    if (v.cluster() == null || v.cluster().isBlank()) {
      return null;
    }
    ComputeCluster c = dc.cluster(v.cluster()).orElse(null);
    if (c == null) {
      f.add(
          FindingCode.UNKNOWN_COMPUTE_CLUSTER,
          "vsphere.cluster",
          "datacenter %s has no compute cluster '%s'; it has %s",
          dc.name(),
          v.cluster(),
          names(dc.clusters().stream().map(ComputeCluster::name).toList()));
      return null;
    }
    if (v.resourcePool() != null
        && !v.resourcePool().isBlank()
        && !c.resourcePools().contains(strip(v.resourcePool()))) {
      f.add(
          FindingCode.UNKNOWN_RESOURCE_POOL,
          "vsphere.resourcePool",
          "compute cluster %s has no resource pool '%s'; it has %s",
          c.name(),
          v.resourcePool(),
          names(c.resourcePools()));
    }
    return c;
  }

  private static Network network(Datacenter dc, VsphereSpec v, Findings f) {
    if (v.network() == null || v.network().isBlank()) {
      return null;
    }
    Network n = dc.network(v.network()).orElse(null);
    if (n == null) {
      f.add(
          FindingCode.UNKNOWN_NETWORK,
          "vsphere.network",
          "datacenter %s has no network '%s'; it has %s",
          dc.name(),
          v.network(),
          names(dc.networks().stream().map(Network::name).toList()));
    }
    return n;
  }

  private static void template(Datacenter dc, VsphereSpec v, Findings f) {
    if (v.template() == null || v.template().isBlank()) {
      return;
    }
    Template t = dc.template(v.template()).orElse(null);
    if (t == null) {
      f.add(
          FindingCode.UNKNOWN_TEMPLATE,
          "vsphere.template",
          "datacenter %s has no template '%s'; it has %s",
          dc.name(),
          v.template(),
          names(dc.templates().stream().map(Template::name).toList()));
      return;
    }
    List<String> nics = t.nicTypes().stream().map(VspherePlanner::nicType).toList();
    if (!nics.isEmpty() && !nics.contains(VMXNET3)) {
      // vmware_guest cannot change the type of a NIC a clone already has
      f.add(
          FindingCode.TEMPLATE_NIC_TYPE,
          "vsphere.template",
          "template %s has %s NIC(s); a clone keeps its NIC's type, so rebuild the template with"
              + " a vmxnet3 NIC",
          t.name(),
          String.join(", ", nics));
    }
  }

  /** "VirtualVmxnet3" (govc's class name) and "vmxnet3" alike. */
  static String nicType(String t) {
    String s = t == null ? "" : t.toLowerCase(Locale.ROOT);
    return s.startsWith("virtual") ? s.substring("virtual".length()) : s;
  }

  /** Each VM with data disks puts one on every listed datastore. */
  private static void datastores(Datacenter dc, VsphereSpec v, List<Vm> vms, Findings f) {
    for (int i = 0; i < v.datastores().size(); i++) {
      String name = v.datastores().get(i);
      if (name == null || name.isBlank()) {
        continue;
      }
      String at = "vsphere.datastores[" + i + "]";
      Datastore ds = dc.datastore(name).orElse(null);
      if (ds == null) {
        f.add(
            FindingCode.UNKNOWN_DATASTORE,
            at,
            "datacenter %s has no datastore '%s'; it has %s",
            dc.name(),
            name,
            names(dc.datastores().stream().map(Datastore::name).toList()));
        continue;
      }
      Map<Integer, Integer> bySize = new TreeMap<>();
      long gb = 0;
      for (Vm vm : vms) {
        if (vm.hasDisks()) {
          bySize.merge(vm.g.dataDiskGb(), 1, Integer::sum);
          gb += vm.g.dataDiskGb();
        }
      }
      if (ds.freeBytes() != null && ds.freeBytes() < gb * GIB) {
        f.add(
            FindingCode.DATASTORE_TOO_SMALL,
            at,
            "%s has %s free; the plan puts %s on it: %s = %d GiB",
            name,
            gib(ds.freeBytes()),
            Sizing.count(bySize.values().stream().mapToInt(Integer::intValue).sum(), "data disk"),
            bySize.entrySet().stream()
                .map(e -> e.getValue() + " × " + e.getKey() + " GiB")
                .collect(Collectors.joining(" + ")),
            gb);
      }
    }
  }

  /**
   * Workers round-robin over the cluster's connected hosts (one each under the anti-affinity
   * rule), then each master on the host holding the fewest VMs so far.
   */
  private static void placeOnEsxiHosts(ComputeCluster c, VsphereSpec v, List<Vm> vms, Findings f) {
    List<EsxiHost> hosts = c.connectedHosts();
    List<Vm> workers = vms.stream().filter(Vm::worker).toList();
    if (hosts.isEmpty()) {
      f.add(
          FindingCode.TOO_FEW_ESXI_HOSTS,
          "vsphere.cluster",
          "compute cluster %s has no connected ESXi host out of maintenance mode (%s)",
          c.name(),
          c.hosts().isEmpty()
              ? "it has none"
              : c.hosts().stream()
                  .map(h -> h.name() + " " + h.connectionState()
                      + (Boolean.TRUE.equals(h.inMaintenanceMode()) ? ", in maintenance" : ""))
                  .collect(Collectors.joining("; ")));
      return;
    }
    if (workers.size() > hosts.size()) {
      Set<Integer> groups = new TreeSet<>(workers.stream().map(w -> w.group).toList());
      f.add(
          FindingCode.TOO_FEW_ESXI_HOSTS,
          groups.size() == 1 ? workers.get(0).at() + ".count" : "vsphere.nodeGroups",
          "%s on %s: the anti-affinity rule keeps each worker on its own host, so at most %d"
              + " (connected: %s)",
          Sizing.count(workers.size(), "worker VM"),
          Sizing.count(hosts.size(), "connected ESXi host"),
          hosts.size(),
          hosts.stream().map(EsxiHost::name).collect(Collectors.joining(", ")));
    }
    if (Boolean.FALSE.equals(c.drsEnabled()) && workers.size() > 1) {
      f.add(
          FindingCode.DRS_DISABLED,
          "vsphere.cluster",
          "DRS is off on %s: the workers start on distinct hosts, but nothing enforces the"
              + " anti-affinity rule when VMs move later",
          c.name());
    }
    Map<String, Integer> load = new LinkedHashMap<>();
    hosts.forEach(h -> load.put(h.name(), 0));
    for (int i = 0; i < workers.size(); i++) {
      Vm w = workers.get(i);
      w.esxi = hosts.get(i % hosts.size());
      load.merge(w.esxi.name(), 1, Integer::sum);
      w.esxiReason =
          String.format(
              "worker %d of %d, round-robin over %s's %s (the anti-affinity rule keeps workers"
                  + " apart)",
              i + 1,
              workers.size(),
              c.name(),
              Sizing.count(hosts.size(), "connected ESXi host"));
    }
    for (Vm m : vms) {
      if (m.worker()) {
        continue;
      }
      EsxiHost best = hosts.get(0);
      for (EsxiHost h : hosts) {
        if (load.get(h.name()) < load.get(best.name())) {
          best = h;
        }
      }
      m.esxi = best;
      m.esxiReason =
          String.format(
              "the connected host of %s with the fewest planned VMs (%d before this one)",
              c.name(),
              load.get(best.name()));
      load.merge(best.name(), 1, Integer::sum);
    }
    if (HIGH.equals(v.latencySensitivityOrDefault())) {
      tooLarge(vms, f);
    }
  }

  /** High latency sensitivity reserves every vCPU's MHz and all memory on the VM's host. */
  private static void tooLarge(List<Vm> vms, Findings f) {
    Set<String> reported = new LinkedHashSet<>();
    for (Vm vm : vms) {
      EsxiHost h = vm.esxi;
      if (h.cpuCores() != null && vm.g.vcpu() > h.cpuCores() && reported.add(vm.at() + ".vcpu")) {
        f.add(
            FindingCode.VM_EXCEEDS_ESXI_HOST,
            vm.at() + ".vcpu",
            "%s has %d vCPUs but %s has %s: with latency sensitivity high every vCPU needs a"
                + " physical core reserved, so vSphere refuses to power it on",
            vm.name,
            vm.g.vcpu(),
            h.name(),
            Sizing.count(h.cpuCores(), "core"));
      }
      if (h.memoryBytes() != null
          && vm.memoryMb * 1024L * 1024 > h.memoryBytes()
          && reported.add(vm.at() + ".memoryGb")) {
        f.add(
            FindingCode.VM_EXCEEDS_ESXI_HOST,
            vm.at() + ".memoryGb",
            "%s has %d MiB of memory but %s has %s: latency sensitivity high reserves all of it,"
                + " so vSphere refuses to power it on",
            vm.name,
            vm.memoryMb,
            h.name(),
            gib(h.memoryBytes()));
      }
    }
  }

  /** An EC stripe's k+m blocks need k+m racks, and a rack here is an ESXi host. */
  private static void erasureCoding(ClusterSpec spec, List<Vm> vms, Findings f) {
    List<String> policies = spec.ecPolicies();
    Set<String> racks = new TreeSet<>();
    for (Vm vm : vms) {
      if (vm.g.roles() == null ? vm.worker() : vm.g.roles().contains(Role.DATANODE.id())) {
        racks.add(rack(vm.esxi.name()));
      }
    }
    if (racks.isEmpty()) {
      return;
    }
    for (int i = 0; i < policies.size(); i++) {
      ErasureCodingPolicy p = ErasureCodingPolicy.byName(policies.get(i)).orElse(null);
      if (p != null && p.width() > racks.size()) {
        f.add(
            FindingCode.EC_POLICY_TOO_WIDE,
            "erasureCoding.policies[" + i + "]",
            "%s writes %d blocks per stripe (%d data + %d parity) to as many racks; the DataNode"
                + " VMs run on %s (%s), so a host's loss could take more blocks of a stripe than"
                + " parity recovers: add worker VMs on more ESXi hosts or pick a narrower policy",
            p.name(),
            p.width(),
            p.dataUnits(),
            p.parityUnits(),
            Sizing.count(racks.size(), "ESXi host"),
            String.join(", ", racks));
      }
    }
  }

  // ---- roles ----

  /** HA when the spec says so, else from 3 master VMs on (they hold the quorums). */
  private static boolean ha(ClusterSpec spec, List<Vm> vms) {
    if (spec.ha() != null) {
      return spec.ha();
    }
    return masters(vms).size() >= HighAvailability.MIN_HOSTS;
  }

  /** Master VMs whose group lists no roles: the master roles are spread over them. */
  private static List<Vm> masters(List<Vm> vms) {
    return vms.stream().filter(vm -> !vm.worker() && vm.g.roles() == null).toList();
  }

  /**
   * A group's {@code roles} are taken as given; workers run DataNode + RegionServer; the master
   * roles no group lists go to the master VMs as the bare-metal placement puts them on its first
   * hosts. The ordinary planner then checks the result (counts, HA shape).
   */
  private static void roles(ClusterSpec spec, List<Vm> vms, boolean ha, Findings f) {
    Set<Role> explicit = EnumSet.noneOf(Role.class);
    for (Vm vm : vms) {
      if (vm.g.roles() != null) {
        vm.g.roles().stream().map(Role::byId).forEach(r -> r.ifPresent(vm.roles::add));
        explicit.addAll(vm.roles);
        vm.rolesValue =
            ConfigValue.override(ids(vm.roles), "vsphere.nodeGroups[" + vm.group + "].roles");
      } else if (vm.worker()) {
        vm.roles.add(Role.DATANODE);
        vm.roles.add(Role.REGIONSERVER);
        vm.rolesValue =
            ConfigValue.byDefault(
                ids(vm.roles),
                "kind worker: DataNode + RegionServer (co-located for short-circuit reads and"
                    + " locality)");
      }
    }
    List<Vm> masters = masters(vms);
    if (masters.isEmpty()) {
      return;
    }
    if (ha && explicit.isEmpty() && masters.size() < HighAvailability.MIN_HOSTS) {
      f.add(
          FindingCode.HA_TOO_FEW_HOSTS,
          "ha",
          "HA runs 3 ZooKeepers and 3 JournalNodes (a majority survives one lost VM) and 2"
              + " NameNodes on the master VMs; the spec has %s: count 3 master VMs or set ha:"
              + " false",
          Sizing.count(masters.size(), "master VM"));
    }
    Map<Vm, List<String>> why = new LinkedHashMap<>();
    masters.forEach(m -> why.put(m, new ArrayList<>()));
    if (!explicit.contains(Role.ZOOKEEPER)) {
      Integer asked = spec.zookeeperCount();
      int n =
          asked != null ? asked : spec.profileOrDefault().defaultZookeepers(masters.size(), ha);
      if (asked != null && asked > masters.size()) {
        f.add(
            FindingCode.ZOOKEEPER_COUNT,
            "zookeeperCount",
            "%d ZooKeepers run on %d master VMs; the spec has %d",
            asked,
            asked,
            masters.size());
      }
      give(masters, Math.min(n, masters.size()), Role.ZOOKEEPER, why, "ZooKeeper");
    }
    if (ha) {
      if (!explicit.contains(Role.JOURNALNODE)) {
        give(masters, 3, Role.JOURNALNODE, why, "JournalNode");
      }
      if (!explicit.contains(Role.NAMENODE)) {
        give(masters, 2, Role.NAMENODE, why, "NameNode");
        give(masters, 2, Role.ZKFC, why, "ZKFC beside the NameNode");
      }
      if (!explicit.contains(Role.HBASE_MASTER)) {
        // as on bare metal: the 3rd, then nn2's VM, so the first HMaster is never beside nn1
        List<Vm> pick = new ArrayList<>();
        if (masters.size() >= 3) {
          pick.add(masters.get(2));
        }
        if (masters.size() >= 2) {
          pick.add(masters.get(1));
        }
        if (pick.size() < 2) {
          pick.add(masters.get(0));
        }
        for (Vm m : pick) {
          m.roles.add(Role.HBASE_MASTER);
          why.get(m).add("HMaster (the 3rd and 2nd: the first never beside nn1)");
        }
      }
    } else {
      if (!explicit.contains(Role.NAMENODE)) {
        give(masters, 1, Role.NAMENODE, why, "NameNode");
      }
      if (!explicit.contains(Role.HBASE_MASTER)) {
        give(masters, 1, Role.HBASE_MASTER, why, "HMaster");
        if (masters.size() > 1) {
          masters.get(1).roles.add(Role.HBASE_MASTER);
          why.get(masters.get(1)).add("a backup HMaster (the second)");
        }
      }
    }
    for (Vm m : masters) {
      if (m.roles.isEmpty()) {
        m.roles.add(Role.HBASE_MASTER);
        why.get(m).add("a further backup HMaster (the other master roles are placed)");
      }
      m.rolesValue =
          ConfigValue.sized(
              ids(m.roles),
              "kind master"
                  + (ha ? " with HA" : "")
                  + ", "
                  + m.name
                  + " is master VM "
                  + (masters.indexOf(m) + 1)
                  + " of "
                  + masters.size()
                  + ": "
                  + String.join(", ", why.get(m)));
    }
  }

  /** The role on the first n master VMs. */
  private static void give(
      List<Vm> masters, int n, Role role, Map<Vm, List<String>> why, String what) {
    int k = Math.min(n, masters.size());
    for (int i = 0; i < k; i++) {
      masters.get(i).roles.add(role);
      String where = k == 1 ? " (on the first)" : " (on the first " + k + ")";
      why.get(masters.get(i)).add(what + where);
    }
  }

  private static String ids(Set<Role> roles) {
    return roles.stream().map(Role::id).collect(Collectors.joining(" "));
  }

  private static void unknownAddresses(List<Vm> vms, Map<String, String> addresses, Findings f) {
    Set<String> names = vms.stream().map(vm -> vm.name).collect(Collectors.toSet());
    for (String name : new TreeSet<>(addresses.keySet())) {
      if (!names.contains(name)) {
        f.add(
            FindingCode.INVALID_ADDRESS,
            "addresses[\"" + name + "\"]",
            "no VM of this plan is named %s",
            name);
      }
    }
  }

  // ---- the host plan ----

  private static ClusterSpec hostSpec(
      ClusterSpec spec, List<Vm> vms, Map<String, String> addresses, boolean ha) {
    List<HostSpec> hosts = new ArrayList<>();
    for (Vm vm : vms) {
      hosts.add(
          new HostSpec(
              addresses.getOrDefault(vm.name, vm.name),
              vm.name,
              vm.g.vcpu(),
              null,
              vm.memoryMb,
              dataDirs(vm, spec.vsphere()),
              vm.esxi == null ? null : rack(vm.esxi.name()),
              vm.roles.stream().map(Role::id).toList()));
    }
    return new ClusterSpec(
        spec.name(),
        spec.profile(),
        spec.workload(),
        spec.sshUser(),
        ha,
        spec.zookeeperCount(),
        hosts,
        spec.erasureCoding(),
        spec.overrides(),
        spec.roleOverrides(),
        null,
        null,
        spec.security());
  }

  /** One mount point per data disk, or one directory on the template's disk without any. */
  private static List<String> dataDirs(Vm vm, VsphereSpec v) {
    if (!vm.hasDisks() || v.datastores().isEmpty()) {
      return List.of("/data/1");
    }
    List<String> dirs = new ArrayList<>();
    for (int i = 1; i <= v.datastores().size(); i++) {
      dirs.add("/data/" + i);
    }
    return dirs;
  }

  /** A rack path from an ESXi host's name ("esx01.example.com" → "/esx01.example.com"). */
  static String rack(String esxiHost) {
    return "/" + RACK_UNSAFE.matcher(esxiHost).replaceAll("-");
  }

  /** A finding of the host plan, pointed at the node group (or address) it comes from. */
  private static Finding mapped(Finding h, List<Vm> vms) {
    String message = h.message();
    Matcher ref = HOST_REF.matcher(message);
    StringBuilder sb = new StringBuilder();
    while (ref.find()) {
      int i = Integer.parseInt(ref.group(1));
      ref.appendReplacement(sb, i < vms.size() ? vms.get(i).name : ref.group());
    }
    ref.appendTail(sb);
    message = sb.toString();
    String field = h.field();
    if (field.equals("hosts")) {
      return Finding.of(h.code(), "vsphere.nodeGroups", message);
    }
    Matcher m = HOST_FIELD.matcher(field);
    if (!m.matches() || Integer.parseInt(m.group(1)) >= vms.size()) {
      return Finding.of(h.code(), field, message);
    }
    Vm vm = vms.get(Integer.parseInt(m.group(1)));
    String rest = m.group(2);
    String to;
    if (rest.startsWith(".address")) {
      to = "addresses[\"" + vm.name + "\"]";
    } else if (rest.startsWith(".ram")) {
      to = vm.at() + ".memoryGb";
    } else if (rest.startsWith(".cores")) {
      to = vm.at() + ".vcpu";
    } else if (rest.startsWith(".dataDisks")) {
      to = vm.hasDisks() ? vm.at() + ".dataDiskGb" : vm.at();
    } else if (rest.startsWith(".roles")) {
      to = vm.at() + (vm.g.roles() != null ? ".roles" : ".kind");
    } else if (rest.startsWith(".hostname")) {
      to = vm.at() + ".name";
    } else {
      to = vm.at();
    }
    boolean named = message.contains(vm.name);
    return Finding.of(h.code(), to, named ? message : vm.name + ": " + message);
  }

  /** The plan's HA with the vSphere rule (master VMs, not hosts) when the spec left it out. */
  private static Plan withHaRule(Plan p, List<Vm> vms, boolean ha) {
    HighAvailability rule =
        new HighAvailability(
            ha,
            Provenance.SIZING_RULE,
            String.format(
                "ha left out: %s %d master VMs; the spec has %d",
                ha ? "on from" : "off below",
                HighAvailability.MIN_HOSTS,
                masters(vms).size()),
            p.ha().nameservice());
    return new Plan(
        p.cluster(),
        p.profile(),
        p.workload(),
        p.sshUser(),
        rule,
        p.hosts(),
        p.config(),
        p.erasureCodingPolicies(),
        p.roleConfig(),
        p.kerberos());
  }

  // ---- the VM plan ----

  private static VmPlan vmPlan(
      ClusterSpec spec,
      VsphereSpec v,
      Datacenter dc,
      ComputeCluster cluster,
      Network network,
      List<Vm> vms) {
    List<PlannedVm> planned = new ArrayList<>();
    for (Vm vm : vms) {
      planned.add(plannedVm(spec, v, network, vm));
    }
    List<String> workers = vms.stream().filter(Vm::worker).map(vm -> vm.name).toList();
    DrsRule rule =
        workers.isEmpty()
            ? null
            : new DrsRule(
                ConfigValue.sized(spec.name() + "-workers", "<cluster>-workers"),
                ConfigValue.byDefault(
                    "true",
                    "anti-affinity, mandatory: no two workers on one ESXi host, so a host's loss"
                        + " takes one DataNode's replicas and one block of a stripe"),
                workers);
    String folder = folder(v.folder(), spec.name());
    return new VmPlan(
        spec.name(),
        ConfigValue.override(dc.name(), "vsphere.datacenter"),
        ConfigValue.override(cluster.name(), "vsphere.cluster"),
        v.resourcePool() == null
            ? null
            : ConfigValue.override(strip(v.resourcePool()), "vsphere.resourcePool"),
        v.folder() == null
            ? ConfigValue.byDefault(
                "/" + dc.name() + "/vm/" + folder,
                "folder left out: granary/<cluster> under the datacenter's VM folder")
            : ConfigValue.override(
                "/" + dc.name() + "/vm/" + folder,
                "vsphere.folder, under the datacenter's VM folder"),
        ConfigValue.override(v.template(), "vsphere.template"),
        rule,
        List.copyOf(planned));
  }

  /** The spec's folder as a path below the datacenter's VM folder. */
  static String folder(String folder, String cluster) {
    return folder == null ? "granary/" + cluster : strip(folder);
  }

  private static String strip(String path) {
    String p = path.strip();
    while (p.startsWith("/")) {
      p = p.substring(1);
    }
    while (p.endsWith("/")) {
      p = p.substring(0, p.length() - 1);
    }
    return p;
  }

  private static PlannedVm plannedVm(ClusterSpec spec, VsphereSpec v, Network network, Vm vm) {
    String g = "vsphere.nodeGroups[" + vm.group + "]";
    EsxiHost h = vm.esxi;
    boolean high = HIGH.equals(v.latencySensitivityOrDefault());
    int vcpu = vm.g.vcpu();
    ConfigValue latency =
        v.latencySensitivity() != null
            ? ConfigValue.override(v.latencySensitivity(), "vsphere.latencySensitivity")
            : ConfigValue.byDefault(
                HIGH,
                "latency sensitivity left out: high, the BDE setting that kept HBase within 7% of"
                    + " native (exclusive physical cores, no interrupt coalescing)");
    ConfigValue memLock =
        high
            ? ConfigValue.sized(
                "true",
                "latency sensitivity high: vSphere requires all of the VM's memory reserved")
            : ConfigValue.byDefault("false", "latency sensitivity normal: no reservation needed");
    ConfigValue cpuRes;
    if (!high) {
      cpuRes = ConfigValue.byDefault("0", "latency sensitivity normal: no reservation needed");
    } else if (h.cpuMhz() == null) {
      cpuRes = ConfigValue.sized("0", h.name() + "'s MHz is unknown: set the reservation by hand");
    } else {
      cpuRes =
          ConfigValue.sized(
              Integer.toString(vcpu * h.cpuMhz()),
              String.format(
                  "%d vCPU × %d MHz (%s): latency sensitivity high requires every vCPU fully"
                      + " reserved",
                  vcpu,
                  h.cpuMhz(),
                  h.name()));
    }
    SortedMap<String, ConfigValue> advanced = new TreeMap<>();
    if (high) {
      advanced.put(
          "ethernet0.ctxPerDev",
          ConfigValue.byDefault(
              "1",
              "the vmxnet3 single-queue choice: a dedicated transmit context for a"
                  + " latency-sensitive VM's NIC"));
    }
    advanced.put(
        "sched.cpu.latencySensitivity",
        new ConfigValue(
            v.latencySensitivityOrDefault(), latency.source(), "the VM's latency sensitivity"));
    List<PlannedDisk> disks = new ArrayList<>();
    if (vm.hasDisks()) {
      for (int i = 0; i < v.datastores().size(); i++) {
        disks.add(disk(v, vm, g, i));
      }
    }
    return new PlannedVm(
        ConfigValue.sized(
            vm.name,
            String.format(
                "<cluster>-<group>-<n>: VM %d of group %s's %d",
                vm.ordinal,
                vm.g.name(),
                vm.g.count())),
        vm.g.name(),
        vm.g.kind(),
        vm.rolesValue,
        ConfigValue.sized(h.name(), vm.esxiReason),
        ConfigValue.sized(
            rack(h.name()),
            "/<ESXi host>: HDFS keeps a block's replicas and a stripe's blocks on distinct racks,"
                + " so on distinct hosts"),
        ConfigValue.override(Integer.toString(vcpu), g + ".vcpu"),
        coresPerSocket(vcpu, h),
        ConfigValue.override(
            Integer.toString(vm.memoryMb),
            String.format("%s.memoryGb %s × 1024", g, plain(vm.g.memoryGb()))),
        memLock,
        cpuRes,
        latency,
        ConfigValue.override(v.network(), "vsphere.network"),
        ConfigValue.byDefault(
            VMXNET3, "the paravirtual NIC: the fewest CPU cycles and exits per packet"),
        mtu(v, network),
        advanced,
        List.copyOf(disks),
        dataDirs(vm, v, g));
  }

  private static PlannedDisk disk(VsphereSpec v, Vm vm, String g, int i) {
    int unit = i < CONTROLLER_UNIT ? i : i + 1; // unit 7 is the controller's own
    String type = v.diskProvisioningOrDefault().toLowerCase(Locale.ROOT);
    return new PlannedDisk(
        ConfigValue.override(v.datastores().get(i), "vsphere.datastores[" + i + "]"),
        ConfigValue.override(Integer.toString(vm.g.dataDiskGb()), g + ".dataDiskGb"),
        v.diskProvisioning() != null
            ? ConfigValue.override(type, "vsphere.diskProvisioning " + v.diskProvisioning())
            : ConfigValue.byDefault(
                type,
                "disk provisioning left out: eager-zeroed thick, so no first write to a block"
                    + " waits for zeroing (BDE)"),
        ConfigValue.byDefault(
            Integer.toString(DATA_CONTROLLER),
            "the data disks' own SCSI controller, apart from the system disk's"),
        ConfigValue.sized(
            Integer.toString(unit),
            "datastores[" + i + "]" + (unit != i ? ", skipping the controller's unit 7" : "")),
        ConfigValue.sized("/data/" + (i + 1), "data disk " + (i + 1) + " of the host plan"));
  }

  private static ConfigValue dataDirs(Vm vm, VsphereSpec v, String g) {
    List<String> dirs = dataDirs(vm, v);
    return vm.hasDisks()
        ? ConfigValue.sized(
            String.join(",", dirs), "one mount point per data disk (one per listed datastore)")
        : ConfigValue.byDefault(
            String.join(",", dirs),
            "no " + g + ".dataDiskGb: the roles' data stays on the template's disk");
  }

  /** One virtual socket while the vCPUs fit the host's cores, else the largest even split. */
  private static ConfigValue coresPerSocket(int vcpu, EsxiHost h) {
    Integer cores = h.cpuCores();
    if (cores == null || vcpu <= cores) {
      return ConfigValue.sized(
          Integer.toString(vcpu),
          String.format(
              "= vCPU: one virtual socket%s, so the guest sees one NUMA node",
              cores == null ? "" : " (" + vcpu + " ≤ " + h.name() + "'s " + cores + " cores)"));
    }
    int per = cores;
    while (vcpu % per != 0) {
      per--;
    }
    return ConfigValue.sized(
        Integer.toString(per),
        String.format(
            "%d vCPU > %s's %d cores: %d sockets of %d", vcpu, h.name(), cores, vcpu / per, per));
  }

  /** Jumbo frames only where the network carries them end to end. */
  private static ConfigValue mtu(VsphereSpec v, Network n) {
    if (n != null && n.mtu() != null && n.mtu() >= JUMBO_MTU) {
      return ConfigValue.sized(
          Integer.toString(JUMBO_MTU),
          String.format(
              "network %s has MTU %d: jumbo frames, fewer packets per HDFS block",
              n.name(),
              n.mtu()));
    }
    return ConfigValue.sized(
        Integer.toString(STANDARD_MTU),
        n == null || n.mtu() == null
            ? "network " + v.network() + "'s MTU is unknown: 1500, which every network carries"
            : String.format(
                "network %s has MTU %d: jumbo frames (9000) would be dropped", n.name(), n.mtu()));
  }

  private static String plain(Double d) {
    return d == Math.rint(d) ? Long.toString(d.longValue()) : d.toString();
  }

  private static String gib(long bytes) {
    double g = (double) bytes / GIB;
    return g >= 10 || g == Math.rint(g)
        ? Math.round(g) + " GiB"
        : String.format(Locale.ROOT, "%.1f GiB", g);
  }

  private static String names(List<String> names) {
    return names.isEmpty()
        ? "none"
        : names.stream().map(n -> "'" + n + "'").collect(Collectors.joining(", "));
  }
}
