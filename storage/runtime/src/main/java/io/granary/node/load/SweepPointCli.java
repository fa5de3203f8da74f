package io.granary.node.load;

import io.granary.node.NodeException;
import io.granary.node.ToolSupport;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;

/**
 * {@code granary-node sweep-point}: one run of a factor sweep (seed 002 §8). A table with the
 * point's settings is created pre-split, filled, flushed and major-compacted; then T threads each do
 * a warm-up and N operations (put, get, or get then put of the same keys), K keys per request, random
 * keys. The block's wall seconds are the response the sweep's regression models. One JSON line; the
 * table is dropped afterwards.
 */
public final class SweepPointCli {
  static final String USAGE = """
      usage: granary-node sweep-point --table NAME --op put|get|getput [options]
        --dir DIR | --zookeeper Q   the cluster
        --threads N          concurrent clients (default 10)
        --ops N              requests per thread, measured (default 5000)
        --warmup-ops N       requests per thread before measuring (default ops/10)
        --keys N             keys per request: a multi-get / multi-put of N rows (default 1)
        --value-size B       bytes per value, random (default 1000)
        --rows N             key space, written before the block (default 50000)
        --block-cache on|off the family's BLOCKCACHE (default on)
        --block-size B       the family's BLOCKSIZE (default 65536)
        --regions N          pre-split regions (default 1)
        --compression C      NONE, GZ, SNAPPY, LZ4, ZSTD (default NONE)
        --encoding E         data block encoding, e.g. FAST_DIFF (default NONE)
        --bloom B            NONE, ROW, ROWCOL (default ROW)""";

  static final byte[] CF = "f".getBytes(StandardCharsets.UTF_8);
  static final byte[] Q = "v".getBytes(StandardCharsets.UTF_8);

  enum Op { PUT, GET, GETPUT }

  record Options(String zookeeper, String table, Op op, int threads, int ops, int warmupOps, int keys, int valueSize,
      long rows, boolean blockCache, int blockSize, int regions, String compression, String encoding, String bloom) {}

  private SweepPointCli() {}

  public static void main(String[] args) {
    Cli.exit("sweep-point", () -> run(parse(args, System.getenv()), System.out));
  }

