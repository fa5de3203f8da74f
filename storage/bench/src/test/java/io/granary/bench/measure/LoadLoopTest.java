package io.granary.bench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
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

  /**
   * Closed-loop threads, each on its own virtual clock, share a meter and a budget; warm-up ends at
   * 1 s. Each thread stops once where {@code holdAt} says (given its clock before and after the
   * operation) until the last warm-up interval has been flipped, as the Runner flips it a little
   * after the warm-up ends. Returns the warm-up interval and the measured one.
   */
  private static Meter.Snapshot[] runAcrossTheWarmUpFlip(Meter meter, long budget, long[] opNanos,
      java.util.function.BiPredicate<Long, Long> holdAt) throws Exception {
    AtomicLong left = new AtomicLong(budget);
    CountDownLatch holding = new CountDownLatch(opNanos.length);
    CountDownLatch flipped = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    List<Throwable> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
    for (int t = 0; t < opNanos.length; t++) {
      int index = t;
      VirtualClock clock = new VirtualClock();
      boolean[] held = {false};
      Thread thread = new Thread(() -> new LoadLoop(clock, meter, null, SECOND, 100 * SECOND, left,
          new AtomicBoolean()).run(o -> {
            o.op = "T" + index;
            long before = clock.nanoTime();
            clock.advance(opNanos[index]);
            if (!held[0] && holdAt.test(before, clock.nanoTime())) {
              held[0] = true;
              holding.countDown();
              if (!flipped.await(10, TimeUnit.SECONDS)) {
                failures.add(new AssertionError("never flipped"));
              }
            }
          }), "load-" + t);
      thread.setUncaughtExceptionHandler((th, e) -> failures.add(e));
      threads.add(thread);
      thread.start();
    }
    assertTrue(holding.await(10, TimeUnit.SECONDS), "every thread reaches its hold");
    Meter.Snapshot warm = meter.interval(true);
    flipped.countDown();
    for (Thread t : threads) {
      t.join(10_000);
      assertFalse(t.isAlive(), t.getName());
    }
    assertTrue(failures.isEmpty(), failures.toString());
    return new Meter.Snapshot[] {warm, meter.interval(false)};
  }

  private static void assertTotalsAreTheBudgetAndTheMeasuredInterval(Meter meter, Meter.Snapshot measured,
      long budget) {
    Meter.Snapshot totals = meter.totals();
    assertEquals(budget, totals.all().count(), "operationcount is exact");
    assertEquals(measured.all().count(), totals.all().count(), "the measured intervals add up to the totals");
    assertEquals(measured.ops().stream().mapToLong(OpInterval::count).sum(),
        totals.ops().stream().mapToLong(OpInterval::count).sum());
    for (OpInterval op : totals.ops()) {
      assertEquals(op.count(), measured.ops().stream().filter(m -> m.op().equals(op.op())).findFirst().orElseThrow()
          .count(), op.op());
    }
  }

  @Test
  void operationsInFlightAcrossTheWarmUpBoundaryStayOutOfTheMeasuredTotals() throws Exception {
    Meter meter = new Meter();
    // thread 0 takes 120 ms an operation, thread 1 150 ms: both are in the middle of an operation
    // started in warm-up (at 0.96 s and 0.9 s) when warm-up ends, and complete it after the last
    // warm-up flip
    Meter.Snapshot[] intervals = runAcrossTheWarmUpFlip(meter, 50, new long[] {120 * MS, 150 * MS},
        (before, after) -> before < SECOND && after > SECOND);
    // warm-up operations completed before the flip: 8 on thread 0, 6 on thread 1
    assertEquals(8 + 6, intervals[0].all().count());
    assertTotalsAreTheBudgetAndTheMeasuredInterval(meter, intervals[1], 50);
    // the two that were in flight show apart in the interval they completed in
    assertEquals(2, intervals[1].startedInWarmup());
  }

  @Test
  void measuredOperationsCompletedBeforeTheWarmUpFlipCountInTheTotals() throws Exception {
    Meter meter = new Meter();
    // each thread completes its first two measured operations (from 1.0 s and 1.1 s, or 1.2 s and
    // 1.4 s) before the last warm-up interval is flipped
    Meter.Snapshot[] intervals = runAcrossTheWarmUpFlip(meter, 30, new long[] {100 * MS, 200 * MS},
        (before, after) -> before >= SECOND && after - SECOND > (after - before) * 2);
    assertEquals(10 + 5, intervals[0].all().count(), "warm-up operations only");
    assertTotalsAreTheBudgetAndTheMeasuredInterval(meter, intervals[1], 30);
    assertEquals(0, intervals[1].startedInWarmup());
  }
}
