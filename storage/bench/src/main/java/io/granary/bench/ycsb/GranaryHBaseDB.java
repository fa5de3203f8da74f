package io.granary.bench.ycsb;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Granary's YCSB binding for HBase 2: one instance per load thread over a shared connection.
 * Properties: {@code columnfamily} (required), {@code clientbuffering} (writes through a
 * BufferedMutator, flushed at cleanup). The last failure is kept for the caller to classify.
 */
public final class GranaryHBaseDB extends DB {
  private final Connection connection;
  private Table table;
  private BufferedMutator mutator;
  private byte[] family;
  private Exception lastError;

  public GranaryHBaseDB(Connection connection) {
    this.connection = connection;
  }

  @Override
  public void init() throws DBException {
    String cf = getProperties().getProperty("columnfamily");
    String name = getProperties().getProperty("table");
    if (cf == null || name == null) {
      throw new DBException("columnfamily and table properties are required");
    }
    family = Bytes.toBytes(cf);
    try {
      table = connection.getTable(TableName.valueOf(name));
      if (Boolean.parseBoolean(getProperties().getProperty("clientbuffering", "false"))) {
        mutator = connection.getBufferedMutator(TableName.valueOf(name));
      }
    } catch (IOException e) {
      throw new DBException(e);
    }
  }

  @Override
  public void cleanup() throws DBException {
    try {
      if (mutator != null) {
        mutator.close();
      }
      if (table != null) {
        table.close();
      }
    } catch (IOException e) {
      throw new DBException(e);
    }
  }

  /** The exception behind the latest ERROR status, or null. */
  public Exception lastError() {
    return lastError;
  }

  @Override
  public Status read(String tableName, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Get get = new Get(Bytes.toBytes(key));
    if (fields == null) {
      get.addFamily(family);
    } else {
      for (String f : fields) {
        get.addColumn(family, Bytes.toBytes(f));
      }
    }
    try {
      Result r = table.get(get);
      if (r.isEmpty()) {
        return Status.NOT_FOUND;
      }
      copy(r, result);
      return Status.OK;
    } catch (IOException e) {
      return error(e);
    }
  }

  @Override
  public Status scan(String tableName, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    Scan scan = new Scan().withStartRow(Bytes.toBytes(startkey)).setLimit(recordcount)
        .setCaching(Math.min(recordcount, 1000));
    if (fields == null) {
      scan.addFamily(family);
    } else {
      for (String f : fields) {
        scan.addColumn(family, Bytes.toBytes(f));
      }
    }
    try (ResultScanner scanner = table.getScanner(scan)) {
      for (Result r : scanner) {
        HashMap<String, ByteIterator> row = new HashMap<>();
        copy(r, row);
        result.add(row);
      }
      return Status.OK;
    } catch (IOException e) {
      return error(e);
    }
  }

  @Override
  public Status update(String tableName, String key, Map<String, ByteIterator> values) {
    Put put = new Put(Bytes.toBytes(key));
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      put.addColumn(family, Bytes.toBytes(e.getKey()), e.getValue().toArray());
    }
    try {
      if (mutator != null) {
        mutator.mutate(put);
      } else {
        table.put(put);
      }
      return Status.OK;
    } catch (IOException e) {
      return error(e);
    }
  }

  @Override
  public Status insert(String tableName, String key, Map<String, ByteIterator> values) {
    return update(tableName, key, values);
  }

  @Override
  public Status delete(String tableName, String key) {
    try {
      Delete d = new Delete(Bytes.toBytes(key));
      if (mutator != null) {
        mutator.mutate(d);
      } else {
        table.delete(d);
      }
      return Status.OK;
    } catch (IOException e) {
      return error(e);
    }
  }

  private Status error(Exception e) {
    lastError = e;
    return Status.ERROR;
  }

  private static void copy(Result r, Map<String, ByteIterator> into) {
    for (Cell c : r.rawCells()) {
      into.put(Bytes.toString(CellUtil.cloneQualifier(c)), new ByteArrayByteIterator(CellUtil.cloneValue(c)));
    }
  }
}
