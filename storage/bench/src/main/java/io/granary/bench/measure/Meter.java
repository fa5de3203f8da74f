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
 */
public final class Meter {
  /** The name of the all-transactions figures. */
  public static final String ALL = "ALL";

  /** One interval's figures: each operation type (sorted by name) and all transactions. */
  public record Snapshot(List<OpInterval> ops, OpInterval all) {}

  /** Every bucket of one interval. */
  private static final class Generation {
    final Map<String, OpStats.Bucket> ops = new ConcurrentHashMap<>();
    final OpStats.Bucket all = new OpStats.Bucket();

    void reset() {
      ops.values().forEach(OpStats.Bucket::reset);
      all.reset();
    }
  }

  private final WriterReaderPhaser phaser = new WriterReaderPhaser();
  private volatile Generation active = new Generation();
  private Generation spare = new Generation();
  private final Map<String, OpStats.Bucket> totals = new ConcurrentHashMap<>();
  private final OpStats.Bucket allTotal = new OpStats.Bucket();

  /**
   * Records one completed operation.
   *
   * @param transaction true when this record is a whole transaction (counted in ALL); false for a
   *     part of one (the READ and UPDATE inside a read-modify-write)
   */
  public void record(String op, Status status, long intendedNs, long startNs, long endNs, long rows, long bytes,
      boolean transaction) {
    long phase = phaser.writerCriticalSectionEnter();
    try {
      Generation g = active;
      OpStats.Bucket b = g.ops.get(op);
      if (b == null) {
        b = g.ops.computeIfAbsent(op, k -> new OpStats.Bucket());
      }
      OpStats.record(b, status, intendedNs, startNs, endNs, rows, bytes);
      if (transaction) {
        OpStats.record(g.all, status, intendedNs, startNs, endNs, rows, bytes);
      }
    } finally {
      phaser.writerCriticalSectionExit(phase);
    }
  }

  /** Every figure since the previous interval; added to the totals unless it is warm-up. */
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
    List<String> names = new ArrayList<>(done.ops.keySet());
    names.sort(Comparator.naturalOrder());
    List<OpInterval> ops = new ArrayList<>();
    for (String name : names) {
      OpInterval i = done.ops.get(name).snapshot(name);
      ops.add(i);
      if (!warmup) {
        OpStats.add(totals.computeIfAbsent(name, k -> new OpStats.Bucket()), i);
      }
    }
    OpInterval all = done.all.snapshot(ALL);
    if (!warmup) {
      OpStats.add(allTotal, all);
    }
    return new Snapshot(ops, all);
  }

  /** Totals over every interval that was not warm-up. */
  public synchronized Snapshot totals() {
    List<String> names = new ArrayList<>(totals.keySet());
    names.sort(Comparator.naturalOrder());
    List<OpInterval> ops = new ArrayList<>();
    for (String name : names) {
      ops.add(totals.get(name).snapshot(name));
    }
    return new Snapshot(ops, allTotal.snapshot(ALL));
  }
}
