package io.granary.hosts;

import static io.granary.shared.web.Dtos.time;

import io.granary.api.ProvisioningApi;
import io.granary.api.model.ClusterSpecInputDto;
import io.granary.api.model.ClusterSpecInputHostsInnerDto;
import io.granary.api.model.ConfigEntryDto;
import io.granary.api.model.HostDto;
import io.granary.api.model.HostInputDto;
import io.granary.api.model.PlannedHostViewDto;
import io.granary.api.model.ProvisioningPlanDto;
import io.granary.api.model.ProvisioningPlanHaDto;
import io.granary.api.model.ProvisioningPlanWarningsInnerDto;
import io.granary.api.model.ProvisioningRunDetailAllOfTasksDto;
import io.granary.api.model.ProvisioningRunDetailDto;
import io.granary.api.model.ProvisioningRunDto;
import io.granary.api.model.ProvisioningRunRequestDto;
import io.granary.provisioning.PlanResult;
import io.granary.provisioning.model.ConfigFile;
import io.granary.provisioning.model.ConfigValue;
import io.granary.provisioning.model.HostSpec;
import io.granary.provisioning.model.Plan;
import io.granary.provisioning.model.PlannedHost;
import io.granary.provisioning.model.Role;
import io.granary.shared.web.CurrentUser;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;

@RestController
public class ProvisioningController implements ProvisioningApi {
  private final HostsService hosts;
  private final ProvisioningService provisioning;
  private final JsonMapper json;

  public ProvisioningController(HostsService hosts, ProvisioningService provisioning, JsonMapper json) {
    this.hosts = hosts;
    this.provisioning = provisioning;
    this.json = json;
  }

  @Override
  public ResponseEntity<List<HostDto>> listHosts() {
    boolean viewer = CurrentUser.isViewerOnly();
    return ResponseEntity.ok(hosts.list().stream().map(h -> viewer ? redacted(h) : host(h)).toList());
  }

  /** What a VIEWER sees of a host: its shape, not how to reach it. */
  static HostDto redacted(Host h) {
    return new HostDto(h.id(), true, h.reachable(), time(h.createdAt())).hostname(h.hostname()).cores(h.cores())
        .ramMb(h.ramMb()).dataDisks(h.dataDisks()).rack(h.rack());
  }

  @Override
  public ResponseEntity<HostDto> addHost(HostInputDto in) {
    Host h = hosts.add(new HostsService.Input(in.getAddress(), in.getHostname(), in.getSshUser(), in.getPrivateKey(),
        in.getCores(), in.getRamMb(), in.getDataDisks(), in.getRack()), CurrentUser.name());
    return ResponseEntity.status(HttpStatus.CREATED).body(host(h));
  }

  @Override
  public ResponseEntity<Void> removeHost(Long hostId) {
    hosts.remove(hostId);
    return ResponseEntity.noContent().build();
  }

  static HostDto host(Host h) {
    return new HostDto(h.id(), false, h.reachable(), time(h.createdAt())).address(h.address()).sshUser(h.sshUser())
        .keyFingerprint(h.keyFingerprint()).hostname(h.hostname()).cores(h.cores()).ramMb(h.ramMb()).dataDisks(h.dataDisks()).rack(h.rack())
        .checkMessage(h.checkMessage());
  }

  static ProvisioningService.SpecInput spec(ClusterSpecInputDto d) {
    List<HostSpec> hs = new ArrayList<>();
    if (d.getHosts() != null) {
      for (ClusterSpecInputHostsInnerDto h : d.getHosts()) {
        hs.add(new HostSpec(h.getAddress(), h.getHostname(), h.getCores(), null, h.getRamMb(), h.getDataDisks(),
            h.getRack(), h.getRoles() == null || h.getRoles().isEmpty() ? null : h.getRoles()));
      }
    }
    Map<String, Map<String, Object>> overrides = new LinkedHashMap<>();
    if (d.getOverrides() != null) {
      d.getOverrides().forEach((file, kv) -> overrides.put(file, new LinkedHashMap<>(kv)));
    }
    return new ProvisioningService.SpecInput(d.getName(), d.getProfile() == null ? null : d.getProfile().getValue(),
        d.getWorkload() == null ? null : d.getWorkload().getValue(), d.getHa(),
        d.getZookeeperCount() == null ? null : d.getZookeeperCount().getValue(), hs,
        d.getErasureCodingPolicies(), overrides);
  }

