package io.granary.bench.ycsb;

import io.granary.bench.measure.LoadLoop;
import io.granary.bench.workload.Workers;
import io.granary.bench.workload.Workload;
import io.granary.engine.client.BenchmarkSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
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
  private final BenchmarkSpec s;
  private final Properties props;
  private final CoreWorkload workload;
  private final ThreadCtx[] contexts;

  private record ThreadCtx(TrackingDB db, GranaryHBaseDB binding, Object state) {}

  public YcsbWorkload(Connection connection, BenchmarkSpec settings) throws Exception {
    this.connection = connection;
    this.s = settings;
    this.props = properties(settings);
    // CoreWorkload reads YCSB's measurement singleton when constructed
    Measurements.setProperties(props);
    this.workload = new CoreWorkload();
    workload.init(props);
    this.contexts = new ThreadCtx[Math.max(settings.threads(), 1)];
  }

  /**
   * The workload's YCSB properties, as {@code bin/ycsb -P file -p …} builds them: the workload file
   * (the config's own properties text, else YCSB's core workload file for the letter, loaded
   * unchanged), then the run's settings on top, as the equivalent command's {@code -p} options.
   */
  static Properties properties(BenchmarkSpec s) throws IOException {
    Properties p = new Properties();
    if (s.ycsbProperties() != null && !s.ycsbProperties().isBlank()) {
      p.load(new StringReader(s.ycsbProperties()));
    } else {
      p.putAll(coreWorkload(s.ycsbWorkload() == null ? "A" : s.ycsbWorkload()));
    }
    p.setProperty("table", s.table());
    p.setProperty("columnfamily", s.family());
    p.setProperty("recordcount", Long.toString(s.recordCount()));
    // as the official command passes it (CoreWorkload sizes the zipfian key space of inserts from it);
    // the run's own budget, not this, ends the run
    p.setProperty("operationcount", Long.toString(s.ycsbOperationCount()));
    p.setProperty("fieldcount", Integer.toString(s.fieldCount()));
    p.setProperty("fieldlength", Integer.toString(s.fieldLength()));
    p.setProperty("clientbuffering", Boolean.toString(s.clientBuffering()));
    if (s.requestDistribution() != null) {
      p.setProperty("requestdistribution", s.requestDistribution());
    }
    if (s.scanLength() > 0 && BenchmarkSpec.scans(p)) {
      p.setProperty("maxscanlength", Integer.toString(s.scanLength()));
    }
    // YCSB's own measurements are not used for results; keep them in memory only
    p.setProperty("measurementtype", "hdrhistogram");
    return p;
  }

  /** YCSB's workloads/workload{a..f}, shipped unchanged as resources. */
  static Properties coreWorkload(String letter) throws IOException {
    String name = "/workloads/workload" + letter.toLowerCase(Locale.ROOT);
    try (InputStream in = YcsbWorkload.class.getResourceAsStream(name)) {
      if (letter.length() != 1 || in == null) {
        throw new IllegalArgumentException("unknown YCSB workload '" + letter + "' (A to F)");
      }
      Properties p = new Properties();
      p.load(in);
      return p;
    }
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
            db.begin(null);
            boolean inserted = workload.doInsert(db, state);
            io.granary.bench.measure.Status failed = db.end();
            if (!inserted || failed != null) {
              throw new IllegalStateException("insert failed: " + failed
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
    // each DB call records itself (TrackingDB), also when the transaction then throws
    return o -> {
      c.db().begin(o);
      try {
        workload.doTransaction(c.db(), c.state());
      } finally {
        c.db().end();
      }
    };
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
