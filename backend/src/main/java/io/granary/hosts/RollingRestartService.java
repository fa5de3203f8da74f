package io.granary.hosts;

import io.granary.clusters.Cluster;
import io.granary.clusters.ClustersService;
import io.granary.engine.EngineGateway;
import io.granary.engine.EnginePlacement;
import io.granary.operations.Operation;
import io.granary.operations.OperationCancelledException;
import io.granary.operations.OperationContext;
import io.granary.operations.OperationsProperties;
import io.granary.operations.OperationsService;
import io.granary.provisioning.PlanResult;
import io.granary.provisioning.model.Plan;
import io.granary.provisioning.model.PlannedHost;
import io.granary.provisioning.model.Role;
import io.granary.provisioning.render.InventoryRenderer;
import io.granary.provisioning.runner.AnsibleEvent;
import io.granary.provisioning.runner.RunResult;
import io.granary.shared.problem.FieldError;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Service;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Rolling restarts and configuration changes of a provisioned cluster, step by step (a step is one
 * run of {@code rolling_restart.yml} for one role on a batch of its hosts; a configuration change
 * starts with a step that writes the files through {@code install.yml} without restarting). Steps
 * are rows, so a run pauses and resumes between steps, aborts after the current one, and is adopted
 * by the next control plane when this one stops (a step is safe to run again).
 */
@Service
public class RollingRestartService {
  public static final String OPERATION_TYPE = "ROLLING_RESTART";
  public static final String ROLLING = "rolling_restart";
  public static final String CONFIG_CHANGE = "config_change";
  static final List<String> PLAYBOOKS = List.of(ROLLING, CONFIG_CHANGE);
  static final int MAX_BATCH = 10;
  /** Task names of rolling_restart.yml: "Rolling restart <phase> on <host>". */
  private static final Pattern TASK = Pattern.compile("rolling restart (.+?) on (\\S+)$");
  private static final Pattern MOVED = Pattern.compile("(\\d+) regions moved off");
  private static final Map<String, String> PHASES = new LinkedHashMap<>();
  /** How long the control plane moves a RegionServer's regions back after its step before it fails the step. */
  static final Duration RETURN_TIMEOUT = Duration.ofMinutes(5);
  private static final TypeReference<Map<String, Map<String, String>>> BEFORE = new TypeReference<>() {};

  static {
    PHASES.put("unload regions", "UNLOADING_REGIONS");
    PHASES.put("restart", "RESTARTING");
    PHASES.put("wait for health", "WAITING_FOR_HEALTH");
    PHASES.put("load regions", "LOADING_REGIONS");
    PHASES.put("wait for blocks", "WAITING_FOR_BLOCKS");
  }

  private final ProvisioningService provisioning;
  private final InstalledState installed;
  private final InstallRepository repo;
  private final HostRepository hosts;
  private final ClustersService clusters;
  private final OperationsService operations;
  private final OperationsProperties operationProps;
  private final RunAdoption adoption;
  private final TaskScheduler scheduler;
  private final JsonMapper json;
  private final EngineGateway engine;
  private final EnginePlacement placement;
  private final Set<Long> active = ConcurrentHashMap.newKeySet();
  private volatile boolean firstTick = true;

  public RollingRestartService(ProvisioningService provisioning, InstalledState installed, InstallRepository repo,
      HostRepository hosts, ClustersService clusters, OperationsService operations,
      OperationsProperties operationProps, RunAdoption adoption, TaskScheduler scheduler, JsonMapper json,
      EngineGateway engine, EnginePlacement placement) {
    this.provisioning = provisioning;
    this.installed = installed;
    this.repo = repo;
    this.hosts = hosts;
    this.clusters = clusters;
    this.operations = operations;
    this.operationProps = operationProps;
    this.adoption = adoption;
    this.scheduler = scheduler;
    this.json = json;
    this.engine = engine;
    this.placement = placement;
  }

  /** What the user asked for; null fields take their defaults. */
  public record Request(List<String> roles, List<String> hosts, Integer batchSize, Boolean onlyChanged) {}

  public record Preview(List<RestartSteps.StepPlan> steps, List<String> shellCommands) {}

  public Preview preview(long clusterId, Request req) {
    Cluster c = clusters.get(clusterId);
    List<RestartSteps.StepPlan> steps = steps(c, req);
    return new Preview(steps, steps.stream().map(RestartSteps::shell).toList());
  }

