package io.granary.bench.measure;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/** One load thread: wait for the intended start (open loop), run an operation, record it. */
public final class LoadLoop {
  /** One operation of a workload; throws when it failed. */
  @FunctionalInterface
  public interface Operation {
    void run(Outcome outcome) throws Exception;
  }

  private final Clock clock;
  private final Meter meter;
  private final Pacer pacer;
  private final long measureFromNs;
  private final long endNs;
  private final AtomicLong budget;
  private final AtomicBoolean stop;

  /**
   * @param pacer null for closed loop (each operation starts when the previous one ends)
   * @param measureFromNs when warm-up ends: only operations started from then on use the budget and
   *     are measured, whenever they complete
   * @param budget measured operations left for all threads together; Long.MAX_VALUE for none
   */
  public LoadLoop(Clock clock, Meter meter, Pacer pacer, long measureFromNs, long endNs, AtomicLong budget,
      AtomicBoolean stop) {
    this.clock = clock;
    this.meter = meter;
    this.pacer = pacer;
    this.measureFromNs = measureFromNs;
    this.endNs = endNs;
    this.budget = budget;
    this.stop = stop;
  }

  /** Runs until the end time, the shared budget or the stop flag; returns the operations run. */
  public long run(Operation operation) {
    Outcome o = new Outcome();
    long done = 0;
    while (!stop.get()) {
      long intended;
      if (pacer != null) {
        intended = pacer.next();
        if (intended - endNs >= 0) {
          break;
        }
        clock.sleepUntil(intended);
      } else {
        intended = -1;
      }
      long start = clock.nanoTime();
      boolean warmup = start - measureFromNs < 0;
      if (start - endNs >= 0 || stop.get() || !warmup && budget.getAndDecrement() <= 0) {
        break;
      }
      o.begin(meter, intended, warmup);
      try {
        operation.run(o);
        if (!o.selfTimed()) {
          meter.record(o.op, o.status, intended < 0 ? start : intended, start, clock.nanoTime(), o.rows, o.bytes,
              true, warmup);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      } catch (Exception e) {
        if (!o.selfTimed()) {
          meter.record(o.op, Failures.isTimeout(e) ? Status.TIMEOUT : Status.ERROR, intended < 0 ? start : intended,
              start, clock.nanoTime(), o.rows, o.bytes, true, warmup);
        }
      }
      done++;
    }
    return done;
  }
}
