package io.granary.hosts;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.provisioning.Planner;
import io.granary.provisioning.model.ClusterSpec;
import io.granary.provisioning.model.Plan;
import io.granary.provisioning.model.Role;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RestartStepsTest {
  static Plan plan(String scenario) throws Exception {
    Path spec = Path.of("../provisioning/src/test/resources/scenarios/" + scenario + "/spec.yaml");
    return new Planner().plan(ClusterSpec.read(spec)).plan();
  }

  @Test
  void regionServersGoFirstInBatchesDataNodesOneAtATimeMastersLast() throws Exception {
    Plan plan = plan("three-host-ha");
    List<RestartSteps.StepPlan> steps = RestartSteps.plan(plan, List.of(), Set.of(), 2);
    List<String> roles = steps.stream().map(RestartSteps.StepPlan::role).distinct().toList();
    assertThat(roles).containsSubsequence("regionserver", "datanode", "namenode", "hbase_master");
    assertThat(roles.indexOf("hbase_master")).isEqualTo(roles.size() - 1);
    int rs = plan.hostsRunning(Role.REGIONSERVER).size();
    List<RestartSteps.StepPlan> rsSteps = steps.stream().filter(s -> s.role().equals("regionserver")).toList();
    assertThat(rsSteps).hasSize((rs + 1) / 2);
    assertThat(rsSteps.get(0).hosts()).hasSize(Math.min(2, rs));
    assertThat(steps.stream().filter(s -> s.role().equals("datanode"))).allSatisfy(s -> assertThat(s.hosts()).hasSize(1))
        .hasSize(plan.hostsRunning(Role.DATANODE).size());
    // a master role is one step: the playbook orders standby before active inside it
    assertThat(steps.stream().filter(s -> s.role().equals("namenode"))).singleElement()
        .satisfies(s -> assertThat(s.hosts()).hasSize(2));
  }

  @Test
  void rolesAndHostsNarrowTheSteps() throws Exception {
    Plan plan = plan("three-host-lab");
    String first = plan.hostsRunning(Role.REGIONSERVER).get(0).hostname();
    assertThat(RestartSteps.plan(plan, List.of(Role.REGIONSERVER), Set.of(first), 1))
        .containsExactly(new RestartSteps.StepPlan("regionserver", List.of(first)));
    assertThat(RestartSteps.plan(plan, List.of(Role.ZOOKEEPER), Set.of("no-such-host"), 1)).isEmpty();
  }

  @Test
  void aDiffsRestartsBecomeStepsInRollingOrder() throws Exception {
    Plan plan = plan("three-host-lab");
    List<String> rs = plan.hostsRunning(Role.REGIONSERVER).stream().map(h -> h.hostname()).toList();
    String master = plan.hostsRunning(Role.HBASE_MASTER).get(0).hostname();
    List<RestartSteps.StepPlan> steps = RestartSteps.forRestarts(plan,
        Map.of(Role.HBASE_MASTER, List.of(master), Role.REGIONSERVER, rs), 1);
    assertThat(steps).hasSize(rs.size() + 1);
    assertThat(steps.get(steps.size() - 1)).isEqualTo(new RestartSteps.StepPlan("hbase_master", List.of(master)));
    assertThat(RestartSteps.shell(steps.get(0))).contains("rolling_restart.yml", "rolling_restart_role=regionserver",
        "RegionMover");
  }

  @Test
  void phasesAndHostsComeFromThePlaybooksTaskNames() {
    assertThat(RollingRestartService.phaseOf("rolling_restart : Rolling restart unload regions on lab-2"))
        .containsExactly("lab-2", "UNLOADING_REGIONS");
    assertThat(RollingRestartService.phaseOf("Rolling restart restart RegionServer on Lab2"))
        .containsExactly("Lab2", "RESTARTING");
    assertThat(RollingRestartService.phaseOf("Rolling restart wait for health on lab2"))
        .containsExactly("lab2", "WAITING_FOR_HEALTH");
    assertThat(RollingRestartService.phaseOf("Rolling restart load regions on lab2"))
        .containsExactly("lab2", "LOADING_REGIONS");
    assertThat(RollingRestartService.phaseOf("Rolling restart wait for blocks on lab3"))
        .containsExactly("lab3", "WAITING_FOR_BLOCKS");
    assertThat(RollingRestartService.phaseOf("Read the RegionServer on lab2")).isNull();
    assertThat(RollingRestartService.phaseOf(null)).isNull();
  }

  @Test
  void aRegionServerIsFoundUnderItsInventoryNameHostNameOrAddress() throws Exception {
    Plan plan = plan("three-host-lab");
    var host = plan.hostsRunning(Role.REGIONSERVER).get(0);
    assertThat(RollingRestartService.namesOf(plan, host.hostname())).contains(host.hostname(), host.address());
    // a host the plan does not know is looked for under the given name only
    assertThat(RollingRestartService.namesOf(plan, "elsewhere")).containsExactly("elsewhere");
  }
}
