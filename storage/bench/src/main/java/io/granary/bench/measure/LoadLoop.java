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
  private final long endNs;
  private final AtomicLong budget;
  private final AtomicBoolean stop;

  /**
   * @param pacer null for closed loop (each operation starts when the previous one ends)
   * @param budget operations left for all threads together; Long.MAX_VALUE for none
   */
  public LoadLoop(Clock clock, Meter meter, Pacer pacer, long endNs, AtomicLong budget, AtomicBoolean stop) {
    this.clock = clock;
    this.meter = meter;
    this.pacer = pacer;
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
        intended = clock.nanoTime();
      }
      if (clock.nanoTime() - endNs >= 0 || stop.get() || budget.getAndDecrement() <= 0) {
        break;
      }
      long start = clock.nanoTime();
      o.reset();
      try {
        operation.run(o);
        meter.ok(o.op, intended, start, clock.nanoTime(), o.rows, o.bytes);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      } catch (Exception e) {
        meter.failed(o.op, Failures.isTimeout(e));
      }
      done++;
    }
    return done;
  }
}
