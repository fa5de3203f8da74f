package io.granary.hosts;

import io.granary.clusters.Cluster;
import io.granary.clusters.ClusterKind;
import io.granary.clusters.ClustersService;
import io.granary.operations.Operation;
import io.granary.operations.OperationCancelledException;
import io.granary.operations.OperationContext;
import io.granary.operations.OperationsService;
import io.granary.provisioning.PlanResult;
import io.granary.provisioning.Planner;
import io.granary.engine.EngineKerberos;
import io.granary.provisioning.model.ClusterSpec;
import io.granary.provisioning.model.Kerberos;
import io.granary.provisioning.model.ErasureCodingSpec;
import io.granary.provisioning.model.HostSpec;
import io.granary.provisioning.model.Plan;
import io.granary.provisioning.model.PlannedHost;
import io.granary.provisioning.model.Role;
import io.granary.provisioning.model.SecuritySpec;
import io.granary.provisioning.render.InventoryRenderer;
import io.granary.provisioning.runner.AnsibleEvent;
import io.granary.provisioning.runner.AnsibleRun;
import io.granary.provisioning.runner.AnsibleRunner;
import io.granary.provisioning.runner.PlaybookRequest;
import io.granary.provisioning.runner.RunResult;
import io.granary.provisioning.validate.TcpReachability;
import io.granary.shared.problem.FieldError;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;
import tools.jackson.databind.json.JsonMapper;

/** Cluster specs → plans, and plans → Ansible runs (install, scale-out) followed as operations. */
@Service
public class ProvisioningService {
  public static final String OPERATION_TYPE = "PROVISIONING";
  static final Set<String> PLAYBOOKS = Set.of("install", "scale_out");
  static final String SCALE_IN = "scale_in";
  static final String INSTALL = "install";

  private final HostRepository hosts;
  private final HostsService inventory;
  private final ClustersService clusters;
  private final OperationsService operations;
  private final ProvisioningProperties props;
  private final JsonMapper json;
  private final InstalledState installed;
  private final io.granary.observability.MonitoringRepository monitoring;

  private final ClusterKeytabs keytabs;

  public ProvisioningService(HostRepository hosts, HostsService inventory, ClustersService clusters,
      OperationsService operations, ProvisioningProperties props, JsonMapper json, InstalledState installed,
      io.granary.observability.MonitoringRepository monitoring, ClusterKeytabs keytabs) {
    this.keytabs = keytabs;
    this.installed = installed;
    this.monitoring = monitoring;
    this.hosts = hosts;
    this.inventory = inventory;
    this.clusters = clusters;
    this.operations = operations;
    this.props = props;
    this.json = json;
  }

  /** What the user sent; hosts may leave cores/RAM/disks/rack to the inventory. */
  public record SpecInput(String name, String profile, String workload, Boolean ha, Integer zookeeperCount,
      List<HostSpec> hosts, List<String> erasureCodingPolicies, Map<String, Map<String, Object>> overrides,
      Map<String, Map<String, Map<String, Object>>> roleOverrides, SecuritySpec security) {

    public SpecInput(String name, String profile, String workload, Boolean ha, Integer zookeeperCount,
        List<HostSpec> hosts, List<String> erasureCodingPolicies, Map<String, Map<String, Object>> overrides,
        Map<String, Map<String, Map<String, Object>>> roleOverrides) {
      this(name, profile, workload, ha, zookeeperCount, hosts, erasureCodingPolicies, overrides, roleOverrides, null);
    }

    /** The same cluster with other configuration. */
    public SpecInput withConfig(Map<String, Map<String, Object>> overrides,
        Map<String, Map<String, Map<String, Object>>> roleOverrides) {
      return new SpecInput(name, profile, workload, ha, zookeeperCount, hosts, erasureCodingPolicies, overrides,
          roleOverrides, security);
    }

    public SpecInput withHosts(List<HostSpec> hosts) {
      return new SpecInput(name, profile, workload, ha, zookeeperCount, hosts, erasureCodingPolicies, overrides,
          roleOverrides, security);
    }
  }

