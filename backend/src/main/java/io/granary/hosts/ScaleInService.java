package io.granary.hosts;

import io.granary.clusters.Cluster;
import io.granary.clusters.ClustersService;
import io.granary.engine.EngineScaleIn;
import io.granary.operations.Operation;
import io.granary.operations.OperationCancelledException;
import io.granary.operations.OperationContext;
import io.granary.operations.OperationsProperties;
import io.granary.operations.OperationsService;
import io.granary.provisioning.model.ConfigFile;
import io.granary.provisioning.model.ConfigValue;
import io.granary.provisioning.model.Plan;
import io.granary.provisioning.model.PlannedHost;
import io.granary.provisioning.render.InventoryRenderer;
import io.granary.provisioning.runner.AnsibleEvent;
import io.granary.provisioning.runner.RunResult;
import io.granary.provisioning.scalein.ScaleInCheck;
import io.granary.provisioning.scalein.ScaleInPreflight;
import io.granary.shared.problem.FieldError;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import io.granary.tables.EngineCall;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Service;
import tools.jackson.databind.json.JsonMapper;

/**
 * Removes DataNode + RegionServer hosts from a provisioned cluster, one host per run of
 * {@code scale_in.yml}: regions unloaded, RegionServer stopped, DataNode decommissioned until no
 * block lacks redundancy, then stopped and forgotten. Each finished host becomes a new installed
 * version. The run is recorded in PostgreSQL host by host, so a paused run resumes and a run whose
 * control plane died is adopted and finished by the next one (the playbook is idempotent).
 */
@Service
public class ScaleInService {
  public static final String OPERATION_TYPE = "SCALE_IN";
  static final String PLAYBOOK = ProvisioningService.SCALE_IN;
  private static final Logger log = LoggerFactory.getLogger(ScaleInService.class);
  /** Task names of scale_in.yml start with "Scale-in <phase> on": the phase each one begins. */
  private static final Map<String, String> PHASES = Map.of(
      "unload regions", "UNLOADING_REGIONS", "stop regionserver", "STOPPING_REGIONSERVER",
      "decommission datanode", "DECOMMISSIONING", "wait for redundancy", "WAITING_FOR_REDUNDANCY",
      "stop datanode", "STOPPING_DATANODE", "forget datanode", "FORGETTING");

  private final ProvisioningService provisioning;
  private final InstalledState installed;
  private final InstallRepository repo;
  private final HostRepository hosts;
  private final ClustersService clusters;
  private final OperationsService operations;
  private final OperationsProperties operationProps;
  private final EngineScaleIn engine;
  private final TaskScheduler scheduler;
  private final RunAdoption adoption;
  private final JsonMapper json;
  private final Set<Long> active = ConcurrentHashMap.newKeySet();
  private volatile boolean firstTick = true;

  public ScaleInService(ProvisioningService provisioning, InstalledState installed, InstallRepository repo,
      HostRepository hosts, ClustersService clusters, OperationsService operations,
      OperationsProperties operationProps, EngineScaleIn engine, TaskScheduler scheduler, RunAdoption adoption,
      JsonMapper json) {
    this.provisioning = provisioning;
    this.installed = installed;
    this.repo = repo;
    this.hosts = hosts;
    this.clusters = clusters;
    this.operations = operations;
    this.operationProps = operationProps;
    this.engine = engine;
    this.scheduler = scheduler;
    this.adoption = adoption;
    this.json = json;
  }

  public record Preflight(List<String> hosts, ScaleInCheck check, List<String> shellCommands, int installedVersion) {}

  public Preflight preflight(long clusterId, List<String> requested) {
    Cluster c = clusters.get(clusterId);
    InstalledState.Installed inst = installedOf(c);
    List<String> asked = requested == null ? List.of() : requested.stream().map(String::trim).toList();
    EngineScaleIn.Facts f = EngineCall.answer(() -> engine.facts(c.endpoints()));
    ScaleInCheck check = ScaleInPreflight.check(inst.plan(), asked, live(inst.plan(), f));
    List<String> shell = new ArrayList<>();
    for (String name : check.hosts()) {
      String h = address(inst.plan(), name);
      shell.add("hbase org.apache.hadoop.hbase.util.RegionMover -r " + h + ":16020 -o unload  # ack mode is the default; then stop"
          + " granary-regionserver on " + name);
      shell.add("echo " + h + " >> /etc/granary/dfs.exclude && hdfs dfsadmin -refreshNodes  # wait: hdfs dfsadmin"
          + " -report -decommissioning");
      shell.add("systemctl stop granary-datanode  # on " + name + "; then drop " + h + " from dfs.include and"
          + " dfs.exclude and refresh again");
    }
    return new Preflight(check.hosts(), check, shell, inst.version());
  }

