package io.granary.hosts;

import io.granary.clusters.Cluster;
import io.granary.clusters.ClustersService;
import io.granary.operations.Operation;
import io.granary.operations.OperationCancelledException;
import io.granary.operations.OperationContext;
import io.granary.operations.OperationsService;
import io.granary.provisioning.model.ClusterSpec;
import io.granary.provisioning.model.HostSpec;
import io.granary.provisioning.model.Mappers;
import io.granary.provisioning.model.Plan;
import io.granary.provisioning.model.PlannedHost;
import io.granary.provisioning.render.VsphereVarsRenderer;
import io.granary.provisioning.runner.RunResult;
import io.granary.provisioning.vsphere.PlannedDisk;
import io.granary.provisioning.vsphere.PlannedVm;
import io.granary.provisioning.vsphere.VcenterEndpoint;
import io.granary.provisioning.vsphere.VcenterFacts;
import io.granary.provisioning.vsphere.VmPlan;
import io.granary.provisioning.vsphere.VspherePlanResult;
import io.granary.provisioning.vsphere.VspherePlanner;
import io.granary.shared.problem.FieldError;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import io.granary.vcenters.Govc;
import io.granary.vcenters.Vcenter;
import io.granary.vcenters.VcenterRepository;
import io.granary.vcenters.VcentersService;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.stereotype.Service;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * vSphere provisioning (docs/adr/0015-vsphere.md): plans a vsphere spec against the connection's
 * live inventory; {@code vsphere_install} creates the VMs (vsphere_vms.yml), then runs the ordinary
 * install on them as one run; destroy deletes the VMs (vsphere_destroy.yml) and deregisters the
 * cluster. The password only ever reaches the playbooks' environment (GRANARY_VCENTER_PASSWORD).
 */
@Service
public class VsphereProvisioning {
  public static final String INSTALL = "vsphere_install";
  public static final String DESTROY = "vsphere_destroy";

  private final ProvisioningService provisioning;
  private final VcentersService vcenters;
  private final VcenterRepository vcenterRepo;
  private final HostRepository hosts;
  private final SecretBox secrets;
  private final ClustersService clusters;
  private final OperationsService operations;
  private final InstalledState installed;
  private final ProvisioningProperties props;
  private final JsonMapper json;

  public VsphereProvisioning(ProvisioningService provisioning, VcentersService vcenters, VcenterRepository vcenterRepo,
      HostRepository hosts, SecretBox secrets, ClustersService clusters, OperationsService operations,
      InstalledState installed, ProvisioningProperties props, JsonMapper json) {
    this.provisioning = provisioning;
    this.vcenters = vcenters;
    this.vcenterRepo = vcenterRepo;
    this.hosts = hosts;
    this.secrets = secrets;
    this.clusters = clusters;
    this.operations = operations;
    this.installed = installed;
    this.props = props;
    this.json = json;
  }

  /** A checked vSphere plan with what it was checked against. */
  public record Planned(Vcenter vcenter, ClusterSpec spec, VcenterFacts facts, VspherePlanResult result,
      List<String> shellCommands) {}

  /**
   * Plans against the connection's inventory, read now; any problem is a 400 with one coded field
   * error per finding (a connection failure as {@code vsphere.connection: vcenter-…}). Creates nothing.
   */
  public Planned plan(ClusterSpec in) {
    Vcenter v = connection(in);
    ClusterSpec spec = in.sshUser() == null ? withSshUser(in, v.guestSshUser()) : in;
    VcenterFacts facts;
    try {
      facts = vcenters.read(v).facts();
    } catch (ProblemException e) {
      throw ProblemException.invalid(List.of(new FieldError("vsphere.connection", e.type().code() + ": "
          + e.getMessage())));
    }
    VspherePlanResult r = new VspherePlanner(facts).plan(spec);
    if (!r.ok()) {
      throw ProblemException.invalid(r.errors().stream().map(f -> new FieldError(
          f.field() == null || f.field().isEmpty() ? "spec" : f.field(), f.code().code() + ": " + f.message())).toList());
    }
    return new Planned(v, spec, facts, r, shellCommands(v, r.vms()));
  }

