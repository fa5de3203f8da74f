package io.granary.node.load;

import io.granary.node.NodeException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.ErasureCodingPolicy;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlocks;

/**
 * {@code granary-node small-files}: files of the given sizes under one layout, and the block objects
 * the NameNode keeps for each: for every block (or block group) of a file, the replicas or internal
 * blocks the NameNode locates. One JSON line per size, then the layout's parameters, so the count can be
 * set against the striped-block arithmetic.
 */
public final class SmallFilesCli {
  static final String USAGE = """
      usage: granary-node small-files (--dir DIR | --namenode URI) --layout replication|POLICY --sizes B,B,… [options]
      """ + HdfsTarget.OPTIONS + """

        --layout L           'replication' or an enabled EC policy, e.g. RS-3-2-1024k
        --replication R      replicas per block with --layout replication (default 3)
        --sizes B,B,…        file sizes in bytes
        --files N            files per size (default 3)
        --block-size B       HDFS block size of the files (default 134217728)
        --path P             HDFS working directory (default /granary-bench/small-files; emptied)""";

  record Options(HdfsTarget target, String layout, int replication, List<Long> sizes, int files, long blockSize,
      String path) {}

  private SmallFilesCli() {}

  public static void main(String[] args) {
    Cli.exit("small-files", () -> run(parse(args, System.getenv()), System.out));
  }

  static Options parse(String[] args, Map<String, String> env) {
    HdfsTarget target = new HdfsTarget(env);
    String layout = null;
    int replication = 3;
    List<Long> sizes = new ArrayList<>();
    int files = 3;
    long blockSize = 128L << 20;
    String path = "/granary-bench/small-files";
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      int used = target.accept(args, i);
      if (used >= 0) {
        i = used;
        continue;
      }
      switch (a) {
        case "--layout" -> layout = Cli.value(args, ++i, a);
        case "--replication" -> replication = (int) Cli.number(args, ++i, a, 1, 10);
        case "--files" -> files = (int) Cli.number(args, ++i, a, 1, 10_000);
        case "--block-size" -> blockSize = Cli.number(args, ++i, a, 1 << 20, 1L << 34);
        case "--path" -> path = Cli.value(args, ++i, a);
        case "--sizes" -> {
          String v = Cli.value(args, ++i, a);
          for (String part : v.split(",")) {
            try {
              long b = Long.parseLong(part.trim());
              if (b < 1 || b > 1L << 36) {
                throw NodeException.usage("--sizes: each size is 1 byte to 64 GiB, got " + b);
              }
              sizes.add(b);
            } catch (NumberFormatException e) {
              throw NodeException.usage("--sizes takes byte counts separated by commas, got '" + part + "'");
            }
          }
        }
        default -> throw NodeException.usage("unknown option '" + a + "'\n" + USAGE);
      }
    }
    if (layout == null || sizes.isEmpty()) {
      throw NodeException.usage("--layout and --sizes are required\n" + USAGE);
    }
    if (blockSize % (1 << 20) != 0) {
      throw NodeException.usage("--block-size must be a multiple of 1 MiB (EC cells), got " + blockSize);
    }
    if (!path.startsWith("/")) {
      throw NodeException.usage("--path must be absolute, got '" + path + "'");
    }
    return new Options(target.require(USAGE), layout, replication, sizes, files, blockSize, path);
  }

  static int run(Options o, PrintStream out) throws Exception {
    Configuration conf = o.target().configuration();
    Path root = new Path(o.path());
    try (DistributedFileSystem fs = (DistributedFileSystem) FileSystem.newInstance(conf)) {
      fs.delete(root, true);
      fs.mkdirs(root);
      ErasureCodingPolicy policy = null;
      if (!o.layout().equals("replication")) {
        fs.enableErasureCodingPolicy(o.layout()); // a benchmark tool: enabling twice is harmless
        fs.setErasureCodingPolicy(root, o.layout());
        policy = fs.getErasureCodingPolicy(root);
      }
      byte[] buf = new byte[1 << 20];
      new java.util.Random(42).nextBytes(buf);
      try {
        for (int s = 0; s < o.sizes().size(); s++) {
          long size = o.sizes().get(s);
          Path dir = new Path(root, "s" + size);
          fs.mkdirs(dir);
          List<Path> written = new ArrayList<>();
          for (int f = 0; f < o.files(); f++) {
            Path file = new Path(dir, "f" + f);
            try (OutputStream os = fs.createFile(file).replication((short) o.replication()).blockSize(o.blockSize())
                .build()) {
              for (long left = size; left > 0; left -= buf.length) {
                os.write(buf, 0, (int) Math.min(left, buf.length));
              }
            }
            written.add(file);
          }
          long objects = settled(fs, written, size);
          long raw = fs.getContentSummary(dir).getSpaceConsumed();
          out.println(String.format(Locale.ROOT, "{\"event\":\"progress\",\"done\":%d,\"total\":%d}", s + 1,
              o.sizes().size()));
          out.println(String.format(Locale.ROOT, "{\"event\":\"point\",\"size\":%d,\"files\":%d,\"blockObjects\":%d,"
              + "\"rawBytes\":%d}", size, o.files(), objects, raw));
        }
      } finally {
        fs.delete(root, true);
      }
      out.println(String.format(Locale.ROOT, "{\"event\":\"layout\",\"layout\":\"%s\",\"replication\":%d,"
          + "\"dataUnits\":%d,\"parityUnits\":%d,\"cellSize\":%d,\"blockSize\":%d}", o.layout(),
          policy == null ? o.replication() : 1, policy == null ? 0 : policy.getNumDataUnits(),
          policy == null ? 0 : policy.getNumParityUnits(), policy == null ? 0 : policy.getCellSize(), o.blockSize()));
    }
    return 0;
  }

  /**
   * The block objects of the files once the NameNode has heard from every DataNode: a replica or
   * internal block appears in its locations when that DataNode's incremental block report arrives,
   * which can trail the file's close, so the count must hold still for a second (at most 20 s).
   */
  static long settled(DistributedFileSystem fs, List<Path> files, long size) throws Exception {
    long last = -1;
    int same = 0;
    long deadline = System.nanoTime() + 20_000_000_000L;
    while (System.nanoTime() < deadline) {
      long n = 0;
      for (Path f : files) {
        n += blockObjects(fs, f, size);
      }
      same = n == last ? same + 1 : 0;
      last = n;
      if (same >= 4) {
        break;
      }
      Thread.sleep(250);
    }
    return last;
  }

  /** The replicas (or internal blocks of each block group) the NameNode locates for one file. */
  static long blockObjects(DistributedFileSystem fs, Path file, long length) throws java.io.IOException {
    LocatedBlocks blocks = fs.getClient().getLocatedBlocks(file.toUri().getPath(), 0, length);
    long n = 0;
    for (LocatedBlock b : blocks.getLocatedBlocks()) {
      n += b.getLocations().length;
    }
    return n;
  }
}
