package io.granary.bench.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.bench.measure.Clock;
import io.granary.bench.measure.LoadLoop;
import io.granary.bench.measure.Meter;
import io.granary.bench.measure.OpInterval;
import io.granary.engine.client.BenchmarkSpec;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

class YcsbWorkloadTest {

  static BenchmarkSpec config(String letter, String properties, long operationCount) {
    return new BenchmarkSpec("A", "ycsb", "usertable", "family", 1, 10, 0, 0, operationCount, 1_000, 100, 1, false, 0,
        false, letter, 1_000, null, 10, 100, 0, properties);
  }

  /** A binding without a server: every key exists except those whose hash ends in 0 or 1. */
  static final class FakeDB extends DB {
    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      if (Math.floorMod(key.hashCode(), 10) < 2) {
        return Status.NOT_FOUND;
      }
      result.put("field0", new StringByteIterator("v"));
      return Status.OK;
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
        Vector<HashMap<String, ByteIterator>> result) {
      return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      return Status.OK;
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      return Status.OK;
    }

    @Override
    public Status delete(String table, String key) {
      return Status.OK;
    }
  }

  @Test
  void everyCoreWorkloadFileLoadsUnchangedIntoCoreWorkload() throws Exception {
    Map<String, String[]> expected = Map.of(
        "A", new String[] {"0.5", "0.5", "0", "0", "zipfian"},
        "B", new String[] {"0.95", "0.05", "0", "0", "zipfian"},
        "C", new String[] {"1", "0", "0", "0", "zipfian"},
        "D", new String[] {"0.95", "0", "0", "0.05", "latest"},
        "E", new String[] {"0", "0", "0.95", "0.05", "zipfian"},
        "F", new String[] {"0.5", "0", "0", "0", "zipfian"});
    for (var w : expected.entrySet()) {
      Properties file = YcsbWorkload.coreWorkload(w.getKey());
      String[] e = w.getValue();
      assertEquals(e[0], file.getProperty("readproportion"), w.getKey());
      assertEquals(e[1], file.getProperty("updateproportion"), w.getKey());
      assertEquals(e[2], file.getProperty("scanproportion"), w.getKey());
      assertEquals(e[3], file.getProperty("insertproportion"), w.getKey());
      assertEquals(e[4], file.getProperty("requestdistribution"), w.getKey());
      assertEquals("site.ycsb.workloads.CoreWorkload", file.getProperty("workload"));
      Properties run = YcsbWorkload.properties(config(w.getKey(), null, 0));
      Measurements.setProperties(run);
      new CoreWorkload().init(run);
    }
    assertEquals("0.5", YcsbWorkload.coreWorkload("f").getProperty("readmodifywriteproportion"));
    assertThrows(IllegalArgumentException.class, () -> YcsbWorkload.coreWorkload("G"));
  }

  @Test
  void aWorkloadFilesOwnPropertiesHoldAndTheRunsSettingsGoOnTop() throws Exception {
    String file = "recordcount=5000\noperationcount=2000\nworkload=site.ycsb.workloads.CoreWorkload\n"
        + "readallfields=false\nwriteallfields=true\ninsertorder=ordered\nreadproportion=0.7\n"
        + "updateproportion=0.3\nrequestdistribution=uniform\nfieldcount=4\nfieldlength=50\n";
    Properties p = YcsbWorkload.properties(config("A", file, 2_000));
    assertEquals("false", p.getProperty("readallfields"));
    assertEquals("true", p.getProperty("writeallfields"));
    assertEquals("ordered", p.getProperty("insertorder"));
    assertEquals("0.7", p.getProperty("readproportion"));
    assertEquals("uniform", p.getProperty("requestdistribution"));
    // the resolved run settings (the control plane read them from the file) are the -p options
    assertEquals("usertable", p.getProperty("table"));
    assertEquals("2000", p.getProperty("operationcount"));
    new CoreWorkload().init(p);
  }

  @Test
  void readModifyWriteIsBrokenDownAsYcsbReportsIt() throws Exception {
    Properties p = YcsbWorkload.properties(config("F", null, 0));
    Measurements.setProperties(p);
    CoreWorkload w = new CoreWorkload();
    w.init(p);
    Object state = w.initThread(p, 0, 1);
    TrackingDB db = new TrackingDB(new FakeDB());
    db.setProperties(p);
    Meter meter = new Meter();
    new LoadLoop(Clock.SYSTEM, meter, null, 0, Long.MAX_VALUE, new AtomicLong(4_000), new AtomicBoolean())
        .run(o -> {
          db.begin(o);
          try {
            w.doTransaction(db, state);
          } finally {
            db.end();
          }
        });
    Meter.Snapshot s = meter.interval(false);
    Map<String, OpInterval> ops = new HashMap<>();
    s.ops().forEach(o -> ops.put(o.op(), o));
    assertEquals(Set.of("READ", "UPDATE", "READ-MODIFY-WRITE"), ops.keySet());
    long rmw = ops.get("READ-MODIFY-WRITE").count();
    assertTrue(rmw > 1_500 && rmw < 2_500, "about half of 4,000: " + rmw);
    // every read-modify-write made one READ and one UPDATE; only the transactions count in ALL
    assertEquals(rmw, ops.get("UPDATE").count());
    assertEquals(4_000 - rmw + rmw, ops.get("READ").count(), "the standalone reads plus one per read-modify-write");
    assertEquals(4_000, s.all().count());
    // a missing key is NOT_FOUND, not an error, for the READ and for the transaction it is in
    assertTrue(ops.get("READ").notFound() > 0);
    assertEquals(0, ops.get("READ").errors());
    assertEquals(0, s.all().errors());
    assertEquals(ops.get("READ").notFound(), s.all().notFound());
  }
}
