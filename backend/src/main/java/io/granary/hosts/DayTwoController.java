package io.granary.hosts;

import io.granary.api.DayTwoApi;
import io.granary.api.model.ClusterConfigDto;
import io.granary.api.model.ConfigChangePreviewDto;
import io.granary.api.model.ConfigChangeRequestDto;
import io.granary.api.model.ConfigKeyDto;
import io.granary.api.model.FindingDto;
import io.granary.api.model.PlanDiffDto;
import io.granary.api.model.ProvisioningRunDto;
import io.granary.api.model.RevertRequestDto;
import io.granary.api.model.RoleIdDto;
import io.granary.api.model.RollingRestartPreviewDto;
import io.granary.api.model.RollingRestartRequestDto;
import io.granary.api.model.RollingRestartStepPlanDto;
import io.granary.provisioning.config.KnownKeys;
import io.granary.provisioning.model.Finding;
import io.granary.shared.web.CurrentUser;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;

/** Rolling restarts, configuration changes per role group, installed-version compare and revert. */
@RestController
public class DayTwoController implements DayTwoApi {
  private final RollingRestartService rolling;
  private final ConfigService config;
  private final ProvisioningController runs;

  public DayTwoController(RollingRestartService rolling, ConfigService config, ProvisioningController runs) {
    this.rolling = rolling;
    this.config = config;
    this.runs = runs;
  }

  private static RollingRestartService.Request request(RollingRestartRequestDto b) {
    return new RollingRestartService.Request(b.getRoles() == null ? null : b.getRoles().stream()
        .map(RoleIdDto::getValue).toList(), b.getHosts(), b.getBatchSize(), b.getOnlyChanged());
  }

  private static List<RollingRestartStepPlanDto> steps(List<RestartSteps.StepPlan> steps) {
    List<RollingRestartStepPlanDto> out = new ArrayList<>();
    for (int i = 0; i < steps.size(); i++) {
      out.add(new RollingRestartStepPlanDto(i, RoleIdDto.fromValue(steps.get(i).role()), steps.get(i).hosts()));
    }
    return out;
  }

  @Override
  public ResponseEntity<RollingRestartPreviewDto> previewRollingRestart(Long clusterId, RollingRestartRequestDto body) {
    RollingRestartService.Preview p = rolling.preview(clusterId, request(body));
    return ResponseEntity.ok(new RollingRestartPreviewDto(steps(p.steps()), p.shellCommands()));
  }

  @Override
  public ResponseEntity<ProvisioningRunDto> startRollingRestart(Long clusterId, RollingRestartRequestDto body) {
    return accepted(rolling.start(clusterId, request(body), body.getConfirm(), CurrentUser.name()));
  }

  private ResponseEntity<ProvisioningRunDto> accepted(HostRepository.RunRow r) {
    return ResponseEntity.status(HttpStatus.ACCEPTED).location(URI.create("/api/v1/provisioning/runs/" + r.id()))
        .body(runs.runWithProgress(r));
  }

  @Override
  public ResponseEntity<ClusterConfigDto> getClusterConfig(Long clusterId) {
    ConfigService.Current c = config.current(clusterId);
    return ResponseEntity.ok(new ClusterConfigDto(c.version(), strings(c.spec().overrides()),
        roleStrings(c.spec().roleOverrides()), c.roles(), steps(c.pendingRestarts())));
  }

  private static ConfigService.Change change(ConfigChangeRequestDto b) {
    return new ConfigService.Change(objects(b.getOverrides()), roleObjects(b.getRoleOverrides()), b.getBatchSize());
  }

  @Override
  public ResponseEntity<ConfigChangePreviewDto> previewConfigChange(Long clusterId, ConfigChangeRequestDto body) {
    ConfigService.Preview p = config.preview(clusterId, change(body));
    return ResponseEntity.ok(new ConfigChangePreviewDto(p.ok(), p.findings().stream().map(DayTwoController::finding)
        .toList(), ProvisioningController.diff(p.diff(), p.fromVersion()), steps(p.restarts())));
  }

  static FindingDto finding(Finding f) {
    return new FindingDto(f.code().code(), FindingDto.SeverityEnum.fromValue(f.code().severity().name()),
        f.field() == null ? "" : f.field(), f.message());
  }

  @Override
  public ResponseEntity<ProvisioningRunDto> applyConfigChange(Long clusterId, ConfigChangeRequestDto body) {
    return accepted(config.apply(clusterId, change(body), body.getConfirm(), CurrentUser.name()));
  }

  @Override
  public ResponseEntity<List<ConfigKeyDto>> listConfigKeys() {
    return ResponseEntity.ok(KnownKeys.all().stream().map(k -> new ConfigKeyDto(k.key(), k.file().id(),
        k.type().id(), k.roles().stream().map(io.granary.provisioning.model.Role::id).toList()).min(k.min())
        .max(k.max()).defaultValue(k.defaultValue()).description(k.description())).toList());
  }

  @Override
  public ResponseEntity<PlanDiffDto> compareInstalledVersions(Long clusterId, Integer from, Integer to) {
    return ResponseEntity.ok(ProvisioningController.diff(config.compare(clusterId, from, to), from));
  }

  @Override
  public ResponseEntity<ProvisioningRunDto> revertConfig(Long clusterId, Integer version, RevertRequestDto body) {
    return accepted(config.revert(clusterId, version, body.getConfirm(), body.getBatchSize(), CurrentUser.name()));
  }

  // ---- config maps: the API carries strings, the spec scalars

  private static Map<String, Map<String, String>> strings(Map<String, Map<String, Object>> in) {
    Map<String, Map<String, String>> out = new LinkedHashMap<>();
    if (in != null) {
      in.forEach((file, kv) -> {
        Map<String, String> m = new LinkedHashMap<>();
        if (kv != null) {
          kv.forEach((k, v) -> m.put(k, v == null ? null : String.valueOf(v)));
        }
        out.put(file, m);
      });
    }
    return out;
  }

  private static Map<String, Map<String, Map<String, String>>> roleStrings(
      Map<String, Map<String, Map<String, Object>>> in) {
    Map<String, Map<String, Map<String, String>>> out = new LinkedHashMap<>();
    if (in != null) {
      in.forEach((role, files) -> out.put(role, strings(files)));
    }
    return out;
  }

  private static Map<String, Map<String, Object>> objects(Map<String, Map<String, String>> in) {
    if (in == null) {
      return null;
    }
    Map<String, Map<String, Object>> out = new LinkedHashMap<>();
    in.forEach((file, kv) -> out.put(file, kv == null ? new LinkedHashMap<>() : new LinkedHashMap<>(kv)));
    return out;
  }

  private static Map<String, Map<String, Map<String, Object>>> roleObjects(
      Map<String, Map<String, Map<String, String>>> in) {
    return ProvisioningController.roleOverrides(in);
  }
}
