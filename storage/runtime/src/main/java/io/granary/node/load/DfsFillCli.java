package io.granary.node.load;

import io.granary.node.NodeException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * {@code granary-node dfs-fill}: writes files of random content with sizes spread log-uniformly
 * between two bounds into an HDFS directory (3× replicated unless the directory says otherwise),
 * e.g. to try a savings report or a conversion. Prints one JSON line.
 */
public final class DfsFillCli {
  static final String USAGE = """
      usage: granary-node dfs-fill --dir DIR --path /hdfs/dir [options]
        --dir DIR            local cluster directory (reads its endpoints.properties; env GRANARY_LOCAL_DIR)
        --path P             HDFS directory to write into (created)
        --files N            how many files (default 100)
        --min-kb N           smallest size in KiB (default 1)
        --max-kb N           largest size in KiB (default 20480)
        --seed N             random seed (default 1)""";

  record Options(String namenode, String path, int files, long minKb, long maxKb, long seed, Path dir) {}

  private DfsFillCli() {}

  public static void main(String[] args) {
    Cli.exit("dfs-fill", () -> run(parse(args, System.getenv()), System.out));
  }

  static Options parse(String[] args, Map<String, String> env) {
    Path dir = env.get("GRANARY_LOCAL_DIR") == null ? null : Path.of(env.get("GRANARY_LOCAL_DIR"));
    String path = null;
    int files = 100;
    long minKb = 1;
    long maxKb = 20480;
    long seed = 1;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--dir" -> dir = Path.of(Cli.value(args, ++i, a));
        case "--path" -> path = Cli.value(args, ++i, a);
        case "--files" -> files = (int) Cli.number(args, ++i, a, 1, 1_000_000);
        case "--min-kb" -> minKb = Cli.number(args, ++i, a, 0, 1L << 30);
        case "--max-kb" -> maxKb = Cli.number(args, ++i, a, 1, 1L << 30);
        case "--seed" -> seed = Cli.number(args, ++i, a, 0, Long.MAX_VALUE);
        default -> throw NodeException.usage("unknown option '" + a + "'\n" + USAGE);
      }
    }
    if (path == null || !path.startsWith("/")) {
      throw NodeException.usage("--path /absolute/hdfs/dir is required\n" + USAGE);
    }
    if (minKb > maxKb) {
      throw NodeException.usage("--min-kb " + minKb + " is larger than --max-kb " + maxKb);
    }
    if (dir == null) {
      throw NodeException.usage("give --dir (a local cluster)\n" + USAGE);
    }
    return new Options(Cli.namenodeOf(dir), path, files, minKb, maxKb, seed, dir);
  }

  /** Size of file i: log-uniform between the bounds (1 byte at least). */
  static long size(Random r, long minKb, long maxKb) {
    double lo = Math.log(Math.max(1, minKb * 1024));
    double hi = Math.log(Math.max(1, maxKb * 1024));
    return Math.max(1, Math.round(Math.exp(lo + r.nextDouble() * (hi - lo))));
  }

  static int run(Options o, PrintStream out) throws IOException {
    Configuration conf = Cli.hdfsConf(o.dir(), o.namenode());
    long t0 = System.nanoTime();
    long total = 0;
    Random sizes = new Random(o.seed());
    Random content = new Random(o.seed() + 1);
    byte[] buf = new byte[1 << 16];
    try (FileSystem fs = FileSystem.newInstance(conf)) {
      fs.mkdirs(new org.apache.hadoop.fs.Path(o.path()));
      for (int i = 0; i < o.files(); i++) {
        long size = size(sizes, o.minKb(), o.maxKb());
        try (OutputStream os = fs.create(new org.apache.hadoop.fs.Path(o.path(), String.format("f%05d", i)))) {
          for (long left = size; left > 0; ) {
            content.nextBytes(buf);
            int n = (int) Math.min(buf.length, left);
            os.write(buf, 0, n);
            left -= n;
          }
        }
        total += size;
      }
    }
    double s = (System.nanoTime() - t0) / 1e9;
    out.println(String.format(Locale.ROOT, "{\"path\":\"%s\",\"files\":%d,\"bytes\":%d,\"seconds\":%.1f}", o.path(),
        o.files(), total, s));
    return 0;
  }
}
