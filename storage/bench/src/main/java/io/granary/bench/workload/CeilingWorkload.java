package io.granary.bench.workload;

import io.granary.bench.measure.LoadLoop;
import io.granary.engine.client.BenchmarkSpec;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The ceiling probe: Gets of a few cached rows at full speed. No real workload does less work per
 * operation, so its rate is what the box can do. One row per region ({@code rows} of them, keys
 * "0-ceiling" … and a table split on "1" … ) so every RegionServer serves its share: a single row
 * would measure one server's handlers, not the cluster.
 */
public final class CeilingWorkload implements Workload {
  private final Connection connection;
  private final BenchmarkSpec s;
  private final byte[] family;
  private final byte[][] rows;
  private final OpenTables tables;

  public CeilingWorkload(Connection connection, BenchmarkSpec settings) {
    this.connection = connection;
    this.s = settings;
    this.family = Bytes.toBytes(settings.family());
    this.tables = new OpenTables(connection, settings.table());
    int n = (int) Math.max(1, Math.min(settings.rows(), 100));
    this.rows = new byte[n][];
    for (int i = 0; i < n; i++) {
      rows[i] = Bytes.toBytes(i + "-ceiling");
    }
  }

  @Override
  public long loadTotal() {
    return rows.length;
  }

  @Override
  public void load(int threads, Progress progress, BooleanSupplier stopped) throws Exception {
    try (Table t = connection.getTable(TableName.valueOf(s.table()))) {
      byte[] value = Rows.value(Math.min(s.valueSize(), 100));
      for (byte[] row : rows) {
        t.put(new Put(row).addColumn(family, Loader.QUALIFIER, value));
        // read once so the cell is hot before measuring
        t.get(new Get(row));
      }
    }
    progress.loaded(rows.length, rows.length);
  }

  @Override
  public LoadLoop.Operation worker(int index) throws Exception {
    Table table = tables.table();
    return o -> {
      o.op = "GET";
      PeWorkload.count(o, table.get(new Get(rows[(int) Rows.random(rows.length)]).addFamily(family)));
    };
  }

  @Override
  public void close() throws Exception {
    tables.close();
  }
}