  private Vcenter connection(ClusterSpec spec) {
    if (!spec.onVsphere() || spec.vsphere() == null) {
      throw ProblemException.invalid(List.of(new FieldError("infrastructure",
          "vsphere_install needs infrastructure: vsphere and a vsphere section")));
    }
    String name = spec.vsphere().connection();
    return vcenters.byName(name == null ? "" : name).orElseThrow(() -> ProblemException.invalid(List.of(
        new FieldError("vsphere.connection", "unknown-vcenter-connection: no vCenter connection named '" + name
            + "' (add it under /vcenters)"))));
  }

  static ClusterSpec withSshUser(ClusterSpec s, String user) {
    return new ClusterSpec(s.name(), s.profile(), s.workload(), user, s.ha(), s.zookeeperCount(), s.hosts(),
        s.erasureCoding(), s.overrides(), s.roleOverrides(), s.infrastructure(), s.vsphere());
  }

  /** What vsphere_install does, as commands an operator could run. */
  List<String> shellCommands(Vcenter v, VmPlan plan) {
    List<String> out = new ArrayList<>(vcenters.shellSetup(v));
    out.add("govc folder.create " + Govc.quote(plan.folder().value()));
    for (PlannedVm vm : plan.vms()) {
      String name = Govc.quote(vm.vmName());
      out.add("govc vm.clone -vm " + Govc.quote(plan.template().value()) + " -on=false -host "
          + Govc.quote(vm.esxiHost().value()) + " -folder " + Govc.quote(plan.folder().value()) + " " + name);
      out.add("govc vm.change -vm " + name + " -c " + vm.vcpu().value() + " -m " + vm.memoryMb().value()
          + " -latency " + vm.latencySensitivity().value());
      for (PlannedDisk d : vm.disks()) {
        out.add("govc vm.disk.create -vm " + name + " -ds " + Govc.quote(d.datastore().value()) + " -size "
            + d.sizeGb().value() + "G -name " + Govc.quote(vm.vmName() + "/data-" + d.unit().value()));
      }
    }
    if (plan.drsRule() != null && plan.drsRule().vms().size() >= 2) {
      out.add("govc cluster.rule.create -cluster " + Govc.quote(plan.computeCluster().value()) + " -name "
          + Govc.quote(plan.drsRule().name().value()) + " -enable -mandatory -anti-affinity "
          + String.join(" ", plan.drsRule().vms().stream().map(Govc::quote).toList()));
    }
    out.add(playbookCommand("vsphere_vms.yml", "<run dir>") + " && ansible-playbook -i <run dir>/inventory/hosts.yml"
        + " install.yml");
    return out;
  }

  private String playbookCommand(String playbook, String runDir) {
    return "cd " + Path.of(props.ansibleDir()).toAbsolutePath() + " && GRANARY_VCENTER_PASSWORD='<password>'"
        + " ansible-playbook " + playbook + " -e @" + runDir + "/" + VsphereVarsRenderer.FILE;
  }

  /** The connection a cluster's VMs were created through. */
  public Optional<Long> vcenterOf(String cluster) {
    return vcenterRepo.cluster(cluster).map(VcenterRepository.VsphereCluster::vcenterId);
  }

  // ---- vsphere_install

  public HostRepository.RunRow start(ClusterSpec in, String user) {
    Planned p = plan(in);
    String cluster = p.spec().name();
    // a re-run over the same VMs completes them (or changes nothing); another cluster's name is refused
    boolean ours = vcenterRepo.cluster(cluster).map(r -> r.vcenterId() == p.vcenter().id()).orElse(false);
    if (!ours && clusters.list().stream().anyMatch(c -> c.name().equals(cluster))) {
      throw ProblemException.invalid(List.of(new FieldError("spec.name", "a cluster named '" + cluster
          + "' is registered and its VMs were not created through '" + p.vcenter().name() + "': choose another"
          + " name")));
    }
    provisioning.refuseConcurrentRun(cluster);
    String specJson = specJson(p.spec());
    long runId = hosts.insertRun(cluster, INSTALL, specJson, "", user);
    String command = playbookCommand("vsphere_vms.yml", provisioning.runDir(runId).toString())
        + " -e granary_vms_out=" + provisioning.runDir(runId).resolve("vms.json")
        + " && ansible-playbook -i " + provisioning.runDir(runId).resolve("inventory/hosts.yml") + " install.yml";
    hosts.setCommand(runId, command);
    Operation op;
    try {
      op = operations.start(ProvisioningService.OPERATION_TYPE, null, "provisioning " + cluster + " on vSphere",
          command, user, ctx -> install(ctx, runId, p, user));
    } catch (RuntimeException e) {
      hosts.finishRun(runId, "FAILED", e.getMessage(), null, null);
      throw e;
    }
    hosts.setOperation(runId, op.id());
    return hosts.run(runId).orElseThrow();
  }

