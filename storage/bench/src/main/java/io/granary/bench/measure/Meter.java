package io.granary.bench.measure;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.HdrHistogram.WriterReaderPhaser;

/**
 * Per-operation-type recorders shared by all load threads, plus {@link #ALL}: one record per
 * transaction (a YCSB read-modify-write is one transaction made of a READ and an UPDATE, which
 * count under their own names but not again in ALL). Snapshotted once per interval.
 *
 * <p>Everything one operation records (its type's figures and ALL, latencies, rows, bytes) lands in
 * the same interval: a writer takes the active generation once, records into it inside a phaser
 * critical section, and a snapshot replaces the whole generation and flips the phase, as
 * HdrHistogram's Recorder does for one histogram.
 *
 * <p>Whether an operation is measured depends on when it STARTED (the load loop charges the
 * operation budget by start time, so YCSB's operationcount is exact), not on the interval it
 * completes in; the intervals are flipped a little after warm-up ends and operations are in flight
 * across that flip. So the totals hold exactly the operations started after warm-up, and a
 * measured interval's figures hold exactly what it adds to the totals (the measured intervals add
 * up to the summary):
 * <ul>
 *   <li>an operation started after warm-up that completes in a warm-up interval is carried into
 *       the next measured interval's figures (not the warm-up interval's);
 *   <li>an operation started in warm-up that completes in a measured interval is left out of its
 *       figures and the totals, and only counted in {@link Snapshot#startedInWarmup()}.
 * </ul>
 */
public final class Meter {
  /** The name of the all-transactions figures. */
  public static final String ALL = "ALL";

  /**
   * One interval's figures: each operation type (sorted by name) and all transactions.
   *
   * @param startedInWarmup transactions started during warm-up that completed in this measured
   *     interval; not in {@code ops} or {@code all}, nor in the totals
   */
  public record Snapshot(List<OpInterval> ops, OpInterval all, long startedInWarmup) {}

  /** The figures of one interval's operations, or of the ones carried over. */
  private static final class Figures {
    final Map<String, OpStats.Bucket> ops = new ConcurrentHashMap<>();
    final OpStats.Bucket all = new OpStats.Bucket();

    /** Zeroes the buckets that hold anything (a histogram reset clears its whole counts array). */
    void reset() {
      ops.values().forEach(Figures::resetUsed);
      resetUsed(all);
    }

    private static void resetUsed(OpStats.Bucket b) {
      if (b.count() > 0) {
        b.reset();
      }
    }

    OpStats.Bucket bucket(String op) {
      OpStats.Bucket b = ops.get(op);
      return b != null ? b : ops.computeIfAbsent(op, k -> new OpStats.Bucket());
    }

    /** Adds the figures of a generation no writer uses any more (the reader thread only). */
    void add(Figures other) {
      other.ops.forEach((name, b) -> {
        OpStats.Bucket mine = bucket(name);
        if (b.count() > 0) {
          OpStats.add(mine, b);
        }
      });
      if (other.all.count() > 0) {
        OpStats.add(all, other.all);
      }
    }

    boolean isEmpty() {
      return all.count() == 0 && ops.values().stream().allMatch(b -> b.count() == 0);
    }
  }

  /** Every bucket of one interval: operations started after warm-up, and the ones started during it. */
  private static final class Generation {
    final Figures measured = new Figures();
    final Figures warmup = new Figures();

    void reset() {
      measured.reset();
      warmup.reset();
    }
  }

  private final WriterReaderPhaser phaser = new WriterReaderPhaser();
  private volatile Generation active = new Generation();
  private Generation spare = new Generation();
  /** Operations started after warm-up that completed in a warm-up interval, for the next measured one. */
  private final Figures carried = new Figures();
  private final Map<String, OpStats.Bucket> totals = new ConcurrentHashMap<>();
  private final OpStats.Bucket allTotal = new OpStats.Bucket();

  /**
   * Records one completed operation.
   *
   * @param transaction true when this record is a whole transaction (counted in ALL); false for a
   *     part of one (the READ and UPDATE inside a read-modify-write)
   * @param startedInWarmup true when the transaction started before warm-up ended: never measured,
   *     whenever it completes
   */
  public void record(String op, Status status, long intendedNs, long startNs, long endNs, long rows, long bytes,
      boolean transaction, boolean startedInWarmup) {
    long phase = phaser.writerCriticalSectionEnter();
    try {
      Generation g = active;
      Figures f = startedInWarmup ? g.warmup : g.measured;
      OpStats.record(f.bucket(op), status, intendedNs, startNs, endNs, rows, bytes);
      if (transaction) {
        OpStats.record(f.all, status, intendedNs, startNs, endNs, rows, bytes);
      }
    } finally {
      phaser.writerCriticalSectionExit(phase);
    }
  }

  /**
   * Every figure since the previous interval. A warm-up interval shows the operations started in
   * warm-up; a measured one the operations started after it (with the ones carried over), which
   * are added to the totals.
   */
  public synchronized Snapshot interval(boolean warmup) {
    Generation done;
    phaser.readerLock();
    try {
      spare.reset();
      done = active;
      active = spare;
      phaser.flipPhase();
      spare = done;
    } finally {
      phaser.readerUnlock();
    }
    if (warmup) {
      carried.add(done.measured);
      return snapshot(done.warmup, 0);
    }
    // the common case (nothing carried) takes the generation's figures as they are
    Figures measured = done.measured;
    if (!carried.isEmpty()) {
      carried.add(done.measured);
      measured = carried;
    }
    Snapshot s = snapshot(measured, done.warmup.all.count());
    for (OpInterval i : s.ops()) {
      OpStats.add(totals.computeIfAbsent(i.op(), k -> new OpStats.Bucket()), i);
    }
    OpStats.add(allTotal, s.all());
    carried.reset();
    return s;
  }

  /** True when operations started after warm-up wait in the meter for a measured interval. */
  public synchronized boolean carriesMeasured() {
    return !carried.isEmpty();
  }

  private static Snapshot snapshot(Figures f, long startedInWarmup) {
    List<String> names = new ArrayList<>(f.ops.keySet());
    names.sort(Comparator.naturalOrder());
    List<OpInterval> ops = new ArrayList<>();
    for (String name : names) {
      ops.add(f.ops.get(name).snapshot(name));
    }
    return new Snapshot(ops, f.all.snapshot(ALL), startedInWarmup);
  }

  /** Totals over every operation started after warm-up (every measured interval). */
  public synchronized Snapshot totals() {
    List<String> names = new ArrayList<>(totals.keySet());
    names.sort(Comparator.naturalOrder());
    List<OpInterval> ops = new ArrayList<>();
    for (String name : names) {
      ops.add(totals.get(name).snapshot(name));
    }
    return new Snapshot(ops, allTotal.snapshot(ALL), 0);
  }
}
