package io.granary.bench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LoadLoopTest {
  private static final long MS = 1_000_000L;
  private static final long SECOND = 1_000 * MS;

  /** 1,000 ops/s for 10 s, every op 100 µs except one that stalls for 1 s. */
  private static OpInterval runWithStall(boolean openLoop) {
    VirtualClock clock = new VirtualClock();
    Meter meter = new Meter();
    Pacer pacer = openLoop ? new Pacer(0, 1000, 0) : null;
    long[] n = {0};
    new LoadLoop(clock, meter, pacer, 0, 10 * SECOND, new AtomicLong(Long.MAX_VALUE), new AtomicBoolean())
        .run(o -> {
          o.op = "GET";
          clock.advance(++n[0] == 2_000 ? SECOND : 100_000);
        });
    List<OpInterval> ops = meter.interval(false).ops();
    assertEquals(1, ops.size());
    return ops.get(0);
  }

  @Test
  void aStallInflatesCorrectedLatencyButNotServiceTime() {
    OpInterval get = runWithStall(true);
    // the ~1,000 operations scheduled during the stall waited for it: 10% of the run
    assertTrue(get.count() > 9_900 && get.count() <= 10_000, "count " + get.count());
    assertEquals(get.count(), get.ok());
    long correctedP99 = get.corrected().getValueAtPercentile(99);
    long serviceP99 = get.service().getValueAtPercentile(99);
    assertTrue(correctedP99 > 800_000, "corrected p99 " + correctedP99 + " µs should show the stall");
    assertTrue(serviceP99 <= 101, "service p99 " + serviceP99 + " µs should not");
    assertTrue(get.service().getMaxValue() >= 999_000, "the stalled call itself is in the service max");
  }

  @Test
  void closedLoopHidesTheStallFromBothMeasures() {
    OpInterval get = runWithStall(false);
    // closed loop: the stall only delays the next start, so corrected == service
    assertEquals(get.service().getValueAtPercentile(99), get.corrected().getValueAtPercentile(99));
    assertTrue(get.corrected().getValueAtPercentile(99) <= 101);
  }

  @Test
  void openLoopKeepsTheScheduleWhenTheServerKeepsUp() {
    VirtualClock clock = new VirtualClock();
    Meter meter = new Meter();
    long ops = new LoadLoop(clock, meter, new Pacer(0, 500, 0), 0, 4 * SECOND, new AtomicLong(Long.MAX_VALUE),
        new AtomicBoolean()).run(o -> clock.advance(MS));
    assertEquals(2_000, ops);
    OpInterval op = meter.interval(false).ops().get(0);
    assertEquals(1_000, op.corrected().getValueAtPercentile(100), 1);
  }

  @Test
  void theSharedBudgetStopsTheLoop() {
    VirtualClock clock = new VirtualClock();
    AtomicLong budget = new AtomicLong(25);
    Meter meter = new Meter();
    long a = new LoadLoop(clock, meter, null, 0, SECOND, budget, new AtomicBoolean()).run(o -> clock.advance(MS));
    assertEquals(25, a);
    long b = new LoadLoop(clock, meter, null, 0, 2 * SECOND, budget, new AtomicBoolean()).run(o -> clock.advance(MS));
    assertEquals(0, b);
  }

  @Test
  void failuresAreCountedPerTypeAndTimeoutsApart() {
    VirtualClock clock = new VirtualClock();
    Meter meter = new Meter();
    long[] n = {0};
    new LoadLoop(clock, meter, null, 0, SECOND, new AtomicLong(30), new AtomicBoolean()).run(o -> {
      o.op = "PUT";
      clock.advance(MS);
      long i = ++n[0];
      if (i % 10 == 0) {
        throw new java.net.SocketTimeoutException("slow");
      }
      if (i % 3 == 0) {
        throw new java.io.IOException("region moved");
      }
    });
    OpInterval put = meter.interval(false).ops().get(0);
    assertEquals(3, put.timeouts());
    assertEquals(9, put.errors());
    assertEquals(18, put.ok());
    // a failed call completed too: YCSB counts it in the throughput and keeps its latency apart
    assertEquals(30, put.count());
    assertEquals(12, put.failedService().getTotalCount());
    assertEquals(18, put.service().getTotalCount());
  }

  @Test
  void theBudgetCountsMeasuredOperationsOnlyNotWarmUp() {
    VirtualClock clock = new VirtualClock();
    AtomicLong budget = new AtomicLong(100);
    // 1 ms per operation, warm-up until 0.5 s: 500 warm-up operations, then the 100 measured ones
    long ran = new LoadLoop(clock, new Meter(), null, SECOND / 2, 10 * SECOND, budget, new AtomicBoolean())
        .run(o -> clock.advance(MS));
    assertEquals(600, ran);
  }

  @Test
  void aSelfTimedOperationRecordsItsOwnCallsAndNotTheWholeTransaction() {
    VirtualClock clock = new VirtualClock();
    Meter meter = new Meter();
    new LoadLoop(clock, meter, null, 0, SECOND, new AtomicLong(10), new AtomicBoolean()).run(o -> {
      clock.advance(5 * MS); // choosing the key and building the value: not in any latency
      long start = clock.nanoTime();
      clock.advance(MS);
      o.record("READ", Status.NOT_FOUND, start, clock.nanoTime(), 0, 0, true);
    });
    Meter.Snapshot s = meter.interval(false);
    OpInterval read = s.ops().get(0);
    assertEquals("READ", read.op());
    assertEquals(10, read.notFound());
    assertEquals(0, read.errors());
    assertEquals(1_000, read.failedService().getMaxValue());
    assertEquals(1, s.ops().size(), "no whole-transaction record beside the self-timed call");
    assertEquals(10, s.all().count());
  }
}
