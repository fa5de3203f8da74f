package io.granary.bench.ycsb;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * Sits between YCSB's CoreWorkload and the binding to learn what one transaction did: its
 * operation name (READ, UPDATE, INSERT, SCAN, DELETE, or READ-MODIFY-WRITE for a read followed by
 * an update), whether any call failed, and the bytes it moved.
 */
public final class TrackingDB extends DB {
  private final GranaryHBaseDB db;
  private String op;
  private Status failure;
  private long rows;
  private long bytes;

  public TrackingDB(GranaryHBaseDB db) {
    this.db = db;
  }

  public void begin() {
    op = null;
    failure = null;
    rows = 0;
    bytes = 0;
  }

  public String op() {
    return op == null ? "NONE" : op;
  }

  /** The first non-OK status of this transaction, or null. */
  public Status failure() {
    return failure;
  }

  public Exception lastError() {
    return db.lastError();
  }

  public long rows() {
    return rows;
  }

  public long bytes() {
    return bytes;
  }

  private Status track(String name, Status s) {
    op = "READ".equals(op) && "UPDATE".equals(name) ? "READ-MODIFY-WRITE" : op == null ? name : op;
    if (!s.isOk() && failure == null) {
      failure = s;
    }
    return s;
  }

  private static long size(Map<String, ByteIterator> m) {
    long n = 0;
    for (Map.Entry<String, ByteIterator> e : m.entrySet()) {
      n += e.getKey().length() + e.getValue().bytesLeft();
    }
    return n;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Status s = db.read(table, key, fields, result);
    if (s.isOk()) {
      rows++;
      bytes += key.length() + size(result);
    }
    return track("READ", s);
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    Status s = db.scan(table, startkey, recordcount, fields, result);
    for (HashMap<String, ByteIterator> r : result) {
      rows++;
      bytes += size(r);
    }
    return track("SCAN", s);
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    bytes += key.length() + size(values);
    rows++;
    return track("UPDATE", db.update(table, key, values));
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    bytes += key.length() + size(values);
    rows++;
    return track("INSERT", db.insert(table, key, values));
  }

  @Override
  public Status delete(String table, String key) {
    rows++;
    return track("DELETE", db.delete(table, key));
  }
}
