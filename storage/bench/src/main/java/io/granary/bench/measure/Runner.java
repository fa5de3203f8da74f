package io.granary.bench.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Runs N load threads for warm-up + duration seconds (or an operation count), closed loop or
 * open loop at a target rate spread evenly over the threads, and reports one interval per second.
 */
public final class Runner {
  /** Makes thread {@code index}'s operation; called on that thread before the run starts. */
  @FunctionalInterface
  public interface WorkerFactory {
    LoadLoop.Operation create(int index) throws Exception;
  }

  private final int threads;
  private final double targetRate;
  private final int warmupSeconds;
  private final int durationSeconds;
  private final long maxOps;
  private final Consumer<IntervalReport> sink;
  private final AtomicBoolean stop = new AtomicBoolean();
  private final Meter meter = new Meter();

  /**
   * @param targetRate total operations per second; 0 means closed loop
   * @param maxOps operations after warm-up (YCSB's operationcount of the measured run); 0 means no limit
   */
  public Runner(int threads, double targetRate, int warmupSeconds, int durationSeconds, long maxOps,
      Consumer<IntervalReport> sink) {
    this.threads = threads;
    this.targetRate = targetRate;
    this.warmupSeconds = warmupSeconds;
    this.durationSeconds = durationSeconds;
    this.maxOps = maxOps;
    this.sink = sink;
  }

  /** Ends the run early (SIGTERM, cancel); the running operations finish and are reported. */
  public void stop() {
    stop.set(true);
  }

  public RunSummary run(WorkerFactory factory) throws Exception {
    long budgetOps = maxOps > 0 ? maxOps : Long.MAX_VALUE;
    AtomicLong budget = new AtomicLong(budgetOps);
    AtomicReference<Exception> setupError = new AtomicReference<>();
    CountDownLatch ready = new CountDownLatch(threads);
    CountDownLatch go = new CountDownLatch(1);
    CountDownLatch done = new CountDownLatch(threads);
    long[] startHolder = new long[1];
    long totalNs = (warmupSeconds + (long) durationSeconds) * 1_000_000_000L;
    List<Thread> workers = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      int index = i;
      Thread t = new Thread(() -> {
        LoadLoop.Operation op = null;
        try {
          op = factory.create(index);
        } catch (Exception e) {
          setupError.compareAndSet(null, e);
        } finally {
          ready.countDown();
        }
        try {
          go.await();
          if (op != null && setupError.get() == null) {
            long start = startHolder[0];
            Pacer pacer = targetRate > 0
                ? new Pacer(start, targetRate / threads, (long) (1e9 / targetRate * index))
                : null;
            new LoadLoop(Clock.SYSTEM, meter, pacer, start + warmupSeconds * 1_000_000_000L, start + totalNs, budget,
                stop).run(op);
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        } finally {
          done.countDown();
        }
      }, "load-" + i);
      t.setDaemon(true);
      workers.add(t);
      t.start();
    }
    ready.await();
    if (setupError.get() != null) {
      stop.set(true);
      go.countDown();
      throw setupError.get();
    }
    CpuSampler cpu = new CpuSampler();
    GcSampler gc = new GcSampler();
    gc.mark();
    long start = System.nanoTime();
    startHolder[0] = start;
    go.countDown();

    double measured = 0;
    double cpuSum = 0;
    double cpuMax = 0;
    int measuredIntervals = 0;
    int index = 0;
    long intervalStart = start;
    boolean finished = false;
    while (!finished) {
      long next = start + (index + 1) * 1_000_000_000L;
      long wait;
      while ((wait = next - System.nanoTime()) > 0 && done.getCount() > 0) {
        done.await(Math.min(wait, 50_000_000L), java.util.concurrent.TimeUnit.NANOSECONDS);
      }
      finished = done.getCount() == 0;
      long now = System.nanoTime();
      boolean warmup = index < warmupSeconds;
      double seconds = (now - intervalStart) / 1e9;
      double agentCpu = cpu.agentPercent();
      Meter.Snapshot snap = meter.interval(warmup);
      IntervalReport r = new IntervalReport(index, (intervalStart - start) / 1e9, seconds, warmup, snap.ops(),
          snap.all(), agentCpu, cpu.systemPercent(), progress(now - start, totalNs, budgetOps - budget.get()),
          snap.startedInWarmup());
      if (finished && warmup && meter.carriesMeasured()) {
        // operations started after warm-up completed before its last interval was taken: they
        // belong in a measured interval, which follows at once
        finished = false;
      }
      if (warmup && index + 1 == warmupSeconds) {
        gc.mark();
      }
      if (!warmup) {
        measured += seconds;
        cpuSum += agentCpu * seconds;
        cpuMax = Math.max(cpuMax, agentCpu);
        measuredIntervals++;
      }
      sink.accept(r);
      intervalStart = now;
      index++;
    }
    for (Thread t : workers) {
      t.join(5_000);
    }
    boolean complete = !stop.get();
    Meter.Snapshot totals = meter.totals();
    RunSummary.Cost cost = gc.cost();
    gc.close();
    return new RunSummary(measured, totals.ops(), totals.all(),
        measuredIntervals == 0 ? 0 : Math.round(cpuSum / measured * 10) / 10.0, cpuMax, gc.since(), cost, complete);
  }

  private double progress(long elapsedNs, long totalNs, long opsMeasured) {
    double byTime = Math.min(1.0, (double) elapsedNs / totalNs);
    double byOps = maxOps > 0 ? Math.min(1.0, (double) opsMeasured / maxOps) : 0;
    return Math.round(Math.max(byTime, byOps) * 1000) / 1000.0;
  }
}
