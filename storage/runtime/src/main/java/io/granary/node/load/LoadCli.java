package io.granary.node.load;

import io.granary.engine.client.SaltedKeys;
import io.granary.node.NodeException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.BufferedMutatorParams;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Put;

/**
 * {@code granary-node load}: writes sequential keys ({@code %010d}) into a table, optionally
 * through the salt-bucket encoding of docs/operations/salting.md. A quick way to put load on a
 * table and watch it in the console; the benchmark agent is the measuring tool.
 */
public final class LoadCli {
  static final String USAGE =
      """
      usage: granary-node load --table NAME [options]
        --dir DIR            local cluster directory (reads its endpoints.properties; env GRANARY_LOCAL_DIR)
        --zookeeper Q        ZooKeeper quorum host:port instead of --dir
        --table NAME         table to write (namespace:qualifier or qualifier)
        --family F           column family (default: the table's first family)
        --rows N             rows to write (default 100000)
        --start N            first key number (default 0)
        --salt-buckets N     prefix each key with [CRC32(key) mod N] (default: no salting)
        --value-bytes N      bytes per value (default 100)
        --flushes N          write in N rounds and flush the table after each (N store files per store,
                             unless HBase compacts them meanwhile; default 0: no flush)""";

  private LoadCli() {}

  record Options(String zookeeper, String table, String family, long rows, long start, int saltBuckets,
      int valueBytes, int flushes) {}

  public static void main(String[] args) {
    Cli.exit("load", () -> run(parse(args, System.getenv()), System.out));
  }

  static Options parse(String[] args, Map<String, String> env) {
    Path dir = env.get("GRANARY_LOCAL_DIR") == null ? null : Path.of(env.get("GRANARY_LOCAL_DIR"));
    String zk = null;
    String table = null;
    String family = null;
    long rows = 100_000;
    long start = 0;
    int buckets = 0;
    int valueBytes = 100;
    int flushes = 0;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--dir" -> dir = Path.of(Cli.value(args, ++i, a));
        case "--zookeeper" -> zk = Cli.value(args, ++i, a);
        case "--table" -> table = Cli.value(args, ++i, a);
        case "--family" -> family = Cli.value(args, ++i, a);
        case "--rows" -> rows = Cli.number(args, ++i, a, 1, 1_000_000_000L);
        case "--start" -> start = Cli.number(args, ++i, a, 0, Long.MAX_VALUE / 2);
        case "--salt-buckets" -> buckets = (int) Cli.number(args, ++i, a, 2, 256);
        case "--value-bytes" -> valueBytes = (int) Cli.number(args, ++i, a, 1, 10 * 1024 * 1024);
        case "--flushes" -> flushes = (int) Cli.number(args, ++i, a, 0, 100);
        default -> throw NodeException.usage("unknown option '" + a + "'\n" + USAGE);
      }
    }
    if (table == null) {
      throw NodeException.usage("--table is required\n" + USAGE);
    }
    zk = Cli.quorum(zk, dir, USAGE);
    if (flushes > rows) {
      throw NodeException.usage("--flushes " + flushes + " needs at least as many --rows");
    }
    return new Options(zk, table, family, rows, start, buckets, valueBytes, flushes);
  }

  /** A client configuration for the quorum {@code host[:port]}. */
  static Configuration clientConf(String zookeeper) {
    Configuration conf = HBaseConfiguration.create();
    int colon = zookeeper.lastIndexOf(':');
    conf.set("hbase.zookeeper.quorum", colon < 0 ? zookeeper : zookeeper.substring(0, colon));
    if (colon >= 0) {
      conf.set("hbase.zookeeper.property.clientPort", zookeeper.substring(colon + 1));
    }
    return conf;
  }

  static int run(Options o, PrintStream out) throws IOException {
    Configuration conf = clientConf(o.zookeeper());
    TableName name = TableName.valueOf(o.table());
    long t0 = System.nanoTime();
    try (Connection c = ConnectionFactory.createConnection(conf)) {
      byte[] family;
      try (var admin = c.getAdmin()) {
        if (!admin.tableExists(name)) {
          throw new NodeException("no table '" + o.table() + "'");
        }
        var families = admin.getDescriptor(name).getColumnFamilies();
        family = o.family() != null ? o.family().getBytes(StandardCharsets.UTF_8) : families[0].getName();
      }
      byte[] qualifier = "v".getBytes(StandardCharsets.UTF_8);
      byte[] value = new byte[o.valueBytes()];
      java.util.Arrays.fill(value, (byte) 'x');
      BufferedMutatorParams params = new BufferedMutatorParams(name).writeBufferSize(4L * 1024 * 1024);
      int rounds = Math.max(1, o.flushes());
      for (int round = 0; round < rounds; round++) {
        long from = o.start() + o.rows() * round / rounds;
        long to = o.start() + o.rows() * (round + 1) / rounds;
        write(c, params, from, to, o, family, qualifier, value);
        if (o.flushes() > 0) {
          try (var admin = c.getAdmin()) {
            admin.flush(name);
          }
        }
      }
    }
    double s = (System.nanoTime() - t0) / 1e9;
    out.printf("wrote %d rows to %s in %.1f s (%.0f rows/s)%s%s%n", o.rows(), o.table(), s, o.rows() / s,
        o.saltBuckets() > 0 ? ", salted over " + o.saltBuckets() + " buckets" : "",
        o.flushes() > 0 ? ", flushed " + o.flushes() + " times" : "");
    return 0;
  }

  private static void write(Connection c, BufferedMutatorParams params, long from, long to, Options o, byte[] family,
      byte[] qualifier, byte[] value) throws IOException {
    try (BufferedMutator m = c.getBufferedMutator(params)) {
      List<Put> batch = new ArrayList<>(1000);
      for (long i = from; i < to; i++) {
        byte[] key = String.format("%010d", i).getBytes(StandardCharsets.UTF_8);
        Put p = new Put(o.saltBuckets() > 0 ? SaltedKeys.encode(key, o.saltBuckets()) : key);
        p.addColumn(family, qualifier, value);
        p.setDurability(Durability.USE_DEFAULT);
        batch.add(p);
        if (batch.size() == 1000) {
          m.mutate(batch);
          batch.clear();
        }
      }
      m.mutate(batch);
      m.flush();
    }
  }

}
