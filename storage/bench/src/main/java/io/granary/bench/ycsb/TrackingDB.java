package io.granary.bench.ycsb;

import io.granary.bench.measure.Failures;
import io.granary.bench.measure.Outcome;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * Sits between YCSB's CoreWorkload and the binding and times each DB call alone, as YCSB's DBWrapper
 * does (key choice and value generation are not in the latency). A transaction of a READ followed by
 * an UPDATE is CoreWorkload's read-modify-write: READ and UPDATE are recorded under their own names
 * and READ-MODIFY-WRITE (read start to update end) is the transaction, as YCSB reports them.
 */
public final class TrackingDB extends DB {
  private static final int MAX_CALLS = 2;

  /** One DB call of the current transaction. */
  private static final class Call {
    String op;
    io.granary.bench.measure.Status status;
    long start;
    long end;
    long rows;
    long bytes;
  }

  private final DB db;
  private final Call[] calls = {new Call(), new Call()};
  private int n;
  private Outcome outcome;

  public TrackingDB(DB db) {
    this.db = db;
  }

  /** Starts a transaction whose calls are recorded into {@code o}. */
  public void begin(Outcome o) {
    outcome = o;
    n = 0;
  }

  /** Records the transaction's calls; returns the first status that was not OK, or null. */
  public io.granary.bench.measure.Status end() {
    io.granary.bench.measure.Status worst = null;
    for (int i = 0; i < n; i++) {
      if (calls[i].status != io.granary.bench.measure.Status.OK && worst == null) {
        worst = calls[i].status;
      }
    }
    if (outcome == null) {
      return worst;
    }
    boolean rmw = n == 2 && "READ".equals(calls[0].op) && "UPDATE".equals(calls[1].op);
    for (int i = 0; i < n; i++) {
      Call c = calls[i];
      outcome.record(c.op, c.status, c.start, c.end, c.rows, c.bytes, !rmw);
    }
    if (rmw) {
      outcome.record(YcsbReport.RMW, worst == null ? io.granary.bench.measure.Status.OK : worst, calls[0].start,
          calls[1].end, calls[0].rows + calls[1].rows, calls[0].bytes + calls[1].bytes, true);
    }
    return worst;
  }

  /** The binding's exception behind its latest ERROR, when it keeps one. */
  public Exception lastError() {
    return db instanceof GranaryHBaseDB g ? g.lastError() : null;
  }

  private io.granary.bench.measure.Status status(Status s) {
    io.granary.bench.measure.Status ours = io.granary.bench.measure.Status.ofYcsb(s.getName());
    return ours == io.granary.bench.measure.Status.ERROR && lastError() != null
        && Failures.isTimeout(lastError()) ? io.granary.bench.measure.Status.TIMEOUT : ours;
  }

  private static long size(Map<String, ByteIterator> m) {
    long size = 0;
    for (Map.Entry<String, ByteIterator> e : m.entrySet()) {
      size += e.getKey().length() + e.getValue().bytesLeft();
    }
    return size;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    long start = System.nanoTime();
    Status s = db.read(table, key, fields, result);
    long end = System.nanoTime();
    boolean ok = s.isOk();
    return trackAt(end, "READ", s, start, ok ? 1 : 0, ok ? key.length() + size(result) : 0);
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    long start = System.nanoTime();
    Status s = db.scan(table, startkey, recordcount, fields, result);
    long end = System.nanoTime();
    long bytes = 0;
    for (HashMap<String, ByteIterator> r : result) {
      bytes += size(r);
    }
    return trackAt(end, "SCAN", s, start, result.size(), bytes);
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    long bytes = key.length() + size(values);
    long start = System.nanoTime();
    Status s = db.update(table, key, values);
    return trackAt(System.nanoTime(), "UPDATE", s, start, 1, bytes);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    long bytes = key.length() + size(values);
    long start = System.nanoTime();
    Status s = db.insert(table, key, values);
    return trackAt(System.nanoTime(), "INSERT", s, start, 1, bytes);
  }

  @Override
  public Status delete(String table, String key) {
    long start = System.nanoTime();
    Status s = db.delete(table, key);
    return trackAt(System.nanoTime(), "DELETE", s, start, 1, 0);
  }

  /** Keeps the call's end time as taken right after the call (sizes are counted after it). */
  private Status trackAt(long end, String op, Status s, long start, long rows, long bytes) {
    if (n < MAX_CALLS) {
      Call c = calls[n++];
      c.op = op;
      c.status = status(s);
      c.start = start;
      c.end = end;
      c.rows = rows;
      c.bytes = bytes;
    }
    return s;
  }
}