  /** The spec with every host completed from the inventory (when it is there). */
  ClusterSpec spec(SpecInput in) {
    List<HostSpec> out = new ArrayList<>();
    String sshUser = null;
    for (HostSpec h : in.hosts() == null ? List.<HostSpec>of() : in.hosts()) {
      Optional<Host> known = h.address() == null ? Optional.empty() : hosts.byAddress(h.address().trim());
      if (known.isPresent()) {
        Host k = known.get();
        sshUser = sshUser == null ? k.sshUser() : sshUser;
        out.add(new HostSpec(h.address().trim(), h.hostname() != null ? h.hostname() : k.hostname(),
            h.cores() != null ? h.cores() : k.cores(), h.ramGb(), h.ramMb() != null ? h.ramMb() : k.ramMb(),
            h.dataDisks() != null && !h.dataDisks().isEmpty() ? h.dataDisks() : k.dataDisks(),
            h.rack() != null ? h.rack() : k.rack(), h.roles()));
      } else {
        out.add(h);
      }
    }
    return new ClusterSpec(in.name(), in.profile(), in.workload(), sshUser, in.ha(), in.zookeeperCount(), out,
        in.erasureCodingPolicies() == null ? null : new ErasureCodingSpec(in.erasureCodingPolicies()),
        in.overrides(), in.roleOverrides(), null, null, in.security());
  }

  static SpecInput withHa(SpecInput in, boolean ha) {
    return new SpecInput(in.name(), in.profile(), in.workload(), ha, in.zookeeperCount(), in.hosts(),
        in.erasureCodingPolicies(), in.overrides(), in.roleOverrides(), in.security());
  }

  /** The plan, or 400 with one field error per problem ("code: message"). */
  public PlanResult plan(SpecInput in, boolean checkReachable) {
    PlanResult r = (checkReachable ? new Planner(TcpReachability.ssh()) : new Planner()).plan(spec(in));
    if (!r.ok()) {
      throw ProblemException.invalid(r.errors().stream()
          .map(f -> new FieldError(f.field() == null ? "spec" : f.field(), f.code().code() + ": " + f.message())).toList());
    }
    return r;
  }

  public HostRepository.RunRow start(SpecInput in, String playbook, List<String> newHosts, String user) {
    String pb = playbook == null ? "install" : playbook;
    if (!PLAYBOOKS.contains(pb)) {
      throw ProblemException.invalid(List.of(new FieldError("playbook", "install or scale_out")));
    }
    if ("scale_out".equals(pb)) {
      String name = in.name();
      Optional<Cluster> installed = clusters.list().stream().filter(c -> c.name().equals(name)).findFirst();
      if (installed.isPresent()) {
        RollingRestartService.refuseKerberized(installed.get(), "a scale-out");
        if (in.ha() == null) {
          // adding hosts must not change the shape: the installed cluster keeps HA on or off as it is
          in = withHa(in, installed.get().ha() != null && installed.get().ha().nameservice() != null);
        }
      }
    }
    PlanResult planned = plan(in, true);
    SpecInput input = in;
    Plan plan = planned.plan();
    Map<String, Host> byAddress = inventoryHosts(plan);
    List<FieldError> errors = new ArrayList<>();
    List<String> added = newHosts == null ? List.of() : newHosts;
    if ("scale_out".equals(pb)) {
      if (added.isEmpty()) {
        errors.add(new FieldError("newHosts", "name the hosts to add"));
      }
      for (String a : added) {
        if (!byAddress.containsKey(a)) {
          errors.add(new FieldError("newHosts", a + " is not one of the spec's hosts"));
        }
      }
      if (clusters.list().stream().noneMatch(c -> c.name().equals(plan.cluster()))) {
        errors.add(new FieldError("spec.name", "no installed cluster '" + plan.cluster() + "' to scale out"));
      }
    }
    if (!errors.isEmpty()) {
      throw ProblemException.invalid(errors);
    }
    refuseConcurrentRun(plan.cluster());
    Path ansibleDir = Path.of(props.ansibleDir()).toAbsolutePath();
    String command = "cd " + ansibleDir + " && ansible-playbook -i <inventory>/hosts.yml " + pb + ".yml";
    long runId = hosts.insertRun(plan.cluster(), pb, json.writeValueAsString(in), command, user);
    Operation op;
    try {
      op = operations.start(OPERATION_TYPE, null, "provisioning " + plan.cluster(), command, user,
          ctx -> execute(ctx, runId, input, plan, pb, byAddress, Set.copyOf(added), user));
    } catch (RuntimeException e) {
      hosts.finishRun(runId, "FAILED", e.getMessage(), null, null);
      throw e;
    }
    hosts.setOperation(runId, op.id());
    return hosts.run(runId).orElseThrow();
  }