  private List<RestartSteps.StepPlan> steps(Cluster c, Request req) {
    Plan plan = installed.latestOf(c).plan();
    int batch = batch(req.batchSize());
    if (Boolean.TRUE.equals(req.onlyChanged())) {
      List<RestartSteps.StepPlan> pending = pendingRestarts(c.name());
      if (pending.isEmpty()) {
        throw ProblemException.of(ProblemType.NOTHING_TO_RESTART, "no configuration change of '" + c.name()
            + "' left a restart pending");
      }
      // re-batched: the pending steps may come from a different batch size
      Map<Role, List<String>> byRole = new LinkedHashMap<>();
      pending.forEach(s -> byRole.computeIfAbsent(Role.byId(s.role()).orElseThrow(), r -> new ArrayList<>())
          .addAll(s.hosts()));
      return RestartSteps.forRestarts(plan, byRole, batch);
    }
    List<FieldError> errors = new ArrayList<>();
    List<Role> roles = new ArrayList<>();
    List<String> asked = req.roles() == null ? List.of() : req.roles();
    for (int i = 0; i < asked.size(); i++) {
      String id = asked.get(i);
      Role.byId(id).ifPresentOrElse(roles::add, () -> errors.add(new FieldError("roles", "unknown role '" + id
          + "': one of " + Role.ids())));
    }
    Set<String> only = new LinkedHashSet<>();
    for (String h : req.hosts() == null ? List.<String>of() : req.hosts()) {
      InventoryRenderer.find(plan, h.trim()).ifPresentOrElse(p -> only.add(InventoryRenderer.inventoryName(p)),
          () -> errors.add(new FieldError("hosts", "'" + h + "' is not a host of installed cluster '" + c.name() + "'")));
    }
    if (!errors.isEmpty()) {
      throw ProblemException.invalid(errors);
    }
    List<RestartSteps.StepPlan> steps = RestartSteps.plan(plan, roles, only, batch);
    if (steps.isEmpty()) {
      throw ProblemException.of(ProblemType.NOTHING_TO_RESTART, "no host of '" + c.name() + "' runs "
          + (roles.isEmpty() ? "any role" : roles.toString()) + (only.isEmpty() ? "" : " among " + only));
    }
    return steps;
  }

  static int batch(Integer size) {
    if (size == null) {
      return 1;
    }
    if (size < 1 || size > MAX_BATCH) {
      throw ProblemException.invalid(List.of(new FieldError("batchSize", "between 1 and " + MAX_BATCH)));
    }
    return size;
  }

  public HostRepository.RunRow start(long clusterId, Request req, String confirm, String user) {
    Cluster c = clusters.get(clusterId);
    refuseKerberized(c, "a rolling restart");
    requireConfirm(c, confirm, "a rolling restart stops each role in turn");
    List<RestartSteps.StepPlan> steps = steps(c, req);
    provisioning.refuseConcurrentRun(c.name());
    provisioning.inventoryHosts(installed.latestOf(c).plan());
    String command = "cd " + Path.of(provisioning.ansibleDir()).toAbsolutePath()
        + " && ansible-playbook -i <inventory>/hosts.yml rolling_restart.yml  # one run per step";
    return begin(c, ROLLING, json.writeValueAsString(req), command, steps, user);
  }

  /**
   * Day-2 runs (rolling restarts, configuration changes, scale-out and scale-in) have not been proven on a
   * Kerberized cluster: their playbooks' engine command-line tools would run without a ticket and could stop
   * half-way with regions moved off. Refused before anything runs.
   */
  static void refuseKerberized(Cluster c, String what) {
    if (c.kerberos() != null) {
      throw ProblemException.of(ProblemType.KERBEROS_UNSUPPORTED, what + " of '" + c.name() + "' is not supported yet:"
          + " the cluster runs Kerberos (realm " + c.kerberos().realm() + "). Restart or change it with Ansible by"
          + " hand (docs/operations/kerberos.md)");
    }
  }

  static void requireConfirm(Cluster c, String confirm, String why) {
    if (!c.name().equals(confirm)) {
      throw ProblemException.invalid(List.of(new FieldError("confirm", why + ": type the cluster's name '"
          + c.name() + "' to confirm")));
    }
  }