  private String install(OperationContext ctx, long runId, Planned p, String user) throws Exception {
    String cluster = p.spec().name();
    int changed = 0;
    try {
      Path dir = provisioning.runDir(runId);
      Map<String, Object> vars = vars(p.vcenter(), p.result().vms(), dir);
      Path vmsOut = dir.resolve("vms.json");
      vars.put("granary_vms_out", vmsOut.toString());
      Map<String, String> guestMap = guestMap();
      if (!guestMap.isEmpty()) {
        vars.put("granary_guest_map", guestMap);
        ctx.warn("guest addresses from granary.provisioning.vsphere-guest-map (tests only)");
      }
      ctx.info("creating " + p.result().vms().vms().size() + " VMs in " + p.result().vms().folder().value());
      RunResult vmsRun = provisioning.runLocalPlaybook(ctx, runId, "vsphere_vms", vars, env(p.vcenter()));
      changed += vmsRun.totalChanged();
      if (vmsRun.cancelled()) {
        hosts.finishRun(runId, "CANCELLED", "cancelled while creating the VMs; run vsphere_install again to complete"
            + " them", changed, null);
        throw new OperationCancelledException();
      }
      if (!vmsRun.succeeded()) {
        String m = "vsphere_vms: " + vmsRun.summary();
        hosts.finishRun(runId, "FAILED", m, changed, null);
        throw new IllegalStateException(m + " — fix the cause and run vsphere_install again (it completes the VMs)");
      }
      String vmsJson = Files.readString(vmsOut);
      Map<String, String> addresses = addresses(vmsJson);
      ctx.info("VMs up: " + addresses);
      VspherePlanResult withAddresses = new VspherePlanner(p.facts()).plan(p.spec(), addresses);
      if (!withAddresses.ok()) {
        String m = "the VMs' addresses do not plan: " + withAddresses.errors().stream()
            .map(f -> f.code().code() + " " + f.field() + ": " + f.message()).toList();
        hosts.finishRun(runId, "FAILED", m, changed, null);
        throw new IllegalStateException(m);
      }
      Plan plan = withAddresses.plan();
      Map<String, Host> byAddress = inventoryHosts(p.vcenter(), plan, p.spec().sshUserOrDefault(), user);
      vcenterRepo.recordCluster(cluster, p.vcenter().id(), runId, specJson(p.spec()), vmsJson);
      // the new VMs have no DNS records: install.yml names each and writes the cluster into /etc/hosts
      RunResult result = provisioning.runPlaybook(ctx, runId, plan, ProvisioningService.INSTALL, byAddress, Set.of(),
          Set.of(), Map.of("granary_manage_hosts_file", true), pid -> { }, e -> { });
      changed += result.totalChanged();
      if (result.cancelled()) {
        hosts.finishRun(runId, "CANCELLED", "cancelled; the VMs exist and are left as far as the install got"
            + " (re-run vsphere_install)", changed, null);
        throw new OperationCancelledException();
      }
      if (!result.succeeded()) {
        String m = "install: " + result.summary();
        hosts.finishRun(runId, "FAILED", m, changed, null);
        throw new IllegalStateException(m + " — the VMs exist: fix the cause and run vsphere_install again");
      }
      Cluster c = provisioning.register(plan);
      // day-2 actions re-plan the VMs as ordinary hosts: the installed spec is the host spec
      int version = installed.record(plan, specInput(withAddresses.hostSpec()), runId, INSTALL, user);
      String message = "vsphere_install of '" + cluster + "': " + plan.hosts().size() + " VMs; " + result.summary()
          + "; cluster #" + c.id() + "; installed version " + version;
      hosts.finishRun(runId, "SUCCEEDED", message, changed, c.id());
      clusters.refresh(c.id());
      return message;
    } catch (OperationCancelledException e) {
      throw e;
    } catch (Exception e) {
      failIfRunning(runId, e.getMessage(), changed);
      throw e;
    }
  }

