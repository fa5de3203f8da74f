package io.granary.node.load;

import io.granary.engine.client.SaltedKeys;
import io.granary.node.NodeException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Table;

/**
 * {@code granary-node read}: random single-row Gets over the keys {@code granary-node load} wrote,
 * for a fixed time after a warm-up, printing latency percentiles as one JSON line. Closed loop,
 * so it measures service time at the client's own pace; the benchmark agent does open-loop runs.
 */
public final class ReadCli {
  static final String USAGE = """
      usage: granary-node read --table NAME [options]
        --dir DIR | --zookeeper Q   the cluster (as for load)
        --table NAME         table to read
        --rows N             keys 0..N-1 as written by load (default 100000)
        --salt-buckets N     the salting load used (default: none)
        --threads N          concurrent readers (default 4)
        --seconds N          measured seconds (default 20)
        --warmup N           seconds before measuring (default 5)""";

  record Options(String zookeeper, String table, long rows, int saltBuckets, int threads, int seconds, int warmup) {}

  private ReadCli() {}

  public static void main(String[] args) {
    Cli.exit("read", () -> run(parse(args, System.getenv()), System.out));
  }

  static Options parse(String[] args, Map<String, String> env) {
    Path dir = env.get("GRANARY_LOCAL_DIR") == null ? null : Path.of(env.get("GRANARY_LOCAL_DIR"));
    String zk = null;
    String table = null;
    long rows = 100_000;
    int buckets = 0;
    int threads = 4;
    int seconds = 20;
    int warmup = 5;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--dir" -> dir = Path.of(Cli.value(args, ++i, a));
        case "--zookeeper" -> zk = Cli.value(args, ++i, a);
        case "--table" -> table = Cli.value(args, ++i, a);
        case "--rows" -> rows = Cli.number(args, ++i, a, 1, 1_000_000_000L);
        case "--salt-buckets" -> buckets = (int) Cli.number(args, ++i, a, 2, 256);
        case "--threads" -> threads = (int) Cli.number(args, ++i, a, 1, 256);
        case "--seconds" -> seconds = (int) Cli.number(args, ++i, a, 1, 3600);
        case "--warmup" -> warmup = (int) Cli.number(args, ++i, a, 0, 600);
        default -> throw NodeException.usage("unknown option '" + a + "'\n" + USAGE);
      }
    }
    if (table == null) {
      throw NodeException.usage("--table is required\n" + USAGE);
    }
    return new Options(Cli.quorum(zk, dir, USAGE), table, rows, buckets, threads, seconds, warmup);
  }

  /** Latencies in microseconds of one reader, growing as needed. */
  private static final class Recorder {
    long[] us = new long[1 << 16];
    int n;
    long misses;

    void add(long micros) {
      if (n == us.length) {
        us = Arrays.copyOf(us, n * 2);
      }
      us[n++] = micros;
    }
  }

  static int run(Options o, PrintStream out) throws IOException, InterruptedException {
    try (Connection c = ConnectionFactory.createConnection(LoadCli.clientConf(o.zookeeper()))) {
      TableName name = TableName.valueOf(o.table());
      long warmEnd = System.nanoTime() + o.warmup() * 1_000_000_000L;
      long end = warmEnd + o.seconds() * 1_000_000_000L;
      ExecutorService pool = Executors.newFixedThreadPool(o.threads());
      Future<?>[] futures = new Future<?>[o.threads()];
      Recorder[] recorders = new Recorder[o.threads()];
      for (int t = 0; t < o.threads(); t++) {
        Recorder r = recorders[t] = new Recorder();
        futures[t] = pool.submit(() -> {
          try (Table table = c.getTable(name)) {
            ThreadLocalRandom rnd = ThreadLocalRandom.current();
            while (true) {
              byte[] key = String.format("%010d", rnd.nextLong(o.rows())).getBytes(StandardCharsets.UTF_8);
              long t0 = System.nanoTime();
              boolean found = !table.get(new Get(o.saltBuckets() > 0 ? SaltedKeys.encode(key, o.saltBuckets()) : key))
                  .isEmpty();
              long t1 = System.nanoTime();
              if (t1 >= end) {
                return null;
              }
              if (t0 >= warmEnd) {
                r.add((t1 - t0) / 1000);
                if (!found) {
                  r.misses++;
                }
              }
            }
          }
        });
      }
      try {
        for (Future<?> f : futures) {
          f.get();
        }
      } catch (java.util.concurrent.ExecutionException e) {
        throw new IOException("a reader failed: " + e.getCause().getMessage(), e.getCause());
      } finally {
        pool.shutdownNow();
      }
      int total = Arrays.stream(recorders).mapToInt(r -> r.n).sum();
      long[] all = new long[total];
      int at = 0;
      long misses = 0;
      for (Recorder r : recorders) {
        System.arraycopy(r.us, 0, all, at, r.n);
        at += r.n;
        misses += r.misses;
      }
      Arrays.sort(all);
      out.println(String.format(Locale.ROOT, "{\"table\":\"%s\",\"threads\":%d,\"seconds\":%d,\"gets\":%d,"
          + "\"misses\":%d,\"opsPerSecond\":%.1f,\"p50Ms\":%.3f,\"p90Ms\":%.3f,\"p99Ms\":%.3f,\"p999Ms\":%.3f,"
          + "\"maxMs\":%.3f}", o.table(), o.threads(), o.seconds(), total, misses, total / (double) o.seconds(),
          pct(all, 50), pct(all, 90), pct(all, 99), pct(all, 99.9), total == 0 ? 0 : all[total - 1] / 1000.0));
      return total == 0 ? 1 : 0;
    }
  }

  /** Nearest-rank percentile in ms. */
  static double pct(long[] sortedMicros, double p) {
    if (sortedMicros.length == 0) {
      return 0;
    }
    int rank = (int) Math.ceil(p / 100.0 * sortedMicros.length);
    return sortedMicros[Math.max(0, Math.min(sortedMicros.length - 1, rank - 1))] / 1000.0;
  }
}