  static Options parse(String[] args, Map<String, String> env) {
    Path dir = env.get("GRANARY_LOCAL_DIR") == null ? null : Path.of(env.get("GRANARY_LOCAL_DIR"));
    String zk = null;
    String table = null;
    Op op = null;
    int threads = 10;
    int ops = 5000;
    Integer warmup = null;
    int keys = 1;
    int valueSize = 1000;
    long rows = 50_000;
    boolean cache = true;
    int blockSize = 65536;
    int regions = 1;
    String compression = "NONE";
    String encoding = "NONE";
    String bloom = "ROW";
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--dir" -> dir = Path.of(Cli.value(args, ++i, a));
        case "--zookeeper" -> zk = Cli.value(args, ++i, a);
        case "--table" -> table = Cli.value(args, ++i, a);
        case "--op" -> op = switch (Cli.value(args, ++i, a)) {
          case "put" -> Op.PUT;
          case "get" -> Op.GET;
          case "getput" -> Op.GETPUT;
          default -> throw NodeException.usage("--op must be put, get or getput, got '" + args[i] + "'");
        };
        case "--threads" -> threads = (int) Cli.number(args, ++i, a, 1, 256);
        case "--ops" -> ops = (int) Cli.number(args, ++i, a, 1, 10_000_000);
        case "--warmup-ops" -> warmup = (int) Cli.number(args, ++i, a, 0, 10_000_000);
        case "--keys" -> keys = (int) Cli.number(args, ++i, a, 1, 100_000);
        case "--value-size" -> valueSize = (int) Cli.number(args, ++i, a, 1, 10 << 20);
        case "--rows" -> rows = Cli.number(args, ++i, a, 1, 1_000_000_000L);
        case "--block-cache" -> cache = onOff(Cli.value(args, ++i, a), a);
        case "--block-size" -> blockSize = (int) Cli.number(args, ++i, a, 1024, 16 << 20);
        case "--regions" -> regions = (int) Cli.number(args, ++i, a, 1, 1000);
        case "--compression" -> compression = choice(Cli.value(args, ++i, a), a, "NONE", "GZ", "SNAPPY", "LZ4", "ZSTD");
        case "--encoding" -> encoding = choice(Cli.value(args, ++i, a), a, names(DataBlockEncoding.values()));
        case "--bloom" -> bloom = choice(Cli.value(args, ++i, a), a, "NONE", "ROW", "ROWCOL");
        default -> throw NodeException.usage("unknown option '" + a + "'\n" + USAGE);
      }
    }
    if (table == null || op == null) {
      throw NodeException.usage("--table and --op are required\n" + USAGE);
    }
    if (regions > rows) {
      throw NodeException.usage("--regions " + regions + " exceeds the key space of " + rows + " rows");
    }
    return new Options(Cli.quorum(zk, dir, USAGE), table, op, threads, ops, warmup == null ? ops / 10 : warmup, keys,
        valueSize, rows, cache, blockSize, regions, compression, encoding, bloom);
  }

  private static String[] names(Enum<?>[] values) {
    return Arrays.stream(values).map(Enum::name).toArray(String[]::new);
  }

  private static boolean onOff(String v, String option) {
    return switch (v) {
      case "on", "true" -> true;
      case "off", "false" -> false;
      default -> throw NodeException.usage(option + " must be on or off, got '" + v + "'");
    };
  }

  private static String choice(String v, String option, String... allowed) {
    String u = v.toUpperCase(Locale.ROOT);
    if (!Arrays.asList(allowed).contains(u)) {
      throw NodeException.usage(option + " must be one of " + String.join(", ", allowed) + ", got '" + v + "'");
    }
    return u;
  }

  static byte[] key(long k) {
    return String.format("%010d", k).getBytes(StandardCharsets.UTF_8);
  }

  /** Split points dividing 0..rows-1 evenly: regions − 1 keys. */
  static byte[][] splits(long rows, int regions) {
    byte[][] s = new byte[regions - 1][];
    for (int i = 1; i < regions; i++) {
      s[i - 1] = key(rows * i / regions);
    }
    return s;
  }

  static int run(Options o, PrintStream out) throws Exception {
    TableName name = TableName.valueOf(o.table());
    try (Connection c = ConnectionFactory.createConnection(LoadCli.clientConf(o.zookeeper()));
        Admin admin = c.getAdmin()) {
      if (admin.tableExists(name)) {
        ToolSupport.dropTable(admin, name);
      }
      ColumnFamilyDescriptorBuilder cf = ColumnFamilyDescriptorBuilder.newBuilder(CF).setMaxVersions(1)
          .setBlockCacheEnabled(o.blockCache()).setBlocksize(o.blockSize())
          .setCompressionType(Compression.Algorithm.valueOf(o.compression()))
          .setDataBlockEncoding(DataBlockEncoding.valueOf(o.encoding())).setBloomFilterType(BloomType.valueOf(o.bloom()));
      TableDescriptorBuilder td = TableDescriptorBuilder.newBuilder(name).setColumnFamily(cf.build());
      if (o.regions() > 1) {
        admin.createTable(td.build(), splits(o.rows(), o.regions()));
      } else {
        admin.createTable(td.build());
      }
      try {
        ToolSupport.progress(out, "load", 5, 100);
        fill(c, name, o);
        admin.flush(name);
        ToolSupport.progress(out, "compact", 40, 100);
        double compactSeconds = majorCompact(admin, name);
        ToolSupport.progress(out, "warmup", 55, 100);
        block(c, name, o, o.warmupOps(), null);
        ToolSupport.progress(out, "measure", 65, 100);
        long[] latencies = new long[o.threads() * o.ops()];
        long t0 = System.nanoTime();
        block(c, name, o, o.ops(), latencies);
        double seconds = (System.nanoTime() - t0) / 1e9;
        Arrays.sort(latencies);
        long requests = (long) o.threads() * o.ops();
        double mean = Arrays.stream(latencies).average().orElse(0) / 1000.0;
        out.println(String.format(Locale.ROOT, "{\"op\":\"%s\",\"seconds\":%.3f,\"requests\":%d,\"keysPerRequest\":%d,"
            + "\"rowsPerSec\":%.1f,\"requestsPerSec\":%.1f,\"meanMs\":%.3f,\"p50Ms\":%.3f,\"p99Ms\":%.3f,"
            + "\"rows\":%d,\"valueSize\":%d,\"regions\":%d,\"compactSeconds\":%.2f}", o.op().name().toLowerCase(Locale.ROOT),
            seconds, requests, o.keys(), requests * o.keys() / seconds, requests / seconds, mean,
            latencies[(int) (latencies.length * 0.5)] / 1000.0, latencies[(int) Math.min(latencies.length - 1,
                latencies.length * 0.99)] / 1000.0, o.rows(), o.valueSize(), o.regions(), compactSeconds));
        return 0;
      } finally {
        ToolSupport.dropTable(admin, name);
      }
    }
  }

  private static void fill(Connection c, TableName name, Options o) throws IOException {
    byte[] value = new byte[o.valueSize()];
    ThreadLocalRandom rnd = ThreadLocalRandom.current();
    try (BufferedMutator m = c.getBufferedMutator(name)) {
      for (long k = 0; k < o.rows(); k++) {
        rnd.nextBytes(value);
        m.mutate(new Put(key(k)).addColumn(CF, Q, value.clone()));
      }
    }
  }

  private static double majorCompact(Admin admin, TableName name) throws IOException, InterruptedException {
    long t0 = System.nanoTime();
    admin.majorCompact(name);
    // the request is queued; wait until it has started and then ended
    long deadline = System.nanoTime() + 600_000_000_000L;
    Thread.sleep(500);
    while (admin.getCompactionState(name) != CompactionState.NONE) {
      if (System.nanoTime() > deadline) {
        throw new NodeException("the major compaction of " + name + " did not finish in 10 minutes");
      }
      Thread.sleep(250);
    }
    return (System.nanoTime() - t0) / 1e9;
  }

  /** T threads each doing {@code ops} requests; per-request latencies (ns) into {@code latencies} when given. */
  private static void block(Connection c, TableName name, Options o, int ops, long[] latencies) throws Exception {
    if (ops == 0) {
      return;
    }
    ExecutorService pool = Executors.newFixedThreadPool(o.threads());
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < o.threads(); t++) {
        int offset = t * ops;
        futures.add(pool.submit(() -> {
          ThreadLocalRandom rnd = ThreadLocalRandom.current();
          byte[] value = new byte[o.valueSize()];
          try (Table table = c.getTable(name)) {
            for (int i = 0; i < ops; i++) {
              List<byte[]> keys = new ArrayList<>(o.keys());
              for (int k = 0; k < o.keys(); k++) {
                keys.add(key(rnd.nextLong(o.rows())));
              }
              long s = System.nanoTime();
              if (o.op() != Op.PUT) {
                List<Get> gets = new ArrayList<>(keys.size());
                keys.forEach(k -> gets.add(new Get(k)));
                table.get(gets);
              }
              if (o.op() != Op.GET) {
                List<Put> puts = new ArrayList<>(keys.size());
                for (byte[] k : keys) {
                  rnd.nextBytes(value);
                  puts.add(new Put(k).addColumn(CF, Q, value.clone()));
                }
                table.put(puts);
              }
              if (latencies != null) {
                latencies[offset + i] = System.nanoTime() - s;
              }
            }
          }
          return null;
        }));
      }
      for (Future<?> f : futures) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
