package io.granary.node.load;

import io.granary.node.NodeException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.io.erasurecode.ErasureCodeNative;

/**
 * {@code granary-node dfsio}: TestDFSIO-like throughput of one layout. W writers write N files of
 * M MiB in total into a fresh directory (3× replication or an EC policy), then W readers read them
 * back; prints one JSON line with MiB/s of logical data. {@code --coder java} forces Hadoop's Java
 * RS coder in this client (which encodes on write); {@code native} requires ISA-L via libhadoop.
 */
public final class DfsIoCli {
  static final String USAGE = """
      usage: granary-node dfsio (--dir DIR | --namenode URI) --layout replication|POLICY [options]
      """ + HdfsTarget.OPTIONS + """

        --layout L           'replication' (3×) or an enabled EC policy, e.g. RS-3-2-1024k
        --files N            files (default 8)
        --mb M               MiB per file (default 64)
        --writers W          concurrent writers and readers (default 1)
        --coder native|java  RS coder of this client (default native)
        --path P             HDFS working directory (default /granary-bench/dfsio; emptied)
        --drop-caches        drop this host's page cache before each phase, where permitted (root)""";

  record Options(HdfsTarget target, String layout, int files, int mb, int writers, String coder, String path,
      boolean dropCaches) {}

  private DfsIoCli() {}

  public static void main(String[] args) {
    Cli.exit("dfsio", () -> run(parse(args, System.getenv()), System.out));
  }

  static Options parse(String[] args, Map<String, String> env) {
    HdfsTarget target = new HdfsTarget(env);
    String layout = null;
    boolean drop = false;
    int files = 8;
    int mb = 64;
    int writers = 1;
    String coder = "native";
    String path = "/granary-bench/dfsio";
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      int used = target.accept(args, i);
      if (used >= 0) {
        i = used;
        continue;
      }
      switch (a) {
        case "--drop-caches" -> drop = true;
        case "--layout" -> layout = Cli.value(args, ++i, a);
        case "--files" -> files = (int) Cli.number(args, ++i, a, 1, 100_000);
        case "--mb" -> mb = (int) Cli.number(args, ++i, a, 1, 100_000);
        case "--writers" -> writers = (int) Cli.number(args, ++i, a, 1, 64);
        case "--coder" -> coder = Cli.value(args, ++i, a);
        case "--path" -> path = Cli.value(args, ++i, a);
        default -> throw NodeException.usage("unknown option '" + a + "'\n" + USAGE);
      }
    }
    if (layout == null) {
      throw NodeException.usage("--layout is required\n" + USAGE);
    }
    if (!coder.equals("native") && !coder.equals("java")) {
      throw NodeException.usage("--coder is native or java, got '" + coder + "'");
    }
    return new Options(target.require(USAGE), layout, files, mb, writers, coder, path, drop);
  }

  static int run(Options o, PrintStream out) throws Exception {
    if (o.coder().equals("native") && !ErasureCodeNative.isNativeCodeLoaded()) {
      throw new NodeException("--coder native, but ISA-L is not loaded: " + ErasureCodeNative.getLoadingFailureReason());
    }
    Configuration conf = o.target().configuration();
    conf.set("io.erasurecode.codec.rs.rawcoders", o.coder().equals("native") ? "rs_native" : "rs_java");
    conf.set("io.erasurecode.codec.rs-legacy.rawcoders", "rs-legacy_java");
    conf.set("io.erasurecode.codec.xor.rawcoders", o.coder().equals("native") ? "xor_native" : "xor_java");
    org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(o.path());
    long bytes = (long) o.files() * o.mb() << 20;
    try (DistributedFileSystem fs = (DistributedFileSystem) FileSystem.newInstance(conf)) {
      fs.delete(dir, true);
      fs.mkdirs(dir);
      if (!o.layout().equals("replication")) {
        fs.enableErasureCodingPolicy(o.layout()); // a benchmark tool: enabling twice is harmless
        fs.setErasureCodingPolicy(dir, o.layout());
      }
      boolean dropped = o.dropCaches() && dropCaches();
      long cpu0 = cpuNanos();
      double write = phase(o, i -> {
        byte[] buf = new byte[1 << 20];
        new java.util.Random(i).nextBytes(buf);
        try (OutputStream os = fs.createFile(new org.apache.hadoop.fs.Path(dir, "f" + i)).replication((short) 3)
            .build()) {
          for (int m = 0; m < o.mb(); m++) {
            os.write(buf);
          }
        }
      });
      long raw = fs.getContentSummary(dir).getSpaceConsumed();
      long cpu1 = cpuNanos();
      dropped &= !o.dropCaches() || dropCaches();
      long cpu2 = cpuNanos();
      double read = phase(o, i -> {
        byte[] buf = new byte[1 << 20];
        try (InputStream in = fs.open(new org.apache.hadoop.fs.Path(dir, "f" + i))) {
          while (in.read(buf) > 0) {
            // read through
          }
        }
      });
      long cpu3 = cpuNanos();
      fs.delete(dir, true);
      double gib = bytes / (double) (1L << 30);
      out.println(String.format(Locale.ROOT, "{\"layout\":\"%s\",\"coder\":\"%s\",\"writers\":%d,\"files\":%d,"
          + "\"mbPerFile\":%d,\"bytes\":%d,\"rawBytes\":%d,\"writeSeconds\":%.3f,\"readSeconds\":%.3f,"
          + "\"writeMiBps\":%.1f,\"readMiBps\":%.1f,\"writeCpuSecondsPerGiB\":%.3f,\"readCpuSecondsPerGiB\":%.3f,"
          + "\"cacheDropped\":%b}", o.layout(), o.coder(), o.writers(), o.files(), o.mb(), bytes,
          raw, write, read, bytes / 1048576.0 / write, bytes / 1048576.0 / read, (cpu1 - cpu0) / 1e9 / gib,
          (cpu3 - cpu2) / 1e9 / gib, dropped));
    }
    return 0;
  }

  /** This client JVM's CPU time (user + sys, all threads): the encoding on write, decoding on degraded read. */
  static long cpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
        .getOperatingSystemMXBean()).getProcessCpuTime();
  }

  /** Drops this host's clean page cache so reads come from disk; false where not permitted (not root, read-only /proc). */
  static boolean dropCaches() {
    try {
      new ProcessBuilder("sync").inheritIO().start().waitFor();
      java.nio.file.Files.writeString(Path.of("/proc/sys/vm/drop_caches"), "1\n");
      return true;
    } catch (java.io.IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  interface FileTask {
    void run(int file) throws Exception;
  }

  /** Runs the task for every file on W threads; returns the wall seconds. */
  static double phase(Options o, FileTask task) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(o.writers());
    long t0 = System.nanoTime();
    try {
      List<Future<?>> all = new ArrayList<>();
      for (int i = 0; i < o.files(); i++) {
        int file = i;
        all.add(pool.submit(() -> {
          task.run(file);
          return null;
        }));
      }
      for (Future<?> f : all) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    return (System.nanoTime() - t0) / 1e9;
  }
}
