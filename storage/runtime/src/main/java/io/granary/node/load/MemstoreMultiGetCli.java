package io.granary.node.load;

import io.granary.node.NodeException;
import io.granary.node.ToolSupport;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.Size;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;

/**
 * {@code granary-node memstore-multiget}: seed 002 §5. R rows of each value size are written and left
 * in the MemStore (the table never flushes); then one thread reads all of them in random order in
 * multi-gets of N keys, for each N. The seconds per N are the curve; that no store file appeared is
 * checked from the RegionServer's own region metrics before and after. One JSON line.
 */
public final class MemstoreMultiGetCli {
  static final String USAGE = """
      usage: granary-node memstore-multiget --table NAME [options]
        --dir DIR | --zookeeper Q   the cluster
        --rows N             rows per value size, kept in the MemStore (default 10000)
        --value-sizes B,B    value sizes in bytes (default 100,1000,5000)
        --batches N,N        keys per multi-get (default 1,10,100,1000,5000,10000)""";

  static final byte[] CF = "f".getBytes(java.nio.charset.StandardCharsets.UTF_8);
  static final byte[] Q = "v".getBytes(java.nio.charset.StandardCharsets.UTF_8);
  /** Far above what the rows take: the MemStore keeps them all. */
  static final long NO_FLUSH = 1L << 30;

  record Options(String zookeeper, String table, int rows, List<Integer> valueSizes, List<Integer> batches) {}

  private MemstoreMultiGetCli() {}

  public static void main(String[] args) {
    Cli.exit("memstore-multiget", () -> run(parse(args, System.getenv()), System.out));
  }

  static Options parse(String[] args, Map<String, String> env) {
    Path dir = env.get("GRANARY_LOCAL_DIR") == null ? null : Path.of(env.get("GRANARY_LOCAL_DIR"));
    String zk = null;
    String table = null;
    int rows = 10_000;
    List<Integer> values = List.of(100, 1000, 5000);
    List<Integer> batches = List.of(1, 10, 100, 1000, 5000, 10_000);
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--dir" -> dir = Path.of(Cli.value(args, ++i, a));
        case "--zookeeper" -> zk = Cli.value(args, ++i, a);
        case "--table" -> table = Cli.value(args, ++i, a);
        case "--rows" -> rows = (int) Cli.number(args, ++i, a, 1, 10_000_000);
        case "--value-sizes" -> values = list(Cli.value(args, ++i, a), a, 1, 1 << 20);
        case "--batches" -> batches = list(Cli.value(args, ++i, a), a, 1, 100_000);
        default -> throw NodeException.usage("unknown option '" + a + "'\n" + USAGE);
      }
    }
    if (table == null) {
      throw NodeException.usage("--table is required\n" + USAGE);
    }
    return new Options(Cli.quorum(zk, dir, USAGE), table, rows, values, batches);
  }

  static List<Integer> list(String v, String option, int min, int max) {
    List<Integer> out = new ArrayList<>();
    for (String s : v.split(",")) {
      try {
        int n = Integer.parseInt(s.trim());
        if (n < min || n > max) {
          throw new NumberFormatException();
        }
        out.add(n);
      } catch (NumberFormatException e) {
        throw NodeException.usage(option + " takes whole numbers from " + min + " to " + max + ", got '" + s + "'");
      }
    }
    return out;
  }

  static int run(Options o, PrintStream out) throws Exception {
    List<String> curves = new ArrayList<>();
    int step = 0;
    int steps = o.valueSizes().size() * (o.batches().size() + 1);
    try (Connection c = ConnectionFactory.createConnection(LoadCli.clientConf(o.zookeeper()));
        Admin admin = c.getAdmin()) {
      for (int valueSize : o.valueSizes()) {
        TableName name = TableName.valueOf(o.table() + "_" + valueSize);
        ToolSupport.dropTable(admin, name);
        admin.createTable(TableDescriptorBuilder.newBuilder(name).setMemStoreFlushSize(NO_FLUSH)
            .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(CF).setMaxVersions(1).build()).build());
        try {
          ToolSupport.progress(out, "write " + valueSize + " B", step++, steps);
          write(c, name, o.rows(), valueSize);
          long[] before = memstore(admin, name);
          if (before[0] != 0) {
            throw new NodeException(name + " flushed while it was written (" + before[0] + " store files): the"
                + " RegionServer's heap is too small for " + o.rows() + " rows of " + valueSize + " B");
          }
          List<String> points = new ArrayList<>();
          for (int n : o.batches()) {
            ToolSupport.progress(out, valueSize + " B, " + n + " keys per get", step++, steps);
            double seconds = readAll(c, name, o.rows(), n);
            points.add(String.format(Locale.ROOT, "{\"keys\":%d,\"seconds\":%.4f,\"rowsPerSec\":%.1f}", n, seconds,
                o.rows() / seconds));
          }
          long[] after = memstore(admin, name);
          if (after[0] != 0) {
            throw new NodeException(name + " flushed during the reads: the curve would mix MemStore and file reads");
          }
          curves.add(String.format(Locale.ROOT, "{\"valueSize\":%d,\"memstoreMiB\":%.1f,\"points\":[%s]}", valueSize,
              after[1] / 1048576.0, String.join(",", points)));
        } finally {
          ToolSupport.dropTable(admin, name);
        }
      }
    }
    out.println("{\"rows\":" + o.rows() + ",\"storeFiles\":0,\"curves\":[" + String.join(",", curves) + "]}");
    return 0;
  }

  private static void write(Connection c, TableName name, int rows, int valueSize) throws IOException {
    byte[] value = new byte[valueSize];
    ThreadLocalRandom rnd = ThreadLocalRandom.current();
    try (BufferedMutator m = c.getBufferedMutator(name)) {
      for (int k = 0; k < rows; k++) {
        rnd.nextBytes(value);
        m.mutate(new Put(SweepPointCli.key(k)).addColumn(CF, Q, value.clone()));
      }
    }
  }

  /** All rows once, in random order, {@code n} keys per multi-get, one thread. */
  static double readAll(Connection c, TableName name, int rows, int n) throws IOException {
    List<Integer> order = new ArrayList<>(rows);
    for (int i = 0; i < rows; i++) {
      order.add(i);
    }
    Collections.shuffle(order);
    long t0 = System.nanoTime();
    try (Table t = c.getTable(name)) {
      for (int from = 0; from < rows; from += n) {
        List<Get> gets = new ArrayList<>(Math.min(n, rows - from));
        for (int i = from; i < Math.min(rows, from + n); i++) {
          gets.add(new Get(SweepPointCli.key(order.get(i))));
        }
        for (Result r : t.get(gets)) {
          if (r.isEmpty()) {
            throw new NodeException("a row written to " + name + " was not found");
          }
        }
      }
    }
    return (System.nanoTime() - t0) / 1e9;
  }

  /** {store files, MemStore bytes} of the table's regions, as the RegionServers report them. */
  static long[] memstore(Admin admin, TableName name) throws IOException {
    long files = 0;
    long bytes = 0;
    for (ServerName s : admin.getRegionServers()) {
      for (RegionMetrics m : admin.getRegionMetrics(s, name)) {
        files += m.getStoreFileCount();
        bytes += (long) m.getMemStoreSize().get(Size.Unit.BYTE);
      }
    }
    return new long[] {files, bytes};
  }
}
