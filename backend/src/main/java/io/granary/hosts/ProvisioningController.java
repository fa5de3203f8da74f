package io.granary.hosts;

import static io.granary.shared.web.Dtos.time;

import io.granary.api.ProvisioningApi;
import io.granary.api.model.ClusterSpecInputDto;
import io.granary.api.model.ClusterSpecInputHostsInnerDto;
import io.granary.api.model.ConfigEntryDto;
import io.granary.api.model.HostDto;
import io.granary.api.model.FindingDto;
import io.granary.api.model.InstalledVersionDetailDto;
import io.granary.api.model.InstalledVersionDto;
import io.granary.api.model.PlanDiffConfigChangesInnerDto;
import io.granary.api.model.PlanDiffDto;
import io.granary.api.model.PlanDiffRestartsInnerDto;
import io.granary.api.model.PlanDiffRoleChangesInnerDto;
import io.granary.api.model.ScaleInHostProgressDto;
import io.granary.api.model.ScaleInPreflightDto;
import io.granary.api.model.ScaleInPreflightRequestDto;
import io.granary.api.model.ScaleInRequestDto;
import io.granary.api.model.RollingRestartStepDto;
import io.granary.api.model.RollingRestartStepTimelineInnerDto;
import io.granary.api.model.DrsRuleDto;
import io.granary.api.model.PlannedVmDisksInnerDto;
import io.granary.api.model.PlannedVmDto;
import io.granary.api.model.VmSettingDto;
import io.granary.api.model.VsphereSpecInputDto;
import io.granary.api.model.SecuritySpecInputDto;
import io.granary.api.model.SecuritySpecInputKerberosDto;
import io.granary.api.model.SecuritySpecInputKerberosKdcDto;
import io.granary.provisioning.model.KerberosSpec;
import io.granary.provisioning.model.SecuritySpec;
import io.granary.clusters.Cluster;
import io.granary.provisioning.model.ClusterSpec;
import io.granary.provisioning.model.ErasureCodingSpec;
import io.granary.provisioning.model.NodeGroup;
import io.granary.provisioning.model.VsphereSpec;
import io.granary.provisioning.vsphere.DrsRule;
import io.granary.provisioning.vsphere.PlannedVm;
import io.granary.provisioning.vsphere.VspherePlanResult;
import io.granary.clusters.ClustersService;
import io.granary.provisioning.diff.PlanDiff;
import io.granary.provisioning.render.InventoryRenderer;
import io.granary.provisioning.scalein.ScaleInCheck;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import java.net.URI;
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
  private final InstalledState installed;
  private final ScaleInService scaleIn;
  private final RollingRestartService rolling;
  private final ClustersService clusters;
  private final VsphereProvisioning vsphere;

  public ProvisioningController(HostsService hosts, ProvisioningService provisioning, JsonMapper json,
      InstalledState installed, ScaleInService scaleIn, RollingRestartService rolling, ClustersService clusters,
      VsphereProvisioning vsphere) {
    this.vsphere = vsphere;
    this.rolling = rolling;
    this.hosts = hosts;
    this.provisioning = provisioning;
    this.json = json;
    this.installed = installed;
    this.scaleIn = scaleIn;
    this.clusters = clusters;
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
        d.getErasureCodingPolicies(), overrides, roleOverrides(d.getRoleOverrides()), security(d.getSecurity()));
  }

  /** The spec's security section as the planner takes it; null when it asks for no Kerberos. */
  static SecuritySpec security(SecuritySpecInputDto d) {
    if (d == null || d.getKerberos() == null) {
      return null;
    }
    SecuritySpecInputKerberosDto k = d.getKerberos();
    SecuritySpecInputKerberosKdcDto kdc = k.getKdc();
    KerberosSpec.Kdc where = kdc == null ? null : new KerberosSpec.Kdc(
        kdc.getManaged() == null ? null : new KerberosSpec.ManagedKdc(kdc.getManaged().getHost()),
        kdc.getExisting() == null ? null : new KerberosSpec.ExistingKdc(kdc.getExisting().getKdcs(),
            kdc.getExisting().getAdminServer(), kdc.getExisting().getAdminPrincipal()));
    return new SecuritySpec(new KerberosSpec(k.getRealm(), where,
        k.getRpcProtection() == null ? null : k.getRpcProtection().getValue(),
        k.getDataTransferProtection() == null ? null : k.getDataTransferProtection().getValue()));
  }

  static boolean onVsphere(ClusterSpecInputDto d) {
    return d.getInfrastructure() == ClusterSpecInputDto.InfrastructureEnum.VSPHERE;
  }

  /** A vsphere spec as the planner takes it; a vsphere section on a bare-metal spec is refused. */
  static ClusterSpec vsphereSpec(ClusterSpecInputDto d) {
    ProvisioningService.SpecInput in = spec(d);
    VsphereSpecInputDto v = d.getVsphere();
    VsphereSpec vs = v == null ? null : new VsphereSpec(v.getConnection(), v.getDatacenter(), v.getCluster(),
        v.getResourcePool(), v.getFolder(), v.getTemplate(), v.getNetwork(), v.getDatastores(),
        v.getDiskProvisioning() == null ? null : v.getDiskProvisioning().getValue(),
        v.getLatencySensitivity() == null ? null : v.getLatencySensitivity().getValue(),
        v.getNodeGroups() == null ? null : v.getNodeGroups().stream().map(g -> new NodeGroup(g.getName(),
            g.getKind() == null ? null : g.getKind().getValue(), g.getCount(), g.getVcpu(), g.getMemoryGb(),
            g.getDataDiskGb(), g.getRoles() == null || g.getRoles().isEmpty() ? null : g.getRoles())).toList());
    return new ClusterSpec(in.name(), in.profile(), in.workload(), d.getSshUser(), in.ha(), in.zookeeperCount(),
        in.hosts(), in.erasureCodingPolicies() == null ? null : new ErasureCodingSpec(in.erasureCodingPolicies()),
        in.overrides(), in.roleOverrides(), ClusterSpec.VSPHERE, vs);
  }

  static void refuseVsphereSection(ClusterSpecInputDto d) {
    if (!onVsphere(d) && d.getVsphere() != null) {
      throw ProblemException.invalid(List.of(new io.granary.shared.problem.FieldError("vsphere",
          "unexpected-vsphere-section: only an infrastructure: vsphere spec has a vsphere section")));
    }
    if (onVsphere(d) && security(d.getSecurity()) != null) {
      // the VMs' names are made during the install, after the principals would have to exist
      throw ProblemException.invalid(List.of(new io.granary.shared.problem.FieldError("security.kerberos",
          "kerberos-vsphere-unsupported: Kerberos is installed on bare-metal specs only; install the VMs, then"
              + " add them to the host inventory and install a bare-metal spec with security.kerberos")));
    }
  }

  /** role → file → key → value, as the spec takes it (null when left out). */
  static Map<String, Map<String, Map<String, Object>>> roleOverrides(Map<String, Map<String, Map<String, String>>> in) {
    if (in == null) {
      return null;
    }
    Map<String, Map<String, Map<String, Object>>> out = new LinkedHashMap<>();
    in.forEach((role, files) -> {
      Map<String, Map<String, Object>> f = new LinkedHashMap<>();
      if (files != null) {
        files.forEach((file, kv) -> f.put(file, kv == null ? new LinkedHashMap<>() : new LinkedHashMap<>(kv)));
      }
      out.put(role, f);
    });
    return out;
  }

  @Override
  public ResponseEntity<ProvisioningPlanDto> planCluster(ClusterSpecInputDto body) {
    refuseVsphereSection(body);
    if (onVsphere(body)) {
      VsphereProvisioning.Planned p = vsphere.plan(vsphereSpec(body));
      VspherePlanResult r = p.result();
      ProvisioningPlanDto dto = plan(r.plan(), r.warnings().stream()
          .map(w -> new ProvisioningPlanWarningsInnerDto(w.code().code(), w.field(), w.message())).toList())
          .infrastructure(ProvisioningPlanDto.InfrastructureEnum.VSPHERE)
          .vms(r.vms().vms().stream().map(ProvisioningController::vm).toList())
          .shellCommands(p.shellCommands());
      if (r.vms().drsRule() != null) {
        DrsRule rule = r.vms().drsRule();
        dto.drsRule(new DrsRuleDto(rule.name().value(), Boolean.parseBoolean(rule.mandatory().value()), rule.vms())
            .kind(DrsRuleDto.KindEnum.ANTI_AFFINITY));
      }
      installed.latest(r.plan().cluster()).ifPresent(i -> dto.diff(diff(PlanDiff.between(i.plan(), r.plan()),
          i.version())));
      return ResponseEntity.ok(dto);
    }
    PlanResult r = provisioning.plan(spec(body), false);
    ProvisioningPlanDto dto = plan(r.plan(), r.warnings().stream()
        .map(w -> new ProvisioningPlanWarningsInnerDto(w.code().code(), w.field(), w.message())).toList());
    installed.latest(r.plan().cluster()).ifPresent(i -> dto.diff(diff(PlanDiff.between(i.plan(), r.plan()),
        i.version())));
    return ResponseEntity.ok(dto);
  }

  /** A planned VM: every setting with its provenance, then its disks. */
  static PlannedVmDto vm(PlannedVm vm) {
    List<VmSettingDto> settings = new ArrayList<>();
    setting(settings, "roles", vm.roles());
    setting(settings, "num_cpus", vm.vcpu());
    setting(settings, "cores_per_socket", vm.coresPerSocket());
    setting(settings, "memory_mb", vm.memoryMb());
    setting(settings, "memory_reservation_lock", vm.memoryReservationLock());
    setting(settings, "cpu_reservation_mhz", vm.cpuReservationMhz());
    setting(settings, "latency_sensitivity", vm.latencySensitivity());
    setting(settings, "network", vm.network());
    setting(settings, "device_type", vm.deviceType());
    setting(settings, "mtu", vm.mtu());
    if (vm.advancedSettings() != null) {
      vm.advancedSettings().forEach((k, v) -> setting(settings, k, v));
    }
    setting(settings, "data_dirs", vm.dataDirs());
    return new PlannedVmDto(vm.vmName(), vm.group(), vm.esxiHost() == null ? null : vm.esxiHost().value(),
        vm.rack() == null ? null : vm.rack().value(), settings, vm.disks().stream()
            .map(d -> new PlannedVmDisksInnerDto(d.datastore().value(), d.sizeGbValue(), d.type().value(),
                Integer.valueOf(d.controller().value()), Integer.valueOf(d.unit().value()))).toList());
  }

  private static void setting(List<VmSettingDto> out, String key, ConfigValue v) {
    if (v != null && v.value() != null) {
      out.add(new VmSettingDto(key, v.value(), VmSettingDto.SourceEnum.fromValue(v.source().name())).rule(v.rule()));
    }
  }

  static ProvisioningPlanDto plan(Plan p, List<ProvisioningPlanWarningsInnerDto> warnings) {
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
    return new ProvisioningPlanDto(p.cluster(), p.profile().id(), hostViews, config, warnings)
        .workload(p.workload().id()).erasureCodingPolicies(p.erasureCodingPolicies())
        .ha(new ProvisioningPlanHaDto(p.ha().enabled(), ProvisioningPlanHaDto.SourceEnum.fromValue(p.ha().source().name()))
            .rule(p.ha().rule()).nameservice(p.ha().nameservice()));
  }

  static PlanDiffDto diff(PlanDiff d, Integer fromVersion) {
    List<PlanDiffRestartsInnerDto> restarts = new ArrayList<>();
    d.restarts().forEach((role, on) -> restarts.add(new PlanDiffRestartsInnerDto(role.id(), on)));
    return new PlanDiffDto(d.hostsAdded(), d.hostsRemoved(),
        d.roleChanges().stream().map(c -> new PlanDiffRoleChangesInnerDto(c.host(),
            c.added().stream().map(Role::id).toList(), c.removed().stream().map(Role::id).toList())).toList(),
        d.configChanges().stream().map(c -> new PlanDiffConfigChangesInnerDto(c.file(), c.key()).host(c.host()).role(c.role())
            .oldValue(c.oldValue()).newValue(c.newValue())).toList(),
        restarts, d.summary()).fromVersion(fromVersion);
  }

  // ---- installed versions

  @Override
  public ResponseEntity<List<InstalledVersionDto>> listInstalledVersions(Long clusterId) {
    Cluster c = clusters.get(clusterId);
    List<InstalledVersionDto> out = new ArrayList<>();
    for (InstallRepository.Version v : installed.versions(c.name())) {
      out.add(version(v, InstalledState.read(v).plan()));
    }
    return ResponseEntity.ok(out);
  }

  private static InstalledVersionDto version(InstallRepository.Version v, Plan p) {
    return new InstalledVersionDto(v.version(), v.cluster(), v.playbook(), time(v.createdAt()), v.createdBy(),
        p.hosts().stream().map(InventoryRenderer::inventoryName).toList()).runId(v.runId());
  }

  @Override
  public ResponseEntity<InstalledVersionDetailDto> getInstalledVersion(Long clusterId, Integer version) {
    Cluster c = clusters.get(clusterId);
    InstalledState.Installed v = installed.version(c.name(), version).orElseThrow(() -> ProblemException.of(
        ProblemType.INSTALLED_VERSION_NOT_FOUND, "cluster '" + c.name() + "' has no installed version " + version));
    Plan before = version > 1 ? installed.version(c.name(), version - 1).map(InstalledState.Installed::plan)
        .orElse(null) : null;
    InstalledVersionDto head = version(v.row(), v.plan());
    return ResponseEntity.ok(new InstalledVersionDetailDto(head.getVersion(), head.getCluster(), head.getPlaybook(),
        head.getCreatedAt(), head.getCreatedBy(), head.getHosts(), plan(v.plan(), List.of()),
        diff(PlanDiff.between(before, v.plan()), before == null ? null : version - 1)).runId(v.row().runId()));
  }

  // ---- scale-in

  @Override
  public ResponseEntity<ScaleInPreflightDto> preflightScaleIn(Long clusterId, ScaleInPreflightRequestDto body) {
    ScaleInService.Preflight p = scaleIn.preflight(clusterId, body.getHosts());
    ScaleInCheck ch = p.check();
    return ResponseEntity.ok(new ScaleInPreflightDto(ch.ok(), p.hosts(), ch.findings().stream()
        .map(f -> new FindingDto(f.code().code(), FindingDto.SeverityEnum.fromValue(f.code().severity().name()),
            f.field() == null || f.field().isEmpty() ? "hosts" : f.field(), f.message())).toList(),
        ch.bytesToMove(), diff(ch.diff(), p.installedVersion()), p.shellCommands()));
  }

  @Override
  public ResponseEntity<ProvisioningRunDto> startScaleIn(Long clusterId, ScaleInRequestDto body) {
    HostRepository.RunRow r = scaleIn.start(clusterId, body.getHosts(), body.getConfirm(), CurrentUser.name());
    return ResponseEntity.status(HttpStatus.ACCEPTED).location(URI.create("/api/v1/provisioning/runs/" + r.id()))
        .body(runWithProgress(r));
  }

  @Override
  public ResponseEntity<ProvisioningRunDto> pauseProvisioningRun(Long runId) {
    HostRepository.RunRow r = rolling.drives(provisioning.run(runId).playbook()) ? rolling.pause(runId)
        : scaleIn.pause(runId);
    return ResponseEntity.status(HttpStatus.ACCEPTED).body(runWithProgress(r));
  }

  @Override
  public ResponseEntity<ProvisioningRunDto> resumeProvisioningRun(Long runId) {
    HostRepository.RunRow r = rolling.drives(provisioning.run(runId).playbook()) ? rolling.resume(runId)
        : scaleIn.resume(runId);
    return ResponseEntity.status(HttpStatus.ACCEPTED).body(runWithProgress(r));
  }

  @Override
  public ResponseEntity<ProvisioningRunDto> abortProvisioningRun(Long runId) {
    HostRepository.RunRow r = rolling.drives(provisioning.run(runId).playbook()) ? rolling.abort(runId)
        : scaleIn.abort(runId);
    return ResponseEntity.status(HttpStatus.ACCEPTED).body(runWithProgress(r));
  }

  ProvisioningRunDto runWithProgress(HostRepository.RunRow r) {
    ProvisioningRunDto d = run(r);
    if (r.playbook().startsWith("vsphere_")) {
      d.vcenterId(vsphere.vcenterOf(r.cluster()).orElse(null));
    }
    if (ScaleInService.PLAYBOOK.equals(r.playbook())) {
      d.progress(scaleIn.progress(r.id()).stream().map(h -> new ScaleInHostProgressDto(h.host(),
          ScaleInHostProgressDto.PhaseEnum.fromValue(h.phase())).regionsLeft(h.regionsLeft()).blocksLeft(h.blocksLeft())
          .startedAt(time(h.startedAt())).finishedAt(time(h.finishedAt()))).toList());
    } else if (rolling.drives(r.playbook())) {
      List<InstallRepository.StepEvent> events = rolling.events(r.id());
      d.steps(rolling.steps(r.id()).stream().map(s -> new RollingRestartStepDto(s.seq(), s.role(), s.hosts(),
          RollingRestartStepDto.PhaseEnum.fromValue(s.phase()), events.stream().filter(e -> e.seq() == s.seq())
              .map(e -> new RollingRestartStepTimelineInnerDto(e.host(), e.phase(), time(e.at()))).toList())
          .regionsMoved(s.regionsMoved()).regionsBack(s.regionsBack()).startedAt(time(s.startedAt()))
          .finishedAt(time(s.finishedAt()))).toList());
    }
    return d;
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
    return ResponseEntity.ok(provisioning.runs().stream().map(this::runWithProgress).toList());
  }

  @Override
  public ResponseEntity<ProvisioningRunDto> startProvisioningRun(ProvisioningRunRequestDto body) {
    refuseVsphereSection(body.getSpec());
    boolean vsphereRun = body.getPlaybook() == ProvisioningRunRequestDto.PlaybookEnum.VSPHERE_INSTALL;
    if (vsphereRun != onVsphere(body.getSpec())) {
      throw ProblemException.invalid(List.of(new io.granary.shared.problem.FieldError("playbook", vsphereRun
          ? "vsphere_install needs a spec with infrastructure: vsphere"
          : "a vsphere spec is installed with playbook vsphere_install (its VMs first)")));
    }
    if (vsphereRun) {
      HostRepository.RunRow r = vsphere.start(vsphereSpec(body.getSpec()), CurrentUser.name());
      return ResponseEntity.status(HttpStatus.ACCEPTED).body(run(r));
    }
    HostRepository.RunRow r = provisioning.start(spec(body.getSpec()),
        body.getPlaybook() == null ? null : body.getPlaybook().getValue(), body.getNewHosts(), CurrentUser.name());
    return ResponseEntity.status(HttpStatus.ACCEPTED).body(run(r));
  }

  @Override
  public ResponseEntity<ProvisioningRunDetailDto> getProvisioningRun(Long runId) {
    HostRepository.RunRow r = provisioning.run(runId);
    ProvisioningRunDetailDto d = json.convertValue(runWithProgress(r), ProvisioningRunDetailDto.class);
    d.tasks(provisioning.tasks(runId).stream().map(t -> new ProvisioningRunDetailAllOfTasksDto(t.seq(), t.task(),
        t.status()).host(t.host()).message(t.message()).at(time(t.at()))).toList());
    return ResponseEntity.ok(d);
  }

  @Override
  public ResponseEntity<ProvisioningRunDto> destroyVsphereCluster(Long clusterId,
      io.granary.api.model.VsphereDestroyRequestDto body) {
    HostRepository.RunRow r = vsphere.destroy(clusterId, body.getConfirm(), CurrentUser.name());
    return ResponseEntity.status(HttpStatus.ACCEPTED).location(URI.create("/api/v1/provisioning/runs/" + r.id()))
        .body(run(r));
  }

  static ProvisioningRunDto run(HostRepository.RunRow r) {
    return new ProvisioningRunDto(r.id(), r.cluster(), r.playbook(), ProvisioningRunDto.StateEnum.fromValue(r.state()),
        time(r.createdAt())).message(r.message()).operationId(r.operationId()).clusterId(r.clusterId())
        .changed(r.changed()).finishedAt(time(r.finishedAt())).command(r.command()).pauseRequested(r.pauseRequested())
        .abortRequested(r.abortRequested());
  }
}
