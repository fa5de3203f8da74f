package io.granary.provisioning.validate;

import io.granary.provisioning.model.ClusterSpec;
import io.granary.provisioning.model.FindingCode;
import io.granary.provisioning.model.NodeGroup;
import io.granary.provisioning.model.Role;
import io.granary.provisioning.model.VsphereSpec;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Checks of a vSphere spec's own shape, with no vCenter at hand: the {@code vsphere} section's
 * required fields and choices, and the node groups. The checks against the vCenter's facts run in
 * {@link io.granary.provisioning.vsphere.VspherePlanner}.
 */
public final class VsphereSpecValidator {
  public static final List<String> DISK_PROVISIONING = List.of("thin", "thick", "eagerZeroedThick");
  public static final List<String> LATENCY_SENSITIVITY = List.of("high", "normal");

  /** SCSI units 0-15 less the controller's own 7: a controller holds 15 disks. */
  public static final int MAX_DATASTORES = 15;

  // the group name becomes part of a host name: <cluster>-<group>-<n>
  private static final Pattern GROUP = Pattern.compile("[a-z]([a-z0-9-]*[a-z0-9])?");
  private static final int MAX_LABEL = 63;

  private VsphereSpecValidator() {}

  /** Whether the spec's infrastructure matches its sections; false stops a vSphere plan. */
  public static void infrastructure(ClusterSpec spec, Findings f) {
    String infra = spec.infrastructure();
    if (infra != null
        && !infra.equals(ClusterSpec.BARE_METAL)
        && !infra.equals(ClusterSpec.VSPHERE)) {
      f.add(
          FindingCode.UNKNOWN_INFRASTRUCTURE,
          "infrastructure",
          "unknown infrastructure '%s'; one of %s, %s",
          infra,
          ClusterSpec.BARE_METAL,
          ClusterSpec.VSPHERE);
    }
    if (!spec.onVsphere() && spec.vsphere() != null) {
      f.add(
          FindingCode.UNEXPECTED_VSPHERE_SECTION,
          "vsphere",
          "the vsphere section is read only with infrastructure: vsphere (this spec is %s)",
          spec.infrastructureOrDefault());
    }
  }

  /** The checks of an {@code infrastructure: vsphere} spec that need no vCenter. */
  public static void validate(ClusterSpec spec, Findings f) {
    if (!spec.hosts().isEmpty()) {
      f.add(
          FindingCode.VSPHERE_HOSTS_GIVEN,
          "hosts",
          "a vSphere spec lists vsphere.nodeGroups, not hosts: the planned VMs become the hosts");
    }
    VsphereSpec v = spec.vsphere();
    if (v == null) {
      f.add(
          FindingCode.MISSING_VSPHERE_SECTION,
          "vsphere",
          "infrastructure: vsphere needs a vsphere section (connection, datacenter, cluster,"
              + " template, network, datastores, nodeGroups)");
      return;
    }
    required(v.connection(), "connection", "the name of a stored vCenter connection", f);
    required(v.datacenter(), "datacenter", "the datacenter's name", f);
    required(v.cluster(), "cluster", "the compute cluster's name", f);
    required(v.template(), "template", "the template VM's name", f);
    required(v.network(), "network", "the VMs' network (port group)", f);
    if (v.resourcePool() != null && v.resourcePool().isBlank()) {
      f.add(
          FindingCode.INVALID_VSPHERE_SETTING,
          "vsphere.resourcePool",
          "leave resourcePool out for the cluster's root pool, or name a pool");
    }
    folder(v.folder(), f);
    datastores(v, f);
    choice(v.diskProvisioning(), "diskProvisioning", DISK_PROVISIONING, f);
    choice(v.latencySensitivity(), "latencySensitivity", LATENCY_SENSITIVITY, f);
    nodeGroups(spec, v, f);
  }

  private static void required(String value, String field, String what, Findings f) {
    if (value == null || value.isBlank()) {
      f.add(
          FindingCode.INVALID_VSPHERE_SETTING,
          "vsphere." + field,
          "%s is required: %s",
          field,
          what);
    }
  }

  private static void choice(String value, String field, List<String> allowed, Findings f) {
    if (value != null && !allowed.contains(value)) {
      f.add(
          FindingCode.INVALID_VSPHERE_SETTING,
          "vsphere." + field,
          "'%s' is not one of %s",
          value,
          String.join(", ", allowed));
    }
  }

  /** A path of folder names under the datacenter's VM folder. */
  private static void folder(String folder, Findings f) {
    if (folder == null) {
      return;
    }
    String p = folder.strip();
    while (p.startsWith("/")) {
      p = p.substring(1);
    }
    while (p.endsWith("/")) {
      p = p.substring(0, p.length() - 1);
    }
    boolean ok = !p.isEmpty();
    for (String seg : p.split("/", -1)) {
      ok &= !seg.isBlank() && !seg.equals(".") && !seg.equals("..") && !seg.contains("%");
    }
    if (!ok) {
      f.add(
          FindingCode.INVALID_VSPHERE_SETTING,
          "vsphere.folder",
          "'%s' is not a folder path such as granary/%s (names separated by '/', no empty, '.'"
              + " or '..' parts)",
          folder,
          "prod");
    }
  }