  /** Records a run of steps and drives it (for configuration changes too: their first step writes the files). */
  HostRepository.RunRow begin(Cluster c, String playbook, String spec, String command,
      List<RestartSteps.StepPlan> steps, String user) {
    long runId = hosts.insertRun(c.name(), playbook, spec, command, user);
    repo.cluster(runId, c.id());
    for (int i = 0; i < steps.size(); i++) {
      repo.insertStep(runId, i, steps.get(i).role(), steps.get(i).hosts());
    }
    launch(runId, c, null);
    return hosts.run(runId).orElseThrow();
  }

  private void launch(long runId, Cluster c, String note) {
    repo.claim(runId, operations.runnerId());
    HostRepository.RunRow r = hosts.run(runId).orElseThrow();
    active.add(runId);
    try {
      String what = CONFIG_CHANGE.equals(r.playbook()) ? "configuration change of " : "rolling restart of ";
      Operation op = operations.start(OPERATION_TYPE, c.id(), what + c.name(), r.command(), r.createdBy(), ctx -> {
        try {
          if (note != null) {
            ctx.info(note);
          }
          return drive(ctx, runId, c);
        } finally {
          active.remove(runId);
        }
      });
      hosts.setOperation(runId, op.id());
    } catch (RuntimeException e) {
      active.remove(runId);
      throw e;
    }
  }

  private String drive(OperationContext ctx, long runId, Cluster c) throws Exception {
    List<InstallRepository.Step> all = repo.steps(runId);
    boolean stopping = false;
    try {
      for (InstallRepository.Step s : all) {
        if (s.done()) {
          continue;
        }
        HostRepository.RunRow r = hosts.run(runId).orElseThrow();
        String where = "before step " + (s.seq() + 1) + " of " + all.size() + " (" + s.role() + " on "
            + String.join(", ", s.hosts()) + ")";
        if (r.abortRequested()) {
          String msg = "aborted " + where + "; the steps before it are done";
          // the balancer is back before the run says it ended
          releaseBalancer(ctx, runId, c);
          hosts.finishRun(runId, "CANCELLED", msg, null, c.id());
          return msg;
        }
        if (r.pauseRequested()) {
          repo.pauseRequested(runId, false);
          String msg = "paused " + where + ": resume to continue";
          releaseBalancer(ctx, runId, c);
          repo.state(runId, "PAUSED", msg);
          return msg;
        }
        ctx.progress(100 * s.seq() / all.size(), "step " + (s.seq() + 1) + " of " + all.size() + ": " + s.role()
            + " on " + String.join(", ", s.hosts()));
        if (RestartSteps.CONFIG.equals(s.role())) {
          writeConfig(ctx, runId, c, r, s);
        } else {
          if (Role.REGIONSERVER.id().equals(s.role())) {
            holdBalancer(ctx, runId, c);
          } else {
            releaseBalancer(ctx, runId, c);
          }
          restart(ctx, runId, c, s);
        }
      }
      String msg = (CONFIG_CHANGE.equals(hosts.run(runId).orElseThrow().playbook()) ? "configuration change"
          : "rolling restart") + " of '" + c.name() + "': " + all.size() + " step(s) done";
      releaseBalancer(ctx, runId, c);
      hosts.finishRun(runId, "SUCCEEDED", msg, null, c.id());
      clusters.refresh(c.id());
      return msg;
    } catch (OperationCancelledException e) {
      releaseBalancer(ctx, runId, c);
      hosts.finishRun(runId, "CANCELLED", "cancelled in the middle of a step; start a rolling restart of the steps"
          + " left to finish it", null, c.id());
      throw e;
    } catch (InterruptedException e) {
      // the control plane is stopping: the run stays RUNNING and the next one adopts it (and the balancer)
      stopping = true;
      Thread.currentThread().interrupt();
      throw e;
    } catch (Exception e) {
      releaseBalancer(ctx, runId, c);
      hosts.finishRun(runId, "FAILED", e.getMessage(), null, c.id());
      throw e;
    } finally {
      // a no-op when a path above gave it back already
      if (!stopping) {
        releaseBalancer(ctx, runId, c);
      }
    }
  }

