package io.granary.hosts;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.provisioning.Planner;
import io.granary.provisioning.diff.PlanDiff;
import io.granary.provisioning.model.ClusterSpec;
import io.granary.provisioning.model.Mappers;
import io.granary.provisioning.model.Plan;
import io.granary.provisioning.runner.AnsibleEvent;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class InstalledStateTest {
  static Plan threeHostLab() throws Exception {
    Path spec = Path.of("../provisioning/src/test/resources/scenarios/three-host-lab/spec.yaml");
    return new Planner().plan(ClusterSpec.read(spec)).plan();
  }

  @Test
  void aStoredPlanReadsBackEqualSoTheNextRunDiffsAgainstExactlyIt() throws Exception {
    Plan plan = threeHostLab();
    InstallRepository.Version row = new InstallRepository.Version(plan.cluster(), 1, 7L, "install", "{}",
        Mappers.JSON.writeValueAsString(plan), "admin", Instant.now());
    Plan back = InstalledState.read(row).plan();
    assertThat(back).isEqualTo(plan);
    assertThat(PlanDiff.between(back, plan).empty()).isTrue();
  }

  @Test
  void scaleInPhasesComeFromThePlaybooksTaskNames() {
    assertThat(ScaleInService.phaseOf(started("Scale-in unload regions on lab-2"))).isEqualTo("UNLOADING_REGIONS");
    assertThat(ScaleInService.phaseOf(started("Scale-in stop RegionServer on lab-2")))
        .isEqualTo("STOPPING_REGIONSERVER");
    assertThat(ScaleInService.phaseOf(started("Scale-in decommission DataNode on lab-2"))).isEqualTo("DECOMMISSIONING");
    assertThat(ScaleInService.phaseOf(started("Scale-in wait for redundancy on lab-2")))
        .isEqualTo("WAITING_FOR_REDUNDANCY");
    assertThat(ScaleInService.phaseOf(started("Scale-in stop DataNode on lab-2"))).isEqualTo("STOPPING_DATANODE");
    assertThat(ScaleInService.phaseOf(started("Scale-in forget DataNode on lab-2"))).isEqualTo("FORGETTING");
    assertThat(ScaleInService.phaseOf(started("scale_in : Scale-in decommission DataNode on lab2")))
        .as("a role's task, as Ansible names it").isEqualTo("DECOMMISSIONING");
    assertThat(ScaleInService.phaseOf(started("Write the configuration"))).isNull();
    assertThat(ScaleInService.phaseOf(started("scale_in : Report the regions moved off lab2"))).isNull();
  }

  static AnsibleEvent started(String name) {
    return new AnsibleEvent.TaskStarted(name, "id", "lab-2", false, Instant.now());
  }
}