  /** vsphere.yml as the renderer writes it, read back as the playbook's extra variables. */
  Map<String, Object> vars(Vcenter v, VmPlan plan, Path dir) throws IOException {
    Files.createDirectories(dir);
    String caPath = null;
    if (v.tlsVerify() && v.caPem() != null) {
      caPath = Files.writeString(dir.resolve("vcenter-ca.pem"), v.caPem().strip() + "\n").toString();
    }
    URI u = URI.create(v.url());
    VcenterEndpoint endpoint = new VcenterEndpoint(u.getHost(), u.getPort() == -1 ? VcenterEndpoint.DEFAULT_PORT
        : u.getPort(), v.username(), v.tlsVerify(), caPath, v.tlsVerify() ? v.thumbprint() : null);
    Path file = new VsphereVarsRenderer().write(plan, endpoint, dir);
    @SuppressWarnings("unchecked")
    Map<String, Object> vars = Mappers.YAML.readValue(file.toFile(), LinkedHashMap.class);
    return vars;
  }

  /** The password for the playbook, and no CA bundle override from this process's environment. */
  private Map<String, String> env(Vcenter v) {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("GRANARY_VCENTER_PASSWORD", vcenters.target(v).password());
    env.put("REQUESTS_CA_BUNDLE", "");
    env.put("CURL_CA_BUNDLE", "");
    return env;
  }

  /** granary.provisioning.vsphere-guest-map (tests only): {vm name: address}. */
  Map<String, String> guestMap() throws IOException {
    String file = props.vsphereGuestMap();
    if (file == null || file.isBlank()) {
      return Map.of();
    }
    Map<String, String> out = new LinkedHashMap<>();
    json.readTree(Files.readString(Path.of(file))).properties().forEach(e -> out.put(e.getKey(), e.getValue()
        .asString()));
    return out;
  }

  /** vms.json: [{name, uuid, moid, esxi_host, address}] → name → address. */
  Map<String, String> addresses(String vmsJson) {
    Map<String, String> out = new LinkedHashMap<>();
    for (JsonNode vm : json.readTree(vmsJson)) {
      String address = vm.path("address").asString("");
      if (!address.isBlank()) {
        out.put(vm.path("name").asString(), address);
      }
    }
    return out;
  }

  /**
   * The VMs as inventory hosts (SSH keys for the install and every day-2 run): an address the
   * inventory already has keeps its entry, a new one gets the connection's guest key.
   */
  private Map<String, Host> inventoryHosts(Vcenter v, Plan plan, String sshUser, String user) {
    Optional<byte[]> key = vcenters.guestKey(v);
    Map<String, Host> out = new LinkedHashMap<>();
    List<String> missing = new ArrayList<>();
    for (PlannedHost h : plan.hosts()) {
      Optional<Host> known = hosts.byAddress(h.address());
      if (known.isPresent()) {
        out.put(h.address(), known.get());
      } else if (key.isPresent()) {
        out.put(h.address(), hosts.insert(h.address(), h.hostname(), sshUser, secrets.seal(key.get()),
            HostsService.fingerprint(key.get()), h.cores(), h.ramMb(), h.dataDisks(), h.rack(), true,
            "a VM of " + plan.cluster() + " on vCenter '" + v.name() + "'", user));
      } else {
        missing.add(h.address());
      }
    }
    if (!missing.isEmpty()) {
      throw new IllegalStateException("no SSH key for the VMs " + missing + ": give vCenter connection '" + v.name()
          + "' the template's guestPrivateKey (or add the hosts to the inventory) and run vsphere_install again");
    }
    return out;
  }

  static ProvisioningService.SpecInput specInput(ClusterSpec s) {
    return new ProvisioningService.SpecInput(s.name(), s.profile(), s.workload(), s.ha(), s.zookeeperCount(),
        s.hosts(), s.erasureCoding() == null ? null : s.erasureCoding().policies(), s.overrides(), s.roleOverrides());
  }