  /**
   * The balancer would move regions between a RegionServer's unload and load (HBase's RegionMover
   * presumes it off): off for the RegionServer steps, back on after them, also when the run pauses,
   * fails or ends, if it was on before.
   */
  private void holdBalancer(OperationContext ctx, long runId, Cluster c) throws Exception {
    if (repo.balancerRestore(runId)) {
      return;
    }
    if (engine.balancerSwitch(c.endpoints(), false)) {
      repo.balancerRestore(runId, true);
      ctx.info("balancer switched off for the RegionServer steps (hbase shell> balance_switch false)");
    }
  }

  private void releaseBalancer(OperationContext ctx, long runId, Cluster c) {
    if (!repo.balancerRestore(runId)) {
      return;
    }
    try {
      engine.balancerSwitch(c.endpoints(), true);
      repo.balancerRestore(runId, false);
      ctx.info("balancer switched back on (hbase shell> balance_switch true)");
    } catch (Exception e) {
      ctx.info("could not switch the balancer back on (" + e.getMessage() + "); it stays off until"
          + " hbase shell> balance_switch true");
    }
  }

  /** The change's first step: every host's files, no restart; then the change is the installed version. */
  private void writeConfig(OperationContext ctx, long runId, Cluster c, HostRepository.RunRow r,
      InstallRepository.Step s) throws Exception {
    ProvisioningService.SpecInput spec = json.readValue(r.spec(), ProvisioningService.SpecInput.class);
    PlanResult planned = provisioning.plan(spec, false);
    Plan plan = planned.plan();
    repo.stepPhase(runId, s.seq(), "WRITING_CONFIG");
    RunResult result = provisioning.runPlaybook(ctx, runId, plan, ProvisioningService.INSTALL,
        provisioning.inventoryHosts(plan), Set.of(), Set.of(), Map.of("granary_defer_restarts", true),
        pid -> repo.ansiblePid(runId, pid), e -> repo.heartbeat(runId, operations.runnerId()));
    check(result, "install.yml (files only)");
    int version = installed.record(plan, spec, runId, CONFIG_CHANGE, r.createdBy());
    repo.stepPhase(runId, s.seq(), "DONE");
    ctx.info("configuration written to every host (nothing restarted yet); installed version " + version);
  }

  private void restart(OperationContext ctx, long runId, Cluster c, InstallRepository.Step s) throws Exception {
    Plan plan = installed.latestOf(c).plan();
    boolean regionServers = Role.REGIONSERVER.id().equals(s.role());
    if (regionServers) {
      recordRegionsBefore(ctx, runId, c, plan, s);
    }
    repo.stepPhase(runId, s.seq(), "RESTARTING");
    Map<String, Object> vars = Map.of("rolling_restart_role", s.role(), "rolling_restart_hosts", s.hosts());
    RunResult result = provisioning.runPlaybook(ctx, runId, plan, ROLLING, provisioning.inventoryHosts(plan), Set.of(),
        Set.of(), vars, pid -> repo.ansiblePid(runId, pid), e -> {
          onEvent(runId, s, e);
          repo.heartbeat(runId, operations.runnerId());
        });
    check(result, "rolling_restart.yml for " + s.role() + " on " + String.join(", ", s.hosts()));
    if (regionServers) {
      checkRegionsBack(ctx, runId, c, plan, s);
    }
    repo.stepPhase(runId, s.seq(), "DONE");
    ctx.info(s.role() + " restarted on " + String.join(", ", s.hosts()));
  }

  /** What each RegionServer of the step holds before it, kept with the step (a re-run keeps the first). */
  private void recordRegionsBefore(OperationContext ctx, long runId, Cluster c, Plan plan, InstallRepository.Step s) {
    if (s.regionsBefore() != null) {
      return;
    }
    Map<String, Map<String, String>> before = new TreeMap<>();
    try {
      for (String h : s.hosts()) {
        before.put(h, placement.regionsOn(c.endpoints(), namesOf(plan, h)));
      }
    } catch (IOException e) {
      ctx.warn("could not read the regions of " + String.join(", ", s.hosts()) + " before the step (" + e.getMessage()
          + "): whether they return is not checked");
      return;
    }
    repo.regionsBefore(runId, s.seq(), json.writeValueAsString(before));
  }