  static ScaleInPreflight.LiveFacts live(Plan plan, EngineScaleIn.Facts f) {
    ConfigValue replication = plan.config().get(ConfigFile.HDFS_SITE).get("dfs.replication");
    int rf = 0; // LiveFacts takes 0 as HDFS's default
    if (replication != null && replication.value().trim().matches("\\d{1,3}")) {
      rf = Integer.parseInt(replication.value().trim());
    }
    return new ScaleInPreflight.LiveFacts(
        f.dataNodes().stream().map(d -> new ScaleInPreflight.DataNodeFact(d.address(), d.hostname(), d.rack(),
            d.usedBytes(), d.remainingBytes(), d.live())).toList(),
        f.enabledEcPolicies().stream().map(p -> new ScaleInPreflight.EcPolicyFact(p.name(), p.dataUnits(),
            p.parityUnits())).toList(),
        rf, f.lowRedundancyBlocks(), f.missingBlocks());
  }

  private InstalledState.Installed installedOf(Cluster c) {
    return installed.latestOf(c);
  }

  public HostRepository.RunRow start(long clusterId, List<String> requested, String confirm, String user) {
    Cluster c = clusters.get(clusterId);
    RollingRestartService.refuseKerberized(c, "a scale-in");
    if (!c.name().equals(confirm)) {
      throw ProblemException.invalid(List.of(new FieldError("confirm", "a scale-in moves data off hosts and stops"
          + " their roles: type the cluster's name '" + c.name() + "' to confirm")));
    }
    Preflight p = preflight(clusterId, requested);
    if (!p.check().ok()) {
      List<FieldError> errors = p.check().errors().stream()
          .map(f -> new FieldError(f.field() == null || f.field().isEmpty() ? "hosts" : f.field(),
              f.code().code() + ": " + f.message()))
          .toList();
      throw new ProblemException(ProblemType.SCALE_IN_UNSAFE, errors.size() + " reason(s) refuse removing "
          + String.join(", ", p.hosts()) + ": " + String.join("; ", errors.stream().map(FieldError::message).toList()),
          errors);
    }
    provisioning.refuseConcurrentRun(c.name());
    Plan plan = installedOf(c).plan();
    provisioning.inventoryHosts(plan);
    List<String> addresses = p.hosts().stream().map(h -> address(plan, h)).toList();
    String command = "cd " + Path.of(provisioning.ansibleDir()).toAbsolutePath()
        + " && ansible-playbook -i <inventory>/hosts.yml scale_in.yml  # the hosts in group scale_in, one at a time";
    long runId = hosts.insertRun(c.name(), PLAYBOOK, json.writeValueAsString(Map.of("hosts", addresses)), command,
        user);
    repo.cluster(runId, c.id());
    for (int i = 0; i < addresses.size(); i++) {
      repo.insertScaleInHost(runId, i, addresses.get(i));
    }
    launch(runId, c, null);
    return hosts.run(runId).orElseThrow();
  }

  /** The plan's address of a host named by address or hostname. */
  static String address(Plan plan, String host) {
    return InventoryRenderer.find(plan, host).map(PlannedHost::address).orElse(host);
  }

