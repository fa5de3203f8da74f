package io.granary.bench.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/** Per-operation-type recorders shared by all load threads; snapshotted once per interval. */
public final class Meter {
  private final ConcurrentHashMap<String, OpStats> stats = new ConcurrentHashMap<>();

  private OpStats of(String op) {
    return stats.computeIfAbsent(op, OpStats::new);
  }

  public void ok(String op, long intendedNs, long startNs, long endNs, long rows, long bytes) {
    of(op).ok(intendedNs, startNs, endNs, rows, bytes);
  }

  public void failed(String op, boolean timeout) {
    of(op).failed(timeout);
  }

  /** Every operation type's figures since the previous interval, sorted by name. */
  public synchronized List<OpInterval> interval(boolean warmup) {
    List<OpInterval> out = new ArrayList<>();
    stats.values().stream().sorted((a, b) -> a.op.compareTo(b.op)).forEach(s -> out.add(s.interval(warmup)));
    return out;
  }

  /** Totals over every interval that was not warm-up. */
  public synchronized List<OpInterval> totals() {
    List<OpInterval> out = new ArrayList<>();
    stats.values().stream().sorted((a, b) -> a.op.compareTo(b.op)).forEach(s -> out.add(s.total()));
    return out;
  }
}
