package io.granary.hosts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.granary.api.model.ClusterSpecInputDto;
import io.granary.api.model.ClusterSpecInputHostsInnerDto;
import io.granary.api.model.ProvisioningPlanDto;
import io.granary.api.model.ProvisioningPlanHaDto;
import io.granary.clusters.ClustersService;
import io.granary.operations.OperationsService;
import io.granary.api.model.PlanDiffDto;
import io.granary.provisioning.model.Plan;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** The spec's ha reaches the planner, and the plan view says whether HA is on and why. */
class ProvisioningPlanViewTest {
  final InstalledState installed = mock(InstalledState.class);
  final ProvisioningService service =
      new ProvisioningService(mock(HostRepository.class), mock(HostsService.class), mock(ClustersService.class),
          mock(OperationsService.class), mock(ProvisioningProperties.class), mock(JsonMapper.class), installed,
          mock(io.granary.observability.MonitoringRepository.class), mock(ClusterKeytabs.class));
  final ProvisioningController controller =
      new ProvisioningController(mock(HostsService.class), service, mock(JsonMapper.class), installed,
          mock(ScaleInService.class), mock(RollingRestartService.class), mock(ClustersService.class),
          mock(VsphereProvisioning.class));

  static ClusterSpecInputDto spec(int hosts) {
    return new ClusterSpecInputDto("c").hosts(IntStream.rangeClosed(1, hosts)
        .mapToObj(i -> new ClusterSpecInputHostsInnerDto("10.0.0." + i).cores(4).ramMb(16384)
            .dataDisks(List.of("/data/1")))
        .toList());
  }

  @Test
  void aKerberosSectionReachesThePlanWithItsDefaultsAndIsRefusedOnVsphere() {
    io.granary.api.model.SecuritySpecInputDto security = new io.granary.api.model.SecuritySpecInputDto().kerberos(
        new io.granary.api.model.SecuritySpecInputKerberosDto("GRANARY.TEST",
            new io.granary.api.model.SecuritySpecInputKerberosKdcDto().managed(
                new io.granary.api.model.SecuritySpecInputKerberosKdcManagedDto("10.0.0.2")))
            .rpcProtection(io.granary.api.model.SecuritySpecInputKerberosDto.RpcProtectionEnum.PRIVACY));
    ProvisioningService.SpecInput in = ProvisioningController.spec(spec(3).ha(false).security(security));
    assertThat(in.security().kerberos().realm()).isEqualTo("GRANARY.TEST");
    assertThat(in.security().kerberos().kdc().managed().host()).isEqualTo("10.0.0.2");
    assertThat(in.security().kerberos().rpcProtectionOrDefault()).isEqualTo("privacy");
    assertThat(in.security().kerberos().dataTransferProtectionOrDefault()).isEqualTo("authentication");
    Plan plan = service.plan(in, false).plan();
    assertThat(plan.kerberos().realm()).isEqualTo("GRANARY.TEST");
    assertThat(plan.kerberos().kdcHost()).isEqualTo("10.0.0.2");
    assertThat(plan.kerberos().controlPlanePrincipal()).isEqualTo("granary-cp/c");
    // a config change keeps it: the installed spec is re-planned with other overrides
    assertThat(in.withConfig(java.util.Map.of(), null).security()).isEqualTo(in.security());
    assertThat(ProvisioningController.spec(spec(3)).security()).isNull();

    ClusterSpecInputDto onVsphere = new ClusterSpecInputDto("c")
        .infrastructure(ClusterSpecInputDto.InfrastructureEnum.VSPHERE).security(security);
    assertThatThrownBy(() -> ProvisioningController.refuseVsphereSection(onVsphere))
        .isInstanceOf(io.granary.shared.problem.ProblemException.class)
        .satisfies(e -> assertThat(e.toString() + ((io.granary.shared.problem.ProblemException) e).fields())
            .contains("kerberos-vsphere-unsupported"));
  }

  @Test
  void haLeftOutIsChosenFromTheHostCountAndAGivenHaIsKept() {
    ProvisioningPlanHaDto chosen = controller.planCluster(spec(3)).getBody().getHa();
    assertThat(chosen.getEnabled()).isTrue();
    assertThat(chosen.getSource()).isEqualTo(ProvisioningPlanHaDto.SourceEnum.SIZING_RULE);
    assertThat(chosen.getNameservice()).isEqualTo("c");

    ProvisioningPlanDto given = controller.planCluster(spec(3).ha(false)).getBody();
    assertThat(given.getHa().getEnabled()).isFalse();
    assertThat(given.getHa().getSource()).isEqualTo(ProvisioningPlanHaDto.SourceEnum.USER_OVERRIDE);
    assertThat(given.getHa().getNameservice()).isNull();
    assertThat(given.getHosts().get(0).getRoles()).containsExactly("zookeeper", "namenode", "hbase_master",
        "datanode", "regionserver");
  }

  @Test
  void aClusterInstalledBeforeIsPlannedAsADiffAgainstItsInstalledVersion() {
    assertThat(controller.planCluster(spec(3).ha(false)).getBody().getDiff()).as("nothing installed").isNull();
    Plan three = service.plan(ProvisioningController.spec(spec(3).ha(false)), false).plan();
    when(installed.latest("c")).thenReturn(Optional.of(new InstalledState.Installed(
        new InstallRepository.Version("c", 2, 1L, "install", "{}", "{}", "admin", Instant.now()), three)));

    PlanDiffDto same = controller.planCluster(spec(3).ha(false)).getBody().getDiff();
    assertThat(same.getFromVersion()).isEqualTo(2);
    assertThat(same.getHostsAdded()).isEmpty();
    assertThat(same.getConfigChanges()).isEmpty();
    assertThat(same.getRestarts()).isEmpty();

    PlanDiffDto grown = controller.planCluster(spec(4).ha(false)).getBody().getDiff();
    assertThat(grown.getHostsAdded()).hasSize(1);
    assertThat(grown.getSummary()).isNotEmpty();
  }
}
