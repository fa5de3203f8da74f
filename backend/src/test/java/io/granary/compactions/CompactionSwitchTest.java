package io.granary.compactions;

import static org.mockito.ArgumentMatchers.anyBoolean;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import io.granary.clusters.Cluster;
import io.granary.clusters.ClusterKind;
import io.granary.engine.ClusterEndpoints;
import io.granary.engine.EngineCompactions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CompactionSwitchTest {
  static final Instant NIGHT = Instant.parse("2026-11-21T01:30:00Z");
  static final Instant DAY = Instant.parse("2026-11-21T12:00:00Z");

  CompactionRepository repo = mock(CompactionRepository.class);
  EngineCompactions engine = mock(EngineCompactions.class);
  Cluster cluster = new Cluster(7, "c", ClusterKind.LOCAL, "zk:2181", "hdfs://nn:8020", null, null, null);
  ClusterEndpoints endpoints = cluster.endpoints();
  CompactionSwitch sw = new CompactionSwitch(repo, engine);

  static Schedule nightly(boolean pause, boolean enabled) {
    return new Schedule(1, 7, "nightly", Schedule.TargetKind.TABLE, "t", "0 1 * * *", "UTC", 120, 1, 2,
        Schedule.Selection.ALL, null, null, null, pause, enabled, "u", null);
  }

  @Test
  void outsideTheWindowEveryLiveServerIsSwitchedOffOnce() throws Exception {
    when(repo.schedules(7)).thenReturn(List.of(nightly(true, true)));
    when(repo.switchStates(7)).thenReturn(Map.of());
    when(engine.liveServers(endpoints)).thenReturn(List.of("a,1,1", "b,1,1"));
    sw.reconcile(cluster, DAY);
    verify(engine).compactionSwitch(endpoints, false, List.of("a,1,1"));
    verify(engine).compactionSwitch(endpoints, false, List.of("b,1,1"));
    verify(repo).recordSwitch(7, "a,1,1", false);

    // recorded as off: the next tick does nothing
    when(repo.switchStates(7)).thenReturn(Map.of("a,1,1", false, "b,1,1", false));
    CompactionSwitch again = new CompactionSwitch(repo, engine);
    again.reconcile(cluster, DAY);
    verify(engine).compactionSwitch(endpoints, false, List.of("a,1,1"));
  }

  @Test
  void aRestartedServerIsANewNameAndIsSwitchedAgain() throws Exception {
    when(repo.schedules(7)).thenReturn(List.of(nightly(true, true)));
    when(repo.switchStates(7)).thenReturn(Map.of("a,1,1", false, "b,1,1", false));
    when(engine.liveServers(endpoints)).thenReturn(List.of("a,1,1", "b,1,2"));
    sw.reconcile(cluster, DAY);
    verify(repo).forgetSwitch(7, "b,1,1");
    verify(engine).compactionSwitch(endpoints, false, List.of("b,1,2"));
    verify(engine, never()).compactionSwitch(eq(endpoints), anyBoolean(), eq(List.of("a,1,1")));
  }

  @Test
  void insideTheWindowOrWhileARunIsUnderWayCompactionsAreOn() throws Exception {
    when(repo.schedules(7)).thenReturn(List.of(nightly(true, true)));
    when(repo.switchStates(7)).thenReturn(Map.of("a,1,1", false));
    when(engine.liveServers(endpoints)).thenReturn(List.of("a,1,1"));
    sw.reconcile(cluster, NIGHT);
    verify(engine).compactionSwitch(endpoints, true, List.of("a,1,1"));

    when(repo.clusterRunning(7)).thenReturn(true);
    when(repo.switchStates(7)).thenReturn(Map.of("a,1,1", false));
    new CompactionSwitch(repo, engine).reconcile(cluster, DAY);
    verify(engine, org.mockito.Mockito.times(2)).compactionSwitch(endpoints, true, List.of("a,1,1"));
  }

  @Test
  void withoutAPausingScheduleWhatGranarySwitchedOffIsSwitchedBackOnAndForgotten() throws Exception {
    when(repo.schedules(7)).thenReturn(List.of(nightly(true, false)));
    when(repo.switchStates(7)).thenReturn(Map.of("a,1,1", false));
    when(engine.liveServers(endpoints)).thenReturn(List.of("a,1,1"));
    sw.reconcile(cluster, DAY);
    verify(engine).compactionSwitch(endpoints, true, List.of("a,1,1"));
    verify(repo).forgetSwitch(7, "a,1,1");
  }

  @Test
  void nothingIsTouchedWhenNoScheduleEverPaused() throws Exception {
    when(repo.schedules(7)).thenReturn(List.of(nightly(false, true)));
    when(repo.switchStates(7)).thenReturn(Map.of());
    sw.reconcile(cluster, DAY);
    sw.ensureOn(cluster);
    verify(engine, never()).liveServers(endpoints);
    verify(engine, never()).compactionSwitch(eq(endpoints), anyBoolean(), anyList());
  }

  @Test
  void aRunSwitchesCompactionsOnBeforeItsFirstRequest() throws Exception {
    when(repo.switchStates(7)).thenReturn(Map.of("a,1,1", false, "b,1,1", true));
    when(engine.liveServers(endpoints)).thenReturn(List.of("a,1,1", "b,1,1"));
    sw.ensureOn(cluster);
    verify(engine).compactionSwitch(endpoints, true, List.of("a,1,1"));
    verify(engine, never()).compactionSwitch(endpoints, true, List.of("b,1,1"));
    verify(repo).recordSwitch(7, "a,1,1", true);
  }
}
