package io.granary.bench.workload;

import io.granary.bench.measure.LoadLoop;
import io.granary.engine.client.BenchmarkSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Batch read-modify-write: each operation reads {@code batchSize} random keys from the hot range
 * with one multi-get and writes a new value for every one of them with one batch put.
 */
public final class RmwWorkload implements Workload {
  private final Connection connection;
  private final BenchmarkSpec s;
  private final byte[] family;
  private final OpenTables tables;

  public RmwWorkload(Connection connection, BenchmarkSpec settings) {
    this.connection = connection;
    this.s = settings;
    this.family = Bytes.toBytes(settings.family());
    this.tables = new OpenTables(connection, settings.table());
  }

  private long hot() {
    return Math.max(1, Math.min(s.hotKeys() > 0 ? s.hotKeys() : s.rows(), s.rows()));
  }

  @Override
  public long loadTotal() {
    return s.loadFirst() ? hot() : 0;
  }

  @Override
  public void load(int threads, Progress progress, BooleanSupplier stopped) throws Exception {
    if (loadTotal() > 0) {
      Loader.load(connection, s.table(), family, hot(), s.valueSize(), threads, progress, stopped);
    }
  }

  @Override
  public LoadLoop.Operation worker(int index) throws Exception {
    Table table = tables.table();
    byte[] value = Rows.value(s.valueSize());
    long hot = hot();
    int batch = s.batchSize();
    return o -> {
      o.op = "RMW";
      List<Get> gets = new ArrayList<>(batch);
      for (int i = 0; i < batch; i++) {
        gets.add(new Get(PeKeys.format(Rows.random(hot))).addFamily(family));
      }
      PeWorkload.count(o, table.get(gets));
      // the "modify": a new value per operation, written back to every key it read
      value[0]++;
      byte[] modified = value.clone();
      List<Put> puts = new ArrayList<>(batch);
      for (Get g : gets) {
        puts.add(new Put(g.getRow()).addColumn(family, Loader.QUALIFIER, modified));
      }
      table.put(puts);
      o.bytes += (long) batch * (PeKeys.LENGTH + value.length);
    };
  }

  @Override
  public void close() throws Exception {
    tables.close();
  }
}
