package io.granary.bench.workload;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Table;

/** One Table (and mutator) per load thread, all closed when the workload closes. */
final class OpenTables implements AutoCloseable {
  private final Connection connection;
  private final TableName name;
  private final List<AutoCloseable> open = new ArrayList<>();

  OpenTables(Connection connection, String table) {
    this.connection = connection;
    this.name = TableName.valueOf(table);
  }

  Table table() throws IOException {
    return track(connection.getTable(name));
  }

  BufferedMutator mutator() throws IOException {
    return track(connection.getBufferedMutator(name));
  }

  private synchronized <T extends AutoCloseable> T track(T c) {
    open.add(c);
    return c;
  }

  @Override
  public synchronized void close() throws Exception {
    for (AutoCloseable c : open) {
      c.close();
    }
    open.clear();
  }
}