  @Override
  public ResponseEntity<ProvisioningPlanDto> planCluster(ClusterSpecInputDto body) {
    PlanResult r = provisioning.plan(spec(body), false);
    Plan p = r.plan();
    List<PlannedHostViewDto> hostViews = new ArrayList<>();
    List<ConfigEntryDto> config = new ArrayList<>();
    p.config().forEach((file, values) -> entries(config, file, values, null));
    for (PlannedHost h : p.hosts()) {
      List<ConfigEntryDto> heaps = new ArrayList<>();
      h.heaps().forEach((role, v) -> heaps.add(entry("jvm-heaps", role.id(), v, h.hostname())));
      hostViews.add(new PlannedHostViewDto(h.hostname(), h.address(), h.rack(),
          h.roles().stream().map(Role::id).toList(), heaps).cores(h.cores()).ramMb(h.ramMb()));
      h.config().forEach((file, values) -> entries(config, file, values, h.hostname()));
      h.jvmOpts().forEach((role, v) -> config.add(entry("jvm-opts", role.id(), v, h.hostname())));
    }
    return ResponseEntity.ok(new ProvisioningPlanDto(p.cluster(), p.profile().id(), hostViews, config,
        r.warnings().stream().map(w -> new ProvisioningPlanWarningsInnerDto(w.code().code(), w.field(), w.message()))
            .toList()).workload(p.workload().id()).erasureCodingPolicies(p.erasureCodingPolicies())
        .ha(new ProvisioningPlanHaDto(p.ha().enabled(), ProvisioningPlanHaDto.SourceEnum.fromValue(p.ha().source().name()))
            .rule(p.ha().rule()).nameservice(p.ha().nameservice())));
  }

  private static void entries(List<ConfigEntryDto> out, ConfigFile file, SortedMap<String, ConfigValue> values,
      String host) {
    values.forEach((k, v) -> out.add(entry(file.id(), k, v, host)));
  }

  private static ConfigEntryDto entry(String file, String key, ConfigValue v, String host) {
    return new ConfigEntryDto(file, key, v.value(), ConfigEntryDto.SourceEnum.fromValue(v.source().name()))
        .rule(v.rule()).host(host);
  }

  @Override
  public ResponseEntity<List<ProvisioningRunDto>> listProvisioningRuns() {
    return ResponseEntity.ok(provisioning.runs().stream().map(ProvisioningController::run).toList());
  }

  @Override
  public ResponseEntity<ProvisioningRunDto> startProvisioningRun(ProvisioningRunRequestDto body) {
    HostRepository.RunRow r = provisioning.start(spec(body.getSpec()),
        body.getPlaybook() == null ? null : body.getPlaybook().getValue(), body.getNewHosts(), CurrentUser.name());
    return ResponseEntity.status(HttpStatus.ACCEPTED).body(run(r));
  }

  @Override
  public ResponseEntity<ProvisioningRunDetailDto> getProvisioningRun(Long runId) {
    HostRepository.RunRow r = provisioning.run(runId);
    ProvisioningRunDetailDto d = json.convertValue(run(r), ProvisioningRunDetailDto.class);
    d.tasks(provisioning.tasks(runId).stream().map(t -> new ProvisioningRunDetailAllOfTasksDto(t.seq(), t.task(),
        t.status()).host(t.host()).message(t.message()).at(time(t.at()))).toList());
    return ResponseEntity.ok(d);
  }

  static ProvisioningRunDto run(HostRepository.RunRow r) {
    return new ProvisioningRunDto(r.id(), r.cluster(), r.playbook(), ProvisioningRunDto.StateEnum.fromValue(r.state()),
        time(r.createdAt())).message(r.message()).operationId(r.operationId()).clusterId(r.clusterId())
        .changed(r.changed()).finishedAt(time(r.finishedAt())).command(r.command());
  }
}