  /**
   * After a RegionServer step: every region its servers held before is open on their new instances.
   * The region mover's load brings them back; any it left elsewhere the control plane moves itself
   * (hbase shell> move), and the step fails naming those that still are not back.
   */
  private void checkRegionsBack(OperationContext ctx, long runId, Cluster c, Plan plan, InstallRepository.Step s)
      throws Exception {
    String recorded = repo.steps(runId).stream().filter(x -> x.seq() == s.seq()).findFirst()
        .map(InstallRepository.Step::regionsBefore).orElse(null);
    if (recorded == null) {
      return;
    }
    Map<String, Map<String, String>> before = json.readValue(recorded, BEFORE);
    int back = 0;
    List<String> problems = new ArrayList<>();
    for (Map.Entry<String, Map<String, String>> h : before.entrySet()) {
      if (h.getValue().isEmpty()) {
        continue;
      }
      EnginePlacement.Return r = placement.returnRegions(c.endpoints(), namesOf(plan, h.getKey()), h.getValue(),
          RETURN_TIMEOUT);
      back += r.back();
      ctx.info(r.back() + " of " + h.getValue().size() + " regions back on " + r.server()
          + (r.movedBack().isEmpty() ? "" : "; " + r.movedBack().size() + " of them moved back by the control plane,"
              + " the region mover had left them elsewhere: " + r.movedBack())
          + (r.gone().isEmpty() ? "" : "; " + r.gone().size() + " no longer exist (split, merged or dropped)"));
      if (!r.notBack().isEmpty()) {
        problems.add(r.notBack().size() + " on " + h.getKey() + " " + r.notBack());
      }
    }
    repo.regionsBack(runId, s.seq(), back);
    if (!problems.isEmpty()) {
      throw new IllegalStateException("regions not back on their RegionServer within " + RETURN_TIMEOUT.toMinutes()
          + " min: " + String.join("; ", problems) + " (hbase shell> move 'ENCODED_NAME', 'SERVER_NAME');"
          + " start a rolling restart of this role to go on");
    }
  }

  /** The names a host's RegionServer may register under: its inventory name, host name or address. */
  static Set<String> namesOf(Plan plan, String host) {
    Set<String> names = new LinkedHashSet<>();
    names.add(host);
    InventoryRenderer.find(plan, host).ifPresent((PlannedHost p) -> {
      if (p.hostname() != null) {
        names.add(p.hostname());
      }
      names.add(p.address());
    });
    return names;
  }

  private void check(RunResult result, String what) {
    if (result.cancelled()) {
      throw new OperationCancelledException();
    }
    if (!result.succeeded()) {
      throw new IllegalStateException(what + ": " + result.summary()
          + " — the run stopped at this step; start a rolling restart with onlyChanged (or of this role) to go on");
    }
  }

  private void onEvent(long runId, InstallRepository.Step s, AnsibleEvent e) {
    if (e instanceof AnsibleEvent.TaskStarted t) {
      String[] hp = phaseOf(t.name());
      if (hp != null) {
        repo.stepEvent(runId, s.seq(), hp[0], hp[1]);
        repo.stepPhase(runId, s.seq(), hp[1]);
      }
    } else if (e instanceof AnsibleEvent.TaskResult t && t.message() != null) {
      Matcher m = MOVED.matcher(t.message());
      if (m.find()) {
        repo.regionsMoved(runId, s.seq(), Integer.parseInt(m.group(1)));
      }
    }
  }

  /** {host, phase} of a task named "Rolling restart <phase> on <host>" (a role's task: "role : name"). */
  static String[] phaseOf(String taskName) {
    if (taskName == null) {
      return null;
    }
    String n = taskName.toLowerCase(Locale.ROOT).trim();
    int role = n.lastIndexOf(" : ");
    n = role < 0 ? n : n.substring(role + 3);
    Matcher m = TASK.matcher(n);
    if (!m.find() || !n.startsWith("rolling restart ")) {
      return null;
    }
    for (Map.Entry<String, String> p : PHASES.entrySet()) {
      if (m.group(1).startsWith(p.getKey())) {
        // host names keep their case: take it from the original name's tail
        String host = taskName.trim().substring(taskName.trim().length() - m.group(2).length());
        return new String[] {host, p.getValue()};
      }
    }
    return null;
  }

