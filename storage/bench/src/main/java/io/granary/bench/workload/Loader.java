package io.granary.bench.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Put;

/** Writes rows 0..n-1 in PE's key format with buffered puts, the threads each taking a slice. */
final class Loader {
  static final byte[] QUALIFIER = {'0'};

  private Loader() {}

  static void load(Connection connection, String table, byte[] family, long rows, int valueSize, int threads,
      Workload.Progress progress, BooleanSupplier stopped) throws Exception {
    AtomicLong done = new AtomicLong();
    AtomicReference<Exception> error = new AtomicReference<>();
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int index = t;
      Thread w = new Thread(() -> {
        byte[] value = Rows.value(valueSize);
        try (BufferedMutator m = connection.getBufferedMutator(TableName.valueOf(table))) {
          for (long r = Rows.sliceStart(rows, threads, index); r < Rows.sliceEnd(rows, threads, index); r++) {
            if (stopped.getAsBoolean() || error.get() != null) {
              return;
            }
            m.mutate(new Put(PeKeys.format(r)).setDurability(Durability.SYNC_WAL).addColumn(family, QUALIFIER, value));
            done.incrementAndGet();
          }
        } catch (Exception e) {
          error.compareAndSet(null, e);
        }
      }, "load-phase-" + t);
      workers.add(w);
      w.start();
    }
    Workers.awaitAll(workers, () -> progress.loaded(done.get(), rows));
    if (error.get() != null) {
      throw error.get();
    }
  }
}
