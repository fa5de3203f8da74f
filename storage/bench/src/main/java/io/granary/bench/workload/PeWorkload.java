package io.granary.bench.workload;

import io.granary.bench.measure.LoadLoop;
import io.granary.engine.client.BenchmarkSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;

/**
 * PerformanceEvaluation's classic tests: sequentialWrite, randomWrite, randomRead, sequentialRead
 * and scan (a range of {@code scanLength} rows from a random start, like PE's scanRange tests).
 * One operation is one client call: a put of {@code batchSize} rows, a (multi-)get of
 * {@code batchSize} keys, or one scan.
 */
public final class PeWorkload implements Workload {
  public enum Kind { SEQUENTIAL_WRITE, RANDOM_WRITE, RANDOM_READ, SEQUENTIAL_READ, SCAN }

  private final Kind kind;
  private final Connection connection;
  private final BenchmarkSpec s;
  private final byte[] family;
  private final OpenTables tables;

  public PeWorkload(Kind kind, Connection connection, BenchmarkSpec settings) {
    this.kind = kind;
    this.connection = connection;
    this.s = settings;
    this.family = org.apache.hadoop.hbase.util.Bytes.toBytes(settings.family());
    this.tables = new OpenTables(connection, settings.table());
  }

  private boolean reads() {
    return kind == Kind.RANDOM_READ || kind == Kind.SEQUENTIAL_READ || kind == Kind.SCAN;
  }

  @Override
  public long loadTotal() {
    return s.loadFirst() && reads() ? s.rows() : 0;
  }

  @Override
  public void load(int threads, Progress progress, BooleanSupplier stopped) throws Exception {
    if (loadTotal() > 0) {
      Loader.load(connection, s.table(), family, s.rows(), s.valueSize(), threads, progress, stopped);
    }
  }

  @Override
  public LoadLoop.Operation worker(int index) throws Exception {
    Table table = tables.table();
    BufferedMutator mutator = s.clientBuffering() ? tables.mutator() : null;
    long first = Rows.sliceStart(s.rows(), s.threads(), index);
    long end = Math.max(first + 1, Rows.sliceEnd(s.rows(), s.threads(), index));
    long[] next = {first};
    byte[] value = Rows.value(s.valueSize());
    int batch = s.batchSize();
    return switch (kind) {
      case SEQUENTIAL_WRITE, RANDOM_WRITE -> o -> {
        o.op = batch > 1 ? "PUT_BATCH" : "PUT";
        List<Put> puts = new ArrayList<>(batch);
        for (int i = 0; i < batch; i++) {
          long row = kind == Kind.RANDOM_WRITE ? Rows.random(s.rows()) : sequential(next, first, end);
          puts.add(new Put(PeKeys.format(row)).addColumn(family, Loader.QUALIFIER, value));
        }
        if (mutator != null) {
          mutator.mutate(puts);
        } else if (batch == 1) {
          table.put(puts.get(0));
        } else {
          table.put(puts);
        }
        o.rows = batch;
        o.bytes = (long) batch * (PeKeys.LENGTH + value.length);
      };
      case RANDOM_READ, SEQUENTIAL_READ -> o -> {
        o.op = batch > 1 ? "MULTI_GET" : "GET";
        List<Get> gets = new ArrayList<>(batch);
        for (int i = 0; i < batch; i++) {
          long row = kind == Kind.RANDOM_READ ? Rows.random(s.rows()) : sequential(next, first, end);
          gets.add(new Get(PeKeys.format(row)).addFamily(family));
        }
        Result[] results = batch == 1 ? new Result[] {table.get(gets.get(0))} : table.get(gets);
        count(o, results);
      };
      case SCAN -> o -> {
        o.op = "SCAN";
        Scan scan = new Scan().withStartRow(PeKeys.format(Rows.random(s.rows()))).addFamily(family)
            .setLimit(s.scanLength()).setCaching(Math.min(s.scanLength(), 1000));
        try (ResultScanner scanner = table.getScanner(scan)) {
          for (Result r : scanner) {
            count(o, r);
          }
        }
      };
    };
  }

  private static long sequential(long[] next, long first, long end) {
    long row = next[0]++;
    if (next[0] >= end) {
      next[0] = first;
    }
    return row;
  }

  static void count(io.granary.bench.measure.Outcome o, Result... results) {
    for (Result r : results) {
      if (r == null || r.isEmpty()) {
        continue;
      }
      o.rows++;
      for (Cell c : r.rawCells()) {
        o.bytes += c.getRowLength() + c.getValueLength();
      }
    }
  }

  @Override
  public void close() throws Exception {
    tables.close();
  }
}