  private static String specJson(ClusterSpec s) {
    try {
      return Mappers.JSON.writeValueAsString(s);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  // ---- destroy

  public HostRepository.RunRow destroy(long clusterId, String confirm, String user) {
    Cluster c = clusters.get(clusterId);
    if (!c.name().equals(confirm)) {
      throw ProblemException.invalid(List.of(new FieldError("confirm", "destroying deletes every VM of the cluster"
          + " and its data: type the cluster's name '" + c.name() + "' to confirm")));
    }
    VcenterRepository.VsphereCluster row = vcenterRepo.cluster(c.name()).orElseThrow(() -> ProblemException.of(
        ProblemType.NOT_ON_VSPHERE, "cluster '" + c.name() + "' has no VMs created by Granary"));
    Vcenter v = vcenters.get(row.vcenterId());
    provisioning.refuseConcurrentRun(c.name());
    ClusterSpec spec = ClusterSpec.parse(row.spec());
    long runId = hosts.insertRun(c.name(), DESTROY, row.spec(), "", user);
    String command = playbookCommand("vsphere_destroy.yml", provisioning.runDir(runId).toString())
        + " -e granary_confirm=" + c.name();
    hosts.setCommand(runId, command);
    Operation op;
    try {
      op = operations.start(ProvisioningService.OPERATION_TYPE, c.id(), "destroying the VMs of " + c.name(), command,
          user, ctx -> destroy(ctx, runId, c, v, spec, row));
    } catch (RuntimeException e) {
      hosts.finishRun(runId, "FAILED", e.getMessage(), null, null);
      throw e;
    }
    hosts.setOperation(runId, op.id());
    return hosts.run(runId).orElseThrow();
  }

  private String destroy(OperationContext ctx, long runId, Cluster c, Vcenter v, ClusterSpec spec,
      VcenterRepository.VsphereCluster row) throws Exception {
    try {
      // the VM plan again (names, folder, DRS rule) from the stored spec and today's inventory
      VcenterFacts facts = vcenters.read(v).facts();
      VspherePlanResult r = new VspherePlanner(facts).plan(spec, addresses(row.vms()));
      if (r.vms() == null) {
        String m = "the stored spec no longer plans against vCenter '" + v.name() + "': " + r.errors().stream()
            .map(f -> f.code().code() + " " + f.field()).toList();
        hosts.finishRun(runId, "FAILED", m, null, null);
        throw new IllegalStateException(m);
      }
      Map<String, Object> vars = vars(v, r.vms(), provisioning.runDir(runId));
      vars.put("granary_confirm", c.name());
      RunResult result = provisioning.runLocalPlaybook(ctx, runId, "vsphere_destroy", vars, env(v));
      if (result.cancelled()) {
        hosts.finishRun(runId, "CANCELLED", "cancelled; run the destroy again to delete what is left",
            result.totalChanged(), null);
        throw new OperationCancelledException();
      }
      if (!result.succeeded()) {
        String m = "vsphere_destroy: " + result.summary();
        hosts.finishRun(runId, "FAILED", m, result.totalChanged(), null);
        throw new IllegalStateException(m + " — run the destroy again");
      }
      for (String address : addresses(row.vms()).values()) {
        hosts.byAddress(address).filter(h -> h.checkMessage() != null && h.checkMessage().startsWith("a VM of "
            + c.name() + " ")).ifPresent(h -> hosts.delete(h.id()));
      }
      vcenterRepo.forgetCluster(c.name());
      clusters.deregister(c.id());
      String message = "destroyed the " + r.vms().vms().size() + " VMs of '" + c.name() + "' and deregistered it";
      hosts.finishRun(runId, "SUCCEEDED", message, result.totalChanged(), null);
      return message;
    } catch (OperationCancelledException e) {
      throw e;
    } catch (Exception e) {
      failIfRunning(runId, e.getMessage(), null);
      throw e;
    }
  }

  /** A failure the steps above did not record yet ends the run FAILED (never left RUNNING). */
  private void failIfRunning(long runId, String message, Integer changed) {
    if (hosts.run(runId).map(r -> "RUNNING".equals(r.state())).orElse(false)) {
      hosts.finishRun(runId, "FAILED", message, changed, null);
    }
  }
}
