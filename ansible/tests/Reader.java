import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Table;

/**
 * Random single-row gets of table ARGS[0] over the rows the load command wrote (keys 0..ARGS[1]-1 as
 * "%010d") with ARGS[3] threads (default 2) until the file ARGS[2] exists, for lab-e2e.sh's rolling
 * restart. A get that fails after the client's own retries (bounded by a 30 s operation timeout) is
 * tried again, up to 3 more times; it counts as failed only when every attempt failed. Its stall is
 * the time from its first attempt to the answer, so a region in transit shows up as a stall. Prints
 * one JSON line: gets, misses (row not found), retried, failed, maxStallMs and when it began
 * (maxStallAt, epoch seconds), gets slower than 1 s, p50Ms, p99Ms, seconds. Run with the java source
 * launcher and a conf dir holding hbase-site.xml on the classpath.
 */
public class Reader {
  static final int ATTEMPTS = 4;

  /** One thread's results. */
  static final class Stats {
    long[] micros = new long[1 << 16];
    int n;
    long misses, retried, failed, over1s, maxMicros, maxAt;

    void add(long us, long startedMillis) {
      if (n == micros.length) {
        micros = Arrays.copyOf(micros, n * 2);
      }
      micros[n++] = us;
      if (us > 1_000_000) {
        over1s++;
      }
      if (us > maxMicros) {
        maxMicros = us;
        maxAt = startedMillis;
      }
    }
  }

  public static void main(String[] args) throws Exception {
    Configuration conf = HBaseConfiguration.create();
    conf.setInt("hbase.client.operation.timeout", 30_000);
    TableName name = TableName.valueOf(args[0]);
    long rows = Long.parseLong(args[1]);
    Path stop = Path.of(args[2]);
    int threads = args.length > 3 ? Integer.parseInt(args[3]) : 2;
    long t0 = System.nanoTime();
    Stats[] stats = new Stats[threads];
    try (Connection c = ConnectionFactory.createConnection(conf)) {
      Thread[] workers = new Thread[threads];
      for (int i = 0; i < threads; i++) {
        Stats s = stats[i] = new Stats();
        workers[i] = new Thread(() -> read(c, name, rows, stop, s));
        workers[i].start();
      }
      for (Thread w : workers) {
        w.join();
      }
    }
    long[] all = Arrays.stream(stats).flatMapToLong(s -> Arrays.stream(s.micros, 0, s.n)).sorted().toArray();
    Stats max = stats[0];
    for (Stats s : stats) {
      max = s.maxMicros > max.maxMicros ? s : max;
    }
    System.out.println(String.format(Locale.ROOT, "{\"table\":\"%s\",\"gets\":%d,\"misses\":%d,\"retried\":%d,"
        + "\"failed\":%d,\"maxStallMs\":%.1f,\"maxStallAt\":%.1f,\"over1s\":%d,\"p50Ms\":%.2f,\"p99Ms\":%.2f,"
        + "\"seconds\":%.1f}", name, all.length, Arrays.stream(stats).mapToLong(s -> s.misses).sum(),
        Arrays.stream(stats).mapToLong(s -> s.retried).sum(), Arrays.stream(stats).mapToLong(s -> s.failed).sum(),
        max.maxMicros / 1000.0, max.maxAt / 1000.0, Arrays.stream(stats).mapToLong(s -> s.over1s).sum(),
        pct(all, 50), pct(all, 99), (System.nanoTime() - t0) / 1e9));
  }

  static void read(Connection c, TableName name, long rows, Path stop, Stats s) {
    try (Table table = c.getTable(name)) {
      while (!Files.exists(stop)) {
        byte[] key = String.format("%010d", ThreadLocalRandom.current().nextLong(rows)).getBytes(StandardCharsets.UTF_8);
        long started = System.currentTimeMillis();
        long t = System.nanoTime();
        for (int attempt = 1; ; attempt++) {
          try {
            if (table.get(new Get(key)).isEmpty()) {
              s.misses++;
            }
            s.add((System.nanoTime() - t) / 1000, started);
            break;
          } catch (Exception e) {
            if (attempt == ATTEMPTS) {
              s.failed++;
              System.err.println("get " + new String(key, StandardCharsets.UTF_8) + " failed: " + e);
              break;
            }
            s.retried++;
          }
        }
      }
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  static double pct(long[] sortedMicros, double p) {
    if (sortedMicros.length == 0) {
      return 0;
    }
    int rank = (int) Math.ceil(p / 100.0 * sortedMicros.length);
    return sortedMicros[Math.max(0, Math.min(sortedMicros.length - 1, rank - 1))] / 1000.0;
  }
}
