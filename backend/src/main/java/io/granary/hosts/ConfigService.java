package io.granary.hosts;

import io.granary.clusters.Cluster;
import io.granary.clusters.ClustersService;
import io.granary.provisioning.PlanResult;
import io.granary.provisioning.Planner;
import io.granary.provisioning.diff.PlanDiff;
import io.granary.provisioning.model.Finding;
import io.granary.provisioning.model.Plan;
import io.granary.provisioning.model.Role;
import io.granary.provisioning.render.InventoryRenderer;
import io.granary.shared.problem.FieldError;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Service;
import tools.jackson.databind.json.JsonMapper;

/**
 * Configuration changes of a provisioned cluster: the installed version's spec with new cluster-wide
 * and role-group overrides, planned and diffed against it; applied as a run whose first step writes
 * every host's files without restarting and whose next steps restart, rolling, only the roles the
 * diff names. Reverting applies an older version's overrides the same way.
 */
@Service
public class ConfigService {
  private final InstalledState installed;
  private final ClustersService clusters;
  private final ProvisioningService provisioning;
  private final RollingRestartService rolling;
  private final JsonMapper json;

  public ConfigService(InstalledState installed, ClustersService clusters, ProvisioningService provisioning,
      RollingRestartService rolling, JsonMapper json) {
    this.installed = installed;
    this.clusters = clusters;
    this.provisioning = provisioning;
    this.rolling = rolling;
    this.json = json;
  }

  /** A change: null keeps that section as installed. */
  public record Change(Map<String, Map<String, Object>> overrides,
      Map<String, Map<String, Map<String, Object>>> roleOverrides, Integer batchSize) {}

  public record Current(int version, ProvisioningService.SpecInput spec, Map<String, List<String>> roles,
      List<RestartSteps.StepPlan> pendingRestarts) {}

  public record Preview(boolean ok, List<Finding> findings, PlanDiff diff, List<RestartSteps.StepPlan> restarts,
      int fromVersion, ProvisioningService.SpecInput spec, Plan plan) {}

  public Current current(long clusterId) {
    Cluster c = clusters.get(clusterId);
    InstalledState.Installed inst = installed.latestOf(c);
    Map<String, List<String>> roles = new LinkedHashMap<>();
    for (Role r : Role.values()) {
      List<String> on = inst.plan().hostsRunning(r).stream().map(InventoryRenderer::inventoryName).toList();
      if (!on.isEmpty()) {
        roles.put(r.id(), on);
      }
    }
    return new Current(inst.version(), installed.spec(inst.row()), roles, rolling.pendingRestarts(c.name()));
  }

  public Preview preview(long clusterId, Change change) {
    Cluster c = clusters.get(clusterId);
    InstalledState.Installed inst = installed.latestOf(c);
    ProvisioningService.SpecInput spec = installed.spec(inst.row());
    ProvisioningService.SpecInput next = spec.withConfig(
        change.overrides() == null ? spec.overrides() : change.overrides(),
        change.roleOverrides() == null ? spec.roleOverrides() : change.roleOverrides());
    return previewOf(inst, next, change.batchSize());
  }

  private Preview previewOf(InstalledState.Installed inst, ProvisioningService.SpecInput next, Integer batchSize) {
    int batch = RollingRestartService.batch(batchSize);
    PlanResult r = new Planner().plan(provisioning.spec(next));
    List<Finding> findings = new ArrayList<>(r.errors());
    findings.addAll(r.warnings());
    if (!r.ok()) {
      return new Preview(false, findings, PlanDiff.between(inst.plan(), inst.plan()), List.of(), inst.version(), next,
          null);
    }
    PlanDiff diff = PlanDiff.between(inst.plan(), r.plan());
    List<RestartSteps.StepPlan> restarts = RestartSteps.forRestarts(r.plan(), diff.restarts(), batch);
    return new Preview(!diff.empty(), findings, diff, restarts, inst.version(), next, r.plan());
  }

  public HostRepository.RunRow apply(long clusterId, Change change, String confirm, String user) {
    Cluster c = clusters.get(clusterId);
    RollingRestartService.refuseKerberized(c, "a configuration change");
    RollingRestartService.requireConfirm(c, confirm, "a configuration change rewrites every host's files and"
        + " restarts the roles that read the changed keys");
    return start(c, preview(clusterId, change), change.batchSize(), user, "configuration change");
  }

  public HostRepository.RunRow revert(long clusterId, int version, String confirm, Integer batchSize, String user) {
    Cluster c = clusters.get(clusterId);
    RollingRestartService.refuseKerberized(c, "a revert");
    RollingRestartService.requireConfirm(c, confirm, "a revert rewrites every host's files and restarts the roles"
        + " that read the changed keys");
    InstalledState.Installed inst = installed.latestOf(c);
    ProvisioningService.SpecInput old = installed.spec(version(c, version).row());
    ProvisioningService.SpecInput spec = installed.spec(inst.row());
    Preview p = previewOf(inst, spec.withConfig(old.overrides(), old.roleOverrides()), batchSize);
    return start(c, p, batchSize, user, "revert to the configuration of version " + version);
  }

  private HostRepository.RunRow start(Cluster c, Preview p, Integer batchSize, String user, String what) {
    if (p.plan() == null) {
      throw ProblemException.invalid(p.findings().stream().filter(f -> f.code().severity().name().equals("ERROR"))
          .map(f -> new FieldError(f.field() == null ? "overrides" : f.field(), f.code().code() + ": " + f.message()))
          .toList());
    }
    if (p.diff().empty()) {
      throw ProblemException.of(ProblemType.CONFIG_UNCHANGED, what + " of '" + c.name() + "' changes nothing against"
          + " installed version " + p.fromVersion());
    }
    provisioning.refuseConcurrentRun(c.name());
    provisioning.inventoryHosts(p.plan());
    List<RestartSteps.StepPlan> steps = new ArrayList<>();
    steps.add(new RestartSteps.StepPlan(RestartSteps.CONFIG, p.plan().hosts().stream()
        .map(InventoryRenderer::inventoryName).toList()));
    steps.addAll(p.restarts());
    String command = "cd " + Path.of(provisioning.ansibleDir()).toAbsolutePath()
        + " && ansible-playbook -i <inventory>/hosts.yml install.yml -e granary_defer_restarts=true"
        + " && ansible-playbook -i <inventory>/hosts.yml rolling_restart.yml  # per role that restarts: "
        + String.join("; ", p.diff().summary());
    return rolling.begin(c, RollingRestartService.CONFIG_CHANGE, json.writeValueAsString(p.spec()), command, steps,
        user);
  }

  public PlanDiff compare(long clusterId, int from, int to) {
    Cluster c = clusters.get(clusterId);
    return PlanDiff.between(version(c, from).plan(), version(c, to).plan());
  }

  private InstalledState.Installed version(Cluster c, int v) {
    return installed.version(c.name(), v).orElseThrow(() -> ProblemException.of(
        ProblemType.INSTALLED_VERSION_NOT_FOUND, "cluster '" + c.name() + "' has no installed version " + v));
  }
}