  /** Restarts a configuration change wrote but did not do (its run failed or was aborted). */
  public List<RestartSteps.StepPlan> pendingRestarts(String cluster) {
    return repo.newestRun(cluster, List.of(CONFIG_CHANGE)).map(id -> {
      HostRepository.RunRow r = hosts.run(id).orElseThrow();
      if ("SUCCEEDED".equals(r.state()) || "RUNNING".equals(r.state())) {
        return List.<RestartSteps.StepPlan>of();
      }
      List<InstallRepository.Step> steps = repo.steps(id);
      boolean written = steps.stream().anyMatch(s -> RestartSteps.CONFIG.equals(s.role()) && s.done());
      if (!written) {
        return List.<RestartSteps.StepPlan>of();
      }
      // a later rolling restart may have done them since
      long since = repo.newestRun(cluster, List.of(ROLLING)).filter(x -> x > id).map(x -> hosts.run(x).orElseThrow())
          .filter(x -> "SUCCEEDED".equals(x.state())).map(HostRepository.RunRow::id).orElse(-1L);
      if (since > 0) {
        return List.<RestartSteps.StepPlan>of();
      }
      return steps.stream().filter(s -> !RestartSteps.CONFIG.equals(s.role()) && !s.done())
          .map(s -> new RestartSteps.StepPlan(s.role(), s.hosts())).toList();
    }).orElse(List.of());
  }

  public List<InstallRepository.Step> steps(long runId) {
    return repo.steps(runId);
  }

  public List<InstallRepository.StepEvent> events(long runId) {
    return repo.stepEvents(runId);
  }

  // ---- pause, resume, abort, adoption

  public boolean drives(String playbook) {
    return PLAYBOOKS.contains(playbook);
  }

  public HostRepository.RunRow pause(long runId) {
    HostRepository.RunRow r = provisioning.run(runId);
    if (!drives(r.playbook()) || !"RUNNING".equals(r.state())) {
      throw conflict(r, "only a running rolling restart or configuration change pauses");
    }
    repo.pauseRequested(runId, true);
    return hosts.run(runId).orElseThrow();
  }

  public HostRepository.RunRow resume(long runId) {
    HostRepository.RunRow r = provisioning.run(runId);
    if (!drives(r.playbook()) || !"PAUSED".equals(r.state())) {
      throw conflict(r, "only a paused rolling restart or configuration change resumes");
    }
    Cluster c = clusterOf(r);
    // claimed before it counts as running: a pause longer than the stale time must not look orphaned
    repo.claim(runId, operations.runnerId());
    repo.state(runId, "RUNNING", "resumed");
    launch(runId, c, "resumed after a pause");
    return hosts.run(runId).orElseThrow();
  }

  public HostRepository.RunRow abort(long runId) {
    HostRepository.RunRow r = provisioning.run(runId);
    if (!drives(r.playbook()) || !List.of("RUNNING", "PAUSED").contains(r.state())) {
      throw conflict(r, "only a running or paused rolling restart or configuration change aborts");
    }
    if ("PAUSED".equals(r.state())) {
      hosts.finishRun(runId, "CANCELLED", "aborted while paused; the steps before it are done", null, r.clusterId());
    } else {
      repo.abortRequested(runId, true);
    }
    return hosts.run(runId).orElseThrow();
  }

  private static ProblemException conflict(HostRepository.RunRow r, String what) {
    return ProblemException.of(ProblemType.RUN_STATE_CONFLICT, "run " + r.id() + " is a " + r.playbook()
        + " run in state " + r.state() + ": " + what);
  }

  private Cluster clusterOf(HostRepository.RunRow r) {
    return clusters.list().stream().filter(x -> x.name().equals(r.cluster())).findFirst().orElseThrow(() ->
        ProblemException.of(ProblemType.RUN_STATE_CONFLICT, "cluster '" + r.cluster() + "' is no longer registered"));
  }

  @EventListener(ApplicationReadyEvent.class)
  public void startAdopting() {
    scheduler.scheduleWithFixedDelay(this::adoptOrphans, operationProps.heartbeat());
  }

  void adoptOrphans() {
    boolean startup = firstTick;
    firstTick = false;
    adoption.tick(PLAYBOOKS, active, startup, (id, c) -> launch(id, c, "resumed: the control plane that drove this"
        + " run stopped; the step it was on runs again"));
  }
}