  private void launch(long runId, Cluster c, String note) {
    repo.claim(runId, operations.runnerId());
    HostRepository.RunRow r = hosts.run(runId).orElseThrow();
    active.add(runId);
    try {
      Operation op = operations.start(OPERATION_TYPE, c.id(), "scale-in of " + c.name(), r.command(), r.createdBy(),
          ctx -> {
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
    List<InstallRepository.ScaleInHost> all = repo.scaleInHosts(runId);
    try {
      for (InstallRepository.ScaleInHost h : all) {
        if (h.done()) {
          continue;
        }
        HostRepository.RunRow r = hosts.run(runId).orElseThrow();
        if (r.abortRequested()) {
          String msg = "aborted before " + h.host() + " (" + done(runId) + " of " + all.size() + " hosts removed)";
          hosts.finishRun(runId, "CANCELLED", msg, null, c.id());
          return msg;
        }
        if (r.pauseRequested()) {
          repo.pauseRequested(runId, false);
          String msg = "paused before " + h.host() + " (" + done(runId) + " of " + all.size() + " hosts done): resume to"
              + " continue";
          repo.state(runId, "PAUSED", msg);
          return msg;
        }
        removeHost(ctx, runId, c, h, all.size());
      }
      String msg = "scale-in of '" + c.name() + "': " + all.size() + " host(s) removed ("
          + String.join(", ", all.stream().map(InstallRepository.ScaleInHost::host).toList()) + ")";
      hosts.finishRun(runId, "SUCCEEDED", msg, null, c.id());
      clusters.refresh(c.id());
      return msg;
    } catch (OperationCancelledException e) {
      hosts.finishRun(runId, "CANCELLED", "cancelled; re-run the scale-in of the hosts left to finish it", null, c.id());
      throw e;
    } catch (InterruptedException e) {
      // the control plane is stopping: the run stays RUNNING and the next one adopts it
      Thread.currentThread().interrupt();
      throw e;
    } catch (Exception e) {
      hosts.finishRun(runId, "FAILED", e.getMessage(), null, c.id());
      throw e;
    }
  }

  private int done(long runId) {
    return (int) repo.scaleInHosts(runId).stream().filter(InstallRepository.ScaleInHost::done).count();
  }

  private void removeHost(OperationContext ctx, long runId, Cluster c, InstallRepository.ScaleInHost h, int total)
      throws Exception {
    InstalledState.Installed inst = installedOf(c);
    Plan plan = inst.plan();
    Optional<PlannedHost> ph = plan.hosts().stream().filter(x -> x.address().equals(h.host())).findFirst();
    if (ph.isEmpty()) {
      // a resumed run whose host was already forgotten and recorded
      repo.phase(runId, h.seq(), "DONE");
      return;
    }
    String name = InventoryRenderer.inventoryName(ph.get());
    int base = 100 * h.seq() / total;
    repo.phase(runId, h.seq(), "UNLOADING_REGIONS");
    ctx.progress(base, "scale-in of " + name + ": unloading its regions");
    AtomicReference<String> phase = new AtomicReference<>("UNLOADING_REGIONS");
    // the playbook runs; a watcher thread samples regions and blocks left every 2 s
    Thread watcher = new Thread(() -> watch(runId, c, h, ph.get(), phase), "scale-in-watch-" + runId);
    watcher.setDaemon(true);
    watcher.start();
    RunResult result;
    try {
      result = provisioning.runPlaybook(ctx, runId, plan, PLAYBOOK, provisioning.inventoryHosts(plan), Set.of(),
          Set.of(h.host()), Map.of(), pid -> repo.ansiblePid(runId, pid), e -> {
            String p = phaseOf(e);
            if (p != null && !p.equals(phase.getAndSet(p))) {
              repo.phase(runId, h.seq(), p);
              ctx.progress(base + (100 / total) * ordinal(p) / 8, "scale-in of " + name + ": "
                  + p.toLowerCase(Locale.ROOT).replace('_', ' '));
            }
            repo.heartbeat(runId, operations.runnerId());
          });
    } finally {
      watcher.interrupt();
    }
    if (result.cancelled()) {
      throw new OperationCancelledException();
    }
    if (!result.succeeded()) {
      throw new IllegalStateException("scale_in.yml on " + name + ": " + result.summary()
          + " — the host is left where the run stopped; start the scale-in again to finish it");
    }
    Plan after = ScaleInPreflight.without(plan, Set.of(name));
    ProvisioningService.SpecInput spec = installed.spec(inst.row());
    ProvisioningService.SpecInput smaller = spec.withHosts(spec.hosts() == null ? null
        : spec.hosts().stream().filter(x -> !h.host().equals(x.address())).toList());
    int version = installed.record(after, smaller, runId, PLAYBOOK, hosts.run(runId).orElseThrow().createdBy());
    repo.counts(runId, h.seq(), 0, 0L);
    repo.phase(runId, h.seq(), "DONE");
    ctx.info(name + " removed: regions moved, DataNode decommissioned and forgotten; installed version " + version);
  }

  private static int ordinal(String phase) {
    return List.of("PENDING", "UNLOADING_REGIONS", "STOPPING_REGIONSERVER", "DECOMMISSIONING",
        "WAITING_FOR_REDUNDANCY", "STOPPING_DATANODE", "FORGETTING", "DONE").indexOf(phase);
  }

  static String phaseOf(AnsibleEvent e) {
    if (!(e instanceof AnsibleEvent.TaskStarted t) || t.name() == null) {
      return null;
    }
    String n = t.name().toLowerCase(Locale.ROOT);
    // Ansible names a role's task "<role> : <name>"
    int role = n.lastIndexOf(" : ");
    n = role < 0 ? n : n.substring(role + 3);
    if (!n.startsWith("scale-in ")) {
      return null;
    }
    for (Map.Entry<String, String> p : PHASES.entrySet()) {
      if (n.startsWith("scale-in " + p.getKey())) {
        return p.getValue();
      }
    }
    return null;
  }

  private void watch(long runId, Cluster c, InstallRepository.ScaleInHost h, PlannedHost host,
      AtomicReference<String> phase) {
    try {
      while (!Thread.currentThread().isInterrupted()) {
        try {
          String p = phase.get();
          if (p.equals("UNLOADING_REGIONS") || p.equals("STOPPING_REGIONSERVER")) {
            Map<String, Integer> regions = engine.regionsByHost(c.endpoints());
            Integer left = regions.getOrDefault(host.address(), host.hostname() == null ? null
                : regions.get(host.hostname()));
            repo.counts(runId, h.seq(), left == null ? 0 : left, null);
          } else if (p.equals("DECOMMISSIONING") || p.equals("WAITING_FOR_REDUNDANCY")) {
            repo.counts(runId, h.seq(), null, engine.facts(c.endpoints()).lowRedundancyBlocks());
          }
          repo.heartbeat(runId, operations.runnerId());
        } catch (java.io.IOException | RuntimeException e) {
          log.debug("scale-in {}: progress sample failed: {}", runId, e.toString());
        }
        Thread.sleep(2000);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  // ---- pause, resume, adoption

  public HostRepository.RunRow pause(long runId) {
    HostRepository.RunRow r = provisioning.run(runId);
    if (!PLAYBOOK.equals(r.playbook()) || !"RUNNING".equals(r.state())) {
      throw ProblemException.of(ProblemType.RUN_STATE_CONFLICT, "run " + runId + " is a " + r.playbook() + " run in state "
          + r.state() + ": only a running scale-in pauses");
    }
    repo.pauseRequested(runId, true);
    return hosts.run(runId).orElseThrow();
  }

  public HostRepository.RunRow resume(long runId) {
    HostRepository.RunRow r = provisioning.run(runId);
    if (!PLAYBOOK.equals(r.playbook()) || !"PAUSED".equals(r.state())) {
      throw ProblemException.of(ProblemType.RUN_STATE_CONFLICT, "run " + runId + " is a " + r.playbook() + " run in state "
          + r.state() + ": only a paused scale-in resumes");
    }
    Cluster c = clusters.list().stream().filter(x -> x.name().equals(r.cluster())).findFirst().orElseThrow(() ->
        ProblemException.of(ProblemType.RUN_STATE_CONFLICT, "cluster '" + r.cluster() + "' is no longer registered"));
    repo.state(runId, "RUNNING", "resumed");
    launch(runId, c, "resumed after a pause");
    return hosts.run(runId).orElseThrow();
  }

  public HostRepository.RunRow abort(long runId) {
    HostRepository.RunRow r = provisioning.run(runId);
    if (!PLAYBOOK.equals(r.playbook()) || !List.of("RUNNING", "PAUSED").contains(r.state())) {
      throw ProblemException.of(ProblemType.RUN_STATE_CONFLICT, "run " + runId + " is a " + r.playbook() + " run in state "
          + r.state() + ": only a running or paused scale-in, rolling restart or configuration change aborts");
    }
    if ("PAUSED".equals(r.state())) {
      hosts.finishRun(runId, "CANCELLED", "aborted while paused; the hosts before it are removed", null, r.clusterId());
    } else {
      repo.abortRequested(runId, true);
    }
    return hosts.run(runId).orElseThrow();
  }

  public List<InstallRepository.ScaleInHost> progress(long runId) {
    return repo.scaleInHosts(runId);
  }

  @EventListener(ApplicationReadyEvent.class)
  public void startAdopting() {
    scheduler.scheduleWithFixedDelay(this::adoptOrphans, operationProps.heartbeat());
  }

  /** Scale-ins whose control plane stopped: stop what it left running, then finish them here. */
  void adoptOrphans() {
    boolean startup = firstTick;
    firstTick = false;
    adoption.tick(List.of(PLAYBOOK), active, startup, (id, c) -> launch(id, c, "resumed: the control plane that"
        + " drove this scale-in stopped; the host it was on is taken up again where it stands"));
  }
}
