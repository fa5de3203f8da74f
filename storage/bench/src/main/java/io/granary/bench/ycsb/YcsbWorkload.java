package io.granary.bench.ycsb;

import io.granary.bench.BenchConfig;
import io.granary.bench.measure.LoadLoop;
import io.granary.bench.workload.Workers;
import io.granary.bench.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.hbase.client.Connection;
import site.ycsb.DBException;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

/**
 * YCSB core workloads A–F through YCSB's own CoreWorkload and Granary's HBase 2 binding. The
 * load phase inserts {@code recordCount} records (YCSB's "load"); each measured operation is one
 * CoreWorkload transaction.
 */
public final class YcsbWorkload implements Workload {
  private final Connection connection;
  private final BenchConfig s;
  private final Properties props;
  private final CoreWorkload workload;
  private final ThreadCtx[] contexts;

  private record ThreadCtx(TrackingDB db, GranaryHBaseDB binding, Object state) {}

  public YcsbWorkload(Connection connection, BenchConfig settings) throws Exception {
    this.connection = connection;
    this.s = settings;
    this.props = properties(settings);
    // CoreWorkload reads YCSB's measurement singleton when constructed
    Measurements.setProperties(props);
    this.workload = new CoreWorkload();
    workload.init(props);
    this.contexts = new ThreadCtx[Math.max(settings.threads(), 1)];
  }

  /** YCSB's properties for a core workload letter, as in YCSB's workloads/workloada…f files. */
  static Properties properties(BenchConfig s) {
    String letter = s.ycsbWorkload() == null ? "A" : s.ycsbWorkload().toUpperCase(Locale.ROOT);
    Properties p = new Properties();
    p.setProperty("table", s.table());
    p.setProperty("columnfamily", s.family());
    p.setProperty("recordcount", Long.toString(s.recordCount()));
    p.setProperty("operationcount", Long.toString(s.operationCount() > 0 ? s.operationCount() : Integer.MAX_VALUE));
    p.setProperty("fieldcount", Integer.toString(s.fieldCount()));
    p.setProperty("fieldlength", Integer.toString(s.fieldLength()));
    p.setProperty("readallfields", "true");
    p.setProperty("insertorder", "hashed");
    p.setProperty("clientbuffering", Boolean.toString(s.clientBuffering()));
    String dist = "zipfian";
    double read = 0, update = 0, scan = 0, insert = 0, rmw = 0;
    switch (letter) {
      case "A" -> { read = 0.5; update = 0.5; }
      case "B" -> { read = 0.95; update = 0.05; }
      case "C" -> read = 1.0;
      case "D" -> { read = 0.95; insert = 0.05; dist = "latest"; }
      case "E" -> { scan = 0.95; insert = 0.05; }
      case "F" -> { read = 0.5; rmw = 0.5; }
      default -> throw new IllegalArgumentException("unknown YCSB workload '" + s.ycsbWorkload() + "' (A to F)");
    }
    p.setProperty("readproportion", Double.toString(read));
    p.setProperty("updateproportion", Double.toString(update));
    p.setProperty("scanproportion", Double.toString(scan));
    p.setProperty("insertproportion", Double.toString(insert));
    p.setProperty("readmodifywriteproportion", Double.toString(rmw));
    p.setProperty("maxscanlength", Integer.toString(s.scanLength() > 0 ? s.scanLength() : 100));
    p.setProperty("scanlengthdistribution", "uniform");
    p.setProperty("requestdistribution", s.requestDistribution() != null ? s.requestDistribution() : dist);
    // YCSB's own measurements are not used for results; keep them in memory only
    p.setProperty("measurementtype", "hdrhistogram");
    return p;
  }

  private synchronized ThreadCtx context(int index) throws DBException {
    if (contexts[index] == null) {
      GranaryHBaseDB binding = new GranaryHBaseDB(connection);
      binding.setProperties(props);
      binding.init();
      TrackingDB db = new TrackingDB(binding);
      db.setProperties(props);
      Object state;
      try {
        state = workload.initThread(props, index, contexts.length);
      } catch (Exception e) {
        throw new DBException(e);
      }
      contexts[index] = new ThreadCtx(db, binding, state);
    }
    return contexts[index];
  }

  @Override
  public long loadTotal() {
    return s.loadFirst() ? s.recordCount() : 0;
  }

  @Override
  public void load(int threads, Progress progress, BooleanSupplier stopped) throws Exception {
    long total = loadTotal();
    if (total == 0) {
      return;
    }
    int n = contexts.length;
    AtomicLong done = new AtomicLong();
    AtomicReference<Exception> error = new AtomicReference<>();
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < n; t++) {
      int index = t;
      long count = total * (index + 1) / n - total * index / n;
      Thread w = new Thread(() -> {
        // YCSB's load phase is not measured: write through a BufferedMutator whatever the run uses
        Properties buffered = new Properties();
        buffered.putAll(props);
        buffered.setProperty("clientbuffering", "true");
        GranaryHBaseDB binding = new GranaryHBaseDB(connection);
        binding.setProperties(buffered);
        try {
          binding.init();
          TrackingDB db = new TrackingDB(binding);
          Object state = workload.initThread(buffered, index, n);
          for (long i = 0; i < count && !stopped.getAsBoolean(); i++) {
            db.begin();
            if (!workload.doInsert(db, state)) {
              throw new IllegalStateException("insert failed: " + db.failure()
                  + (db.lastError() != null ? " (" + db.lastError() + ")" : ""));
            }
            done.incrementAndGet();
          }
          // flushes the buffer: the records are on the servers before the run reads them
          binding.cleanup();
        } catch (Exception e) {
          error.compareAndSet(null, e);
        }
      }, "ycsb-load-" + t);
      workers.add(w);
      w.start();
    }
    Workers.awaitAll(workers, () -> progress.loaded(done.get(), total));
    if (error.get() != null) {
      throw error.get();
    }
  }

  @Override
  public LoadLoop.Operation worker(int index) throws Exception {
    ThreadCtx c = context(index);
    return o -> {
      c.db().begin();
      workload.doTransaction(c.db(), c.state());
      o.op = c.db().op();
      o.rows = c.db().rows();
      o.bytes = c.db().bytes();
      if (c.db().failure() != null) {
        Exception cause = c.db().lastError();
        throw new YcsbFailure(c.db().failure().getName(), cause);
      }
    };
  }

  /** A transaction whose call returned a non-OK YCSB status. */
  static final class YcsbFailure extends Exception {
    YcsbFailure(String status, Exception cause) {
      super(status, cause);
    }
  }

  @Override
  public void close() throws Exception {
    for (ThreadCtx c : contexts) {
      if (c != null) {
        c.binding().cleanup();
      }
    }
    workload.cleanup();
  }
}
