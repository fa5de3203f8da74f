package io.granary.bench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class RunnerTest {

  @Test
  void measuredIntervalsAddUpToTheSummaryAndWarmupIsExcluded() throws Exception {
    List<IntervalReport> intervals = new CopyOnWriteArrayList<>();
    Runner runner = new Runner(2, 0, 1, 2, 0, intervals::add);
    RunSummary s = runner.run(i -> o -> {
      o.op = i == 0 ? "GET" : "PUT";
      o.rows = 1;
      Thread.sleep(0, 200_000);
    });
    assertTrue(s.complete());
    assertTrue(intervals.size() >= 3, "one interval per second: " + intervals.size());
    assertTrue(intervals.get(0).warmup());
    long measured = intervals.stream().filter(r -> !r.warmup()).mapToLong(IntervalReport::count).sum();
    long warm = intervals.stream().filter(IntervalReport::warmup).mapToLong(IntervalReport::count).sum();
    assertTrue(warm > 0);
    assertEquals(measured, s.count());
    for (String op : List.of("GET", "PUT")) {
      long perOp = intervals.stream().filter(r -> !r.warmup()).flatMap(r -> r.ops().stream())
          .filter(o -> o.op().equals(op)).mapToLong(OpInterval::count).sum();
      assertEquals(perOp, s.ops().stream().filter(o -> o.op().equals(op)).findFirst().orElseThrow().count());
    }
    double seconds = intervals.stream().filter(r -> !r.warmup()).mapToDouble(IntervalReport::seconds).sum();
    assertEquals(seconds, s.measuredSeconds(), 1e-9);
    assertEquals(2.0, s.measuredSeconds(), 0.2);
  }

  @Test
  void anOperationCountIsExactWhenOperationsAreInFlightAsWarmUpEnds() throws Exception {
    List<IntervalReport> intervals = new CopyOnWriteArrayList<>();
    RunSummary s = new Runner(2, 0, 1, 30, 300, intervals::add).run(i -> o -> {
      o.op = "GET";
      Thread.sleep(1);
    });
    assertEquals(300, s.count());
    assertEquals(300, intervals.stream().filter(r -> !r.warmup()).mapToLong(IntervalReport::count).sum());
    assertTrue(intervals.stream().filter(r -> !r.warmup()).mapToLong(IntervalReport::startedInWarmup).sum() <= 2);
  }

  @Test
  void theAgentsOwnPausesAndAllocationAreInTheSummary() throws Exception {
    // 2 MiB per operation, and one forced collection in the measured second: both must show as the agent's cost
    java.util.concurrent.atomic.AtomicBoolean collected = new java.util.concurrent.atomic.AtomicBoolean();
    RunSummary s = new Runner(1, 0, 0, 1, 0, r -> { }).run(i -> o -> {
      o.op = "GET";
      byte[] garbage = new byte[2 << 20];
      garbage[garbage.length - 1] = 1;
      if (garbage[0] == 0 && collected.compareAndSet(false, true)) {
        System.gc();
      }
      Thread.sleep(5);
    });
    RunSummary.Cost c = s.cost();
    assertTrue(c.allocatedMiB() >= 2L * s.count(), c + " for " + s.count() + " operations");
    assertTrue(c.allocatedMiBPerSecond() > 0, c.toString());
    assertTrue(c.gcPauses() >= 1, c.toString());
    assertTrue(c.gcPauseMaxMs() <= c.gcPauseTotalMs(), c.toString());
    long collections = s.gc().stream().mapToLong(RunSummary.Gc::count).sum();
    assertTrue(c.gcPauses() <= collections, c + " vs " + s.gc());
  }

  @Test
  void openLoopHoldsTheTargetRate() throws Exception {
    List<IntervalReport> intervals = new CopyOnWriteArrayList<>();
    RunSummary s = new Runner(4, 2_000, 0, 3, 0, intervals::add).run(i -> o -> o.op = "GET");
    assertEquals(2_000, s.opsPerSecond(), 2_000 * 0.05);
  }

  @Test
  void stopEndsTheRunEarlyWithAPartialSummary() throws Exception {
    List<IntervalReport> intervals = new CopyOnWriteArrayList<>();
    Runner runner = new Runner(1, 0, 0, 60, 0, r -> {
      intervals.add(r);
    });
    Thread stopper = new Thread(() -> {
      try {
        Thread.sleep(1_500);
      } catch (InterruptedException e) {
        return;
      }
      runner.stop();
    });
    stopper.start();
    RunSummary s = runner.run(i -> o -> Thread.sleep(1));
    assertFalse(s.complete());
    assertTrue(s.measuredSeconds() < 5, "stopped after ~1.5 s, not 60");
    assertEquals(intervals.stream().mapToLong(IntervalReport::count).sum(), s.count());
    assertTrue(s.count() > 0);
  }

  @Test
  void aWorkerThatCannotStartFailsTheRun() {
    Runner runner = new Runner(2, 0, 0, 1, 0, r -> {});
    Exception e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
        () -> runner.run(i -> {
          if (i == 1) {
            throw new IllegalStateException("no table");
          }
          return o -> {};
        }));
    assertEquals("no table", e.getMessage());
  }

  @Test
  void rowsAndCountsOfOneOperationLandInTheSameInterval() throws Exception {
    // every operation moves exactly one row: any split across intervals shows as rows != count
    List<IntervalReport> intervals = new CopyOnWriteArrayList<>();
    RunSummary s = new Runner(2, 0, 1, 2, 0, intervals::add).run(i -> o -> {
      o.op = "GET";
      o.rows = 1;
    });
    for (IntervalReport r : intervals) {
      for (OpInterval o : r.ops()) {
        assertEquals(o.count(), o.rows(), "interval " + r.index());
      }
    }
    assertEquals(s.count(), s.ops().get(0).rows());
    assertEquals(s.count(), s.all().rows());
  }
}
