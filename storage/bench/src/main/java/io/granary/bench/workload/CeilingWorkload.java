package io.granary.bench.workload;

import io.granary.bench.BenchConfig;
import io.granary.bench.measure.LoadLoop;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The ceiling probe: Gets of one row that sits in the block cache (or the memstore), at full
 * speed. No real workload does less work per operation, so its rate is what the box can do.
 */
public final class CeilingWorkload implements Workload {
  static final byte[] ROW = Bytes.toBytes("granary-ceiling-probe");

  private final Connection connection;
  private final BenchConfig s;
  private final byte[] family;
  private final List<Table> tables = new ArrayList<>();

  public CeilingWorkload(Connection connection, BenchConfig settings) {
    this.connection = connection;
    this.s = settings;
    this.family = Bytes.toBytes(settings.family());
  }

  @Override
  public long loadTotal() {
    return 1;
  }

  @Override
  public void load(int threads, Progress progress, BooleanSupplier stopped) throws Exception {
    try (Table t = connection.getTable(TableName.valueOf(s.table()))) {
      t.put(new Put(ROW).addColumn(family, Loader.QUALIFIER, Rows.value(Math.min(s.valueSize(), 100))));
      // read once so the block (or memstore cell) is hot before measuring
      t.get(new Get(ROW));
    }
    progress.loaded(1, 1);
  }

  @Override
  public LoadLoop.Operation worker(int index) throws Exception {
    Table table = connection.getTable(TableName.valueOf(s.table()));
    synchronized (tables) {
      tables.add(table);
    }
    return o -> {
      o.op = "GET";
      PeWorkload.count(o, table.get(new Get(ROW).addFamily(family)));
    };
  }

  @Override
  public void close() throws Exception {
    synchronized (tables) {
      for (Table t : tables) {
        t.close();
      }
    }
  }
}