  private String execute(OperationContext ctx, long runId, SpecInput in, Plan plan, String playbook,
      Map<String, Host> byAddress, Set<String> newHosts, String user) throws Exception {
    try {
      RunResult result = runPlaybook(ctx, runId, plan, playbook, byAddress, newHosts, Set.of(), Map.of(), pid -> { },
          e -> { });
      if (result.cancelled()) {
        hosts.finishRun(runId, "CANCELLED", "cancelled; hosts are left as far as the run got (re-run install)",
            result.totalChanged(), null);
        throw new OperationCancelledException();
      }
      if (!result.succeeded()) {
        String message = result.summary();
        hosts.finishRun(runId, "FAILED", message, result.totalChanged(), null);
        throw new IllegalStateException(message + " — the hosts are left re-runnable: fix the cause and run it again");
      }
      Long clusterId = "install".equals(playbook) ? register(plan).id() : clusters.list().stream()
          .filter(c -> c.name().equals(plan.cluster())).map(Cluster::id).findFirst().orElse(null);
      int version = installed.record(plan, in, runId, playbook, user);
      String message = playbook + " of '" + plan.cluster() + "': " + result.summary()
          + (clusterId == null ? "" : "; cluster #" + clusterId) + "; installed version " + version;
      hosts.finishRun(runId, "SUCCEEDED", message, result.totalChanged(), clusterId);
      if (clusterId != null) {
        clusters.refresh(clusterId);
      }
      return message;
    } catch (OperationCancelledException | IllegalStateException e) {
      throw e;
    } catch (Exception e) {
      hosts.finishRun(runId, "FAILED", e.getMessage(), null, null);
      throw e;
    }
  }