  private static void datastores(VsphereSpec v, Findings f) {
    List<String> ds = v.datastores();
    if (ds.size() > MAX_DATASTORES) {
      f.add(
          FindingCode.INVALID_VSPHERE_SETTING,
          "vsphere.datastores",
          "%d datastores: one SCSI controller holds %d data disks",
          ds.size(),
          MAX_DATASTORES);
    }
    Map<String, Integer> seen = new HashMap<>();
    for (int i = 0; i < ds.size(); i++) {
      String d = ds.get(i);
      String at = "vsphere.datastores[" + i + "]";
      if (d == null || d.isBlank()) {
        f.add(FindingCode.INVALID_VSPHERE_SETTING, at, "a datastore's name is required");
      } else {
        Integer first = seen.putIfAbsent(d, i);
        if (first != null) {
          f.add(
              FindingCode.INVALID_VSPHERE_SETTING,
              at,
              "%s is also datastores[%d]; a VM gets one data disk per listed datastore",
              d,
              first);
        }
      }
    }
    boolean disks =
        v.nodeGroups().stream().anyMatch(g -> g != null && (g.worker() || g.dataDiskGb() != null));
    if (ds.isEmpty() && disks) {
      f.add(
          FindingCode.INVALID_VSPHERE_SETTING,
          "vsphere.datastores",
          "list at least one datastore: each worker VM gets one data disk per listed datastore");
    }
  }

  private static void nodeGroups(ClusterSpec spec, VsphereSpec v, Findings f) {
    List<NodeGroup> groups = v.nodeGroups();
    if (groups.isEmpty()) {
      f.add(
          FindingCode.INVALID_NODE_GROUP,
          "vsphere.nodeGroups",
          "list the node groups, e.g. {name: master, kind: master, count: 1, vcpu: 4, memoryGb:"
              + " 16} and {name: worker, kind: worker, count: 3, vcpu: 8, memoryGb: 64,"
              + " dataDiskGb: 200}");
      return;
    }
    Map<String, Integer> names = new HashMap<>();
    for (int i = 0; i < groups.size(); i++) {
      NodeGroup g = groups.get(i);
      String at = "vsphere.nodeGroups[" + i + "]";
      if (g == null) {
        f.add(FindingCode.INVALID_NODE_GROUP, at, "empty node group entry");
        continue;
      }
      name(spec, g, at, i, names, f);
      if (!NodeGroup.MASTER.equals(g.kind()) && !NodeGroup.WORKER.equals(g.kind())) {
        f.add(
            FindingCode.INVALID_NODE_GROUP,
            at + ".kind",
            "kind is %s; one of master (NameNode, HMaster, ZooKeeper) or worker (DataNode,"
                + " RegionServer)",
            SpecValidator.quote(g.kind()));
      }
      if (g.count() == null || g.count() < 1) {
        f.add(
            FindingCode.INVALID_NODE_GROUP,
            at + ".count",
            "count is required and at least 1 (got %s)",
            g.count());
      }
      if (g.vcpu() == null || g.vcpu() < 1) {
        f.add(
            FindingCode.INVALID_NODE_GROUP,
            at + ".vcpu",
            "vcpu is required and at least 1 (got %s)",
            g.vcpu());
      }
      if (g.memoryGb() == null || g.memoryGb() <= 0) {
        f.add(
            FindingCode.INVALID_NODE_GROUP,
            at + ".memoryGb",
            "memoryGb is required and positive (got %s)",
            g.memoryGb());
      }
      if (g.dataDiskGb() != null && g.dataDiskGb() < 1) {
        f.add(
            FindingCode.INVALID_NODE_GROUP,
            at + ".dataDiskGb",
            "dataDiskGb must be at least 1 (got %d)",
            g.dataDiskGb());
      } else if (g.dataDiskGb() == null && g.worker()) {
        f.add(
            FindingCode.INVALID_NODE_GROUP,
            at + ".dataDiskGb",
            "a worker group needs dataDiskGb: its DataNodes store blocks on one data disk per"
                + " listed datastore");
      }
      roles(g, at, f);
    }
  }

  private static void name(
      ClusterSpec spec, NodeGroup g, String at, int i, Map<String, Integer> names, Findings f) {
    if (g.name() == null || !GROUP.matcher(g.name()).matches()) {
      f.add(
          FindingCode.INVALID_NODE_GROUP,
          at + ".name",
          "name is required: lowercase letters, digits and '-', starting with a letter (got %s);"
              + " VMs are named <cluster>-<group>-<n>",
          SpecValidator.quote(g.name()));
      return;
    }
    Integer first = names.putIfAbsent(g.name(), i);
    if (first != null) {
      f.add(
          FindingCode.INVALID_NODE_GROUP,
          at + ".name",
          "%s is also the name of nodeGroups[%d]; VM names must differ",
          g.name(),
          first);
    }
    if (spec.name() != null && Names.isClusterName(spec.name()) && g.count() != null) {
      String longest = spec.name() + "-" + g.name() + "-" + Math.max(1, g.count());
      if (longest.length() > MAX_LABEL) {
        f.add(
            FindingCode.INVALID_NODE_GROUP,
            at + ".name",
            "the VM name %s is longer than %d characters; it is also the guest's host name",
            longest,
            MAX_LABEL);
      }
    }
  }

  private static void roles(NodeGroup g, String at, Findings f) {
    if (g.roles() == null) {
      return;
    }
    if (g.roles().isEmpty()) {
      f.add(
          FindingCode.INVALID_NODE_GROUP,
          at + ".roles",
          "an empty roles list runs nothing; omit roles to get the kind's roles");
    }
    for (int r = 0; r < g.roles().size(); r++) {
      String id = g.roles().get(r);
      if (id == null || Role.byId(id).isEmpty()) {
        f.add(
            FindingCode.UNKNOWN_ROLE,
            at + ".roles[" + r + "]",
            "unknown role %s; one of %s",
            SpecValidator.quote(id),
            Role.ids());
      }
    }
  }
}