  /**
   * Writes the run's inventory (SSH keys readable by this user only, deleted afterwards) and runs
   * {@code playbook} to its end, every task result an operation event and a task row of the run.
   * Cancelling the operation stops ansible-playbook.
   */
  RunResult runPlaybook(OperationContext ctx, long runId, Plan plan, String playbook, Map<String, Host> byAddress,
      Set<String> newHosts, Set<String> leavingHosts, Map<String, Object> extraVars, LongConsumer started,
      Consumer<AnsibleEvent> listener) throws Exception {
    Path dir = Path.of(props.workDir(), "run-" + runId).toAbsolutePath();
    Path keys = dir.resolve("keys");
    try {
      Files.createDirectories(keys, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
      Map<String, Path> keyFiles = new LinkedHashMap<>();
      for (PlannedHost h : plan.hosts()) {
        Path k = keys.resolve(h.hostname() == null ? h.address() : h.hostname());
        Files.write(k, inventory.privateKey(byAddress.get(h.address())));
        Files.setPosixFilePermissions(k, PosixFilePermissions.fromString("rw-------"));
        keyFiles.put(h.hostname() == null ? h.address() : h.hostname(), k);
      }
      Map<String, String> files = new InventoryRenderer().render(plan, newHosts, leavingHosts, keyFiles);
      for (Map.Entry<String, String> f : files.entrySet()) {
        Path p = dir.resolve(f.getKey());
        Files.createDirectories(p.getParent());
        Files.writeString(p, f.getValue());
      }
      ctx.info("inventory written to " + dir + " (" + plan.hosts().size() + " hosts)");
      Path ansibleDir = Path.of(props.ansibleDir()).toAbsolutePath();
      Map<String, Object> vars = new LinkedHashMap<>(extraVars);
      vars.put("granary_dist_src", Path.of(props.distSource()).toAbsolutePath().toString());
      if (plan.kerberos() != null) {
        // the control plane's keytab comes back with the run's keys (sealed below, then deleted); the CA
        // stays with the control plane for re-runs and new hosts
        vars.put("granary_kerberos_fetch_dir", keys.resolve("kerberos").toString());
        vars.put("granary_tls_ca_dir", tlsDir(plan.cluster()).toString());
      }
      PlaybookRequest req = PlaybookRequest.of(ansibleDir.resolve(playbook + ".yml"), InventoryRenderer.inventoryPath(dir))
          .withWorkingDir(ansibleDir)
          .withEnv("ANSIBLE_CONFIG", ansibleDir.resolve("ansible.cfg").toString())
          .withExtraVars(Map.copyOf(vars));
      AtomicInteger seq = new AtomicInteger(hosts.nextTaskSeq(runId) - 1);
      AnsibleRun run = new AnsibleRunner(Path.of(props.ansiblePlaybook())).start(req, e -> {
        event(ctx, runId, seq, e);
        listener.accept(e);
      });
      started.accept(run.pid());
      return awaitCancellable(ctx, run);
    } finally {
      Path keytab = keys.resolve("kerberos").resolve("granary-cp.keytab");
      if (plan.kerberos() != null && Files.isRegularFile(keytab)) {
        keytabs.store(plan.cluster(), Files.readAllBytes(keytab));
        ctx.info("the control plane's keytab for " + plan.kerberos().controlPlanePrincipal() + " is sealed");
      }
      deleteQuietly(keys);
    }
  }

  /** The cluster's engine CA (engine_tls), kept by the control plane (0700). */
  Path tlsDir(String cluster) {
    return Path.of(props.workDir(), "tls", cluster).toAbsolutePath();
  }

  /** How the control plane logs in to a Kerberized plan's cluster; null without Kerberos. */
  EngineKerberos kerberos(Plan plan) throws IOException {
    Kerberos k = plan.kerberos();
    if (k == null) {
      return null;
    }
    List<String> kdcs = k.managed()
        ? plan.hosts().stream().filter(h -> k.kdcHost().equals(h.hostname()) || k.kdcHost().equals(h.address()))
            .map(h -> h.address() + ":" + io.granary.provisioning.config.Layout.KDC_PORT).toList()
        : k.kdcs();
    Path ca = tlsDir(plan.cluster()).resolve("ca.pem");
    return new EngineKerberos(k.realm(), kdcs, k.controlPlanePrincipal() + "@" + k.realm(), k.rpcProtection(),
        k.dataTransferProtection(), Files.readString(ca));
  }

  /**
   * Runs a playbook on the control plane itself ({@code hosts: localhost}, e.g. vsphere_vms.yml),
   * its task results rows of the run like an install's; {@code env} reaches only the child.
   */
  RunResult runLocalPlaybook(OperationContext ctx, long runId, String playbook, Map<String, Object> vars,
      Map<String, String> env) throws Exception {
    Path dir = Path.of(props.workDir(), "run-" + runId).toAbsolutePath();
    Files.createDirectories(dir);
    Path inventoryFile = dir.resolve("localhost.yml");
    Files.writeString(inventoryFile, "all:\n  hosts:\n    localhost:\n      ansible_connection: local\n");
    Path ansibleDir = Path.of(props.ansibleDir()).toAbsolutePath();
    PlaybookRequest req = PlaybookRequest.of(ansibleDir.resolve(playbook + ".yml"), inventoryFile)
        .withWorkingDir(ansibleDir)
        .withEnv("ANSIBLE_CONFIG", ansibleDir.resolve("ansible.cfg").toString())
        .withExtraVars(Map.copyOf(vars));
    for (Map.Entry<String, String> e : env.entrySet()) {
      req = req.withEnv(e.getKey(), e.getValue());
    }
    AtomicInteger seq = new AtomicInteger(hosts.nextTaskSeq(runId) - 1);
    return awaitCancellable(ctx, new AnsibleRunner(Path.of(props.ansiblePlaybook()))
        .start(req, e -> event(ctx, runId, seq, e)));
  }

  /** Waits for ansible-playbook to end; cancelling the operation stops it. */
  private static RunResult awaitCancellable(OperationContext ctx, AnsibleRun run) throws Exception {
    while (run.isAlive()) {
      if (ctx.cancelRequested()) {
        ctx.warn("stopping ansible-playbook (pid " + run.pid() + ")");
        run.cancel();
      }
      Thread.sleep(500);
    }
    return run.await();
  }

  Path runDir(long runId) {
    return Path.of(props.workDir(), "run-" + runId).toAbsolutePath();
  }

  /** The hosts of a plan from the host inventory (for their SSH keys), or 400 naming each missing one. */
  Map<String, Host> inventoryHosts(Plan plan) {
    List<FieldError> errors = new ArrayList<>();
    Map<String, Host> byAddress = new LinkedHashMap<>();
    for (int i = 0; i < plan.hosts().size(); i++) {
      PlannedHost h = plan.hosts().get(i);
      Optional<Host> k = hosts.byAddress(h.address());
      if (k.isEmpty()) {
        errors.add(new FieldError("hosts[" + i + "].address", h.address() + " is not in the host inventory: add it with "
            + "its SSH key first"));
      } else {
        byAddress.put(h.address(), k.get());
      }
    }
    if (byAddress.values().stream().map(Host::sshUser).distinct().count() > 1) {
      errors.add(new FieldError("hosts", "all hosts of a cluster must use the same SSH user"));
    }
    if (!errors.isEmpty()) {
      throw ProblemException.invalid(errors);
    }
    return byAddress;
  }

  /** One run of a cluster at a time, a paused scale-in included. */
  void refuseConcurrentRun(String cluster) {
    if (hosts.runs().stream().anyMatch(r -> r.cluster().equals(cluster)
        && ("RUNNING".equals(r.state()) || "PAUSED".equals(r.state())))) {
      throw ProblemException.of(ProblemType.OPERATION_ALREADY_RUNNING, "a provisioning run of '" + cluster
          + "' is running or paused: let it finish, resume or cancel it first");
    }
  }

  private void event(OperationContext ctx, long runId, AtomicInteger seq, AnsibleEvent e) {
    if (e instanceof AnsibleEvent.TaskResult t) {
      String status = t.status().name().toLowerCase(java.util.Locale.ROOT);
      hosts.addTask(runId, seq.incrementAndGet(), t.host(), t.task(), status, t.message());
      String line = status + ": [" + t.host() + "] " + t.task() + (t.message() == null || t.message().isBlank()
          || !"failed".equals(status) && !"unreachable".equals(status) ? "" : " — " + t.message());
      if ("failed".equals(status) || "unreachable".equals(status)) {
        ctx.warn(line);
      } else if (!"skipped".equals(status)) {
        ctx.info(line);
      }
    } else if (e instanceof AnsibleEvent.PlayStarted p) {
      hosts.addTask(runId, seq.incrementAndGet(), null, p.name(), "play", null);
      ctx.info("play: " + p.name());
    }
  }

  /**
   * Registers the installed cluster (or returns it when a re-run finds it registered), with the
   * Prometheus and Alertmanager the monitoring role runs on the first HMaster host (ADR 0017).
   */
  Cluster register(Plan plan) throws IOException {
    Cluster c = registerEndpoints(plan);
    String host = plan.hostsRunning(Role.HBASE_MASTER).get(0).address();
    monitoring.save(c.id(), "http://" + host + ":" + io.granary.provisioning.config.Layout.PROMETHEUS_PORT,
        "http://" + host + ":" + io.granary.provisioning.config.Layout.ALERTMANAGER_PORT);
    return c;
  }

  private Cluster registerEndpoints(Plan plan) throws IOException {
    Optional<Cluster> existing = clusters.list().stream().filter(c -> c.name().equals(plan.cluster())).findFirst();
    if (existing.isPresent()) {
      return existing.get();
    }
    String zk = plan.hostsRunning(Role.ZOOKEEPER).stream().map(h -> h.address() + ":2181")
        .collect(Collectors.joining(","));
    List<PlannedHost> nns = plan.hostsRunning(Role.NAMENODE);
    EngineKerberos kerberos = kerberos(plan);
    // Kerberos brings the engine's web UIs to HTTPS (the NameNode's on its HTTPS port)
    String scheme = kerberos == null ? "http://" : "https://";
    List<String> masterWebs = plan.hostsRunning(Role.HBASE_MASTER).stream()
        .map(h -> scheme + h.address() + ":16010").toList();
    String nnPort = kerberos == null ? ":9870" : ":9871";
    String nnWeb = scheme + nns.get(0).address() + nnPort;
    if (plan.ha() != null && plan.ha().enabled()) {
      // clients go through the nameservice; the collector asks each member (nn1, nn2 in plan order)
      return clusters.register(plan.cluster(), ClusterKind.PROVISIONED, zk, "hdfs://" + plan.ha().nameservice(),
          nnWeb, masterWebs.get(0), nns.stream().map(h -> h.address() + ":8020").toList(),
          nns.stream().map(h -> scheme + h.address() + nnPort).toList(), masterWebs, kerberos);
    }
    return clusters.register(plan.cluster(), ClusterKind.PROVISIONED, zk, "hdfs://" + nns.get(0).address() + ":8020",
        nnWeb, masterWebs.get(0), List.of(), List.of(), List.of(), kerberos);
  }

  private static void deleteQuietly(Path dir) {
    try (var walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // nothing to clean
    }
  }

  public String ansibleDir() {
    return props.ansibleDir();
  }

  public List<HostRepository.RunRow> runs() {
    return hosts.runs();
  }

  public HostRepository.RunRow run(long id) {
    return hosts.run(id).orElseThrow(() -> ProblemException.of(ProblemType.PROVISIONING_RUN_NOT_FOUND,
        "no provisioning run " + id));
  }

  public List<HostRepository.TaskRow> tasks(long id) {
    return hosts.tasks(run(id).id());
  }
}
