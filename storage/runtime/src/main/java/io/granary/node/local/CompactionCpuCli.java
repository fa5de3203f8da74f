package io.granary.node.local;

import io.granary.node.NodeException;
import io.granary.node.ToolSupport;
import io.granary.node.Role;
import io.granary.node.config.Instance;
import io.granary.node.config.LocalLayout;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * {@code granary-node compaction-cpu}: on a local (scratch) cluster, one table of F store files is
 * snapshotted; each measurement clones it afresh (the same files every time) and major-compacts the
 * clone, reading the RegionServer's user and sys CPU from /proc before and after. With --profile a
 * second clone is compacted under async-profiler attached to the RegionServer, and the CPU share of
 * checksum frames is computed from its samples. Which roles loaded libhadoop is read from their
 * memory maps, not assumed. One JSON line.
 */
public final class CompactionCpuCli {
  static final String USAGE = """
      usage: granary-node compaction-cpu --dir DIR [options]
        --dir DIR          a local (scratch) cluster directory (env GRANARY_LOCAL_DIR)
        --rows N           rows written (default 200000)
        --value-size B     bytes per value (default 1024)
        --flushes F        store files before the compaction (default 8)
        --profile          also profile one compaction of a fresh clone (async-profiler, CPU samples)""";

  static final TableName BASE = TableName.valueOf("exp_checksums");
  static final TableName RUN = TableName.valueOf("exp_checksums_run");
  static final String SNAPSHOT = "exp_checksums_base";
  static final byte[] CF = Bytes.toBytes("f");

  record Options(Path dir, int rows, int valueSize, int flushes, boolean profile) {}

  private CompactionCpuCli() {}

  public static void main(String[] args) {
    int code;
    try {
      code = run(parse(args, System.getenv()), System.out);
    } catch (NodeException e) {
      System.err.println("granary-node compaction-cpu: " + e.getMessage());
      code = e.exitCode();
    } catch (Exception e) {
      System.err.println("granary-node compaction-cpu failed: " + e);
      code = 1;
    }
    System.out.flush();
    System.exit(code);
  }

  static Options parse(String[] args, Map<String, String> env) {
    Path dir = env.get("GRANARY_LOCAL_DIR") == null ? null : Path.of(env.get("GRANARY_LOCAL_DIR"));
    int rows = 200_000;
    int valueSize = 1024;
    int flushes = 8;
    boolean profile = false;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--dir" -> dir = Path.of(LocalClusterCli.value(args, ++i, a));
        case "--rows" -> rows = bounded(LocalClusterCli.intValue(args, ++i, a), 100, 100_000_000, a);
        case "--value-size" -> valueSize = bounded(LocalClusterCli.intValue(args, ++i, a), 1, 1 << 20, a);
        case "--flushes" -> flushes = bounded(LocalClusterCli.intValue(args, ++i, a), 2, 100, a);
        case "--profile" -> profile = true;
        default -> throw NodeException.usage("unknown option '" + a + "'\n" + USAGE);
      }
    }
    if (dir == null) {
      throw NodeException.usage("give --dir (a local cluster)\n" + USAGE);
    }
    return new Options(dir.toAbsolutePath().normalize(), rows, valueSize, flushes, profile);
  }

  private static int bounded(int v, int min, int max, String option) {
    if (v < min || v > max) {
      throw NodeException.usage(option + " must be between " + min + " and " + max + ", got " + v);
    }
    return v;
  }

  record Cpu(double user, double sys) {}

  record Measured(double wallSeconds, double userSeconds, double sysSeconds, double dataNodeSeconds) {}

  static int run(Options o, PrintStream out) throws Exception {
    LocalLayout layout = LocalClusterCli.layout(o.dir(), null, null, null, false, false);
    Processes processes = new Processes(Path.of("granary-node"), layout);
    long rs = pid(processes, layout, Role.REGIONSERVER).get(0);
    List<Long> dns = pid(processes, layout, Role.DATANODE);
    boolean rsNative = loaded(rs, "libhadoop");
    boolean dnNative = dns.stream().allMatch(p -> loaded(p, "libhadoop"));
    try (Connection c = ConnectionFactory.createConnection(new EngineClient(layout).conf());
        Admin admin = c.getAdmin()) {
      for (TableName t : List.of(RUN, BASE)) {
        ToolSupport.dropTable(admin, t);
      }
      if (!admin.listSnapshots(Pattern.compile(SNAPSHOT)).isEmpty()) {
        admin.deleteSnapshot(SNAPSHOT);
      }
      // no minor compaction may merge the store files before the measured major one
      admin.createTable(TableDescriptorBuilder.newBuilder(BASE)
          .setValue("hbase.hstore.compactionThreshold", "1000").setValue("hbase.hstore.blockingStoreFiles", "2000")
          .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(CF).setMaxVersions(1).build()).build());
      long bytes = load(c, admin, o, out);
      admin.snapshot(SNAPSHOT, BASE);
      ToolSupport.dropTable(admin, BASE);
      ToolSupport.progress(out, "timed", 0, 1);
      Measured timed = compact(admin, rs, dns);
      String profile = "";
      if (o.profile()) {
        ToolSupport.progress(out, "profiled", 0, 1);
        Path collapsed = Files.createTempFile("granary-profile-", ".collapsed");
        try {
          AsyncProfiler p = AsyncProfiler.attach(rs);
          p.start(AsyncProfiler.COMPACTION_INTERVAL, 0);
          compact(admin, rs, dns);
          p.stopInto(collapsed);
          profile = ",\"profile\":" + AsyncProfiler.Flame.of(Files.readAllLines(collapsed), AsyncProfiler.CHECKSUM).json();
        } finally {
          Files.deleteIfExists(collapsed);
        }
      }
      ToolSupport.dropTable(admin, RUN);
      admin.deleteSnapshot(SNAPSHOT);
      out.println(String.format(Locale.ROOT, "{\"rows\":%d,\"valueSize\":%d,\"storeFiles\":%d,\"bytes\":%d,"
          + "\"regionServerNative\":%b,\"dataNodesNative\":%b,\"wallSeconds\":%.2f,\"userSeconds\":%.2f,"
          + "\"sysSeconds\":%.2f,\"dataNodeCpuSeconds\":%.2f%s}", o.rows(), o.valueSize(), o.flushes(), bytes,
          rsNative, dnNative, timed.wallSeconds(), timed.userSeconds(), timed.sysSeconds(), timed.dataNodeSeconds(),
          profile));
    }
    return 0;
  }

  private static long load(Connection c, Admin admin, Options o, PrintStream out) throws IOException {
    byte[] value = new byte[o.valueSize()];
    long bytes = 0;
    int perFlush = o.rows() / o.flushes();
    try (Table t = c.getTable(BASE)) {
      List<Put> batch = new ArrayList<>();
      for (int f = 0; f < o.flushes(); f++) {
        for (int r = f * perFlush; r < (f + 1) * perFlush; r++) {
          new Random(r).nextBytes(value); // the same data on every run
          batch.add(new Put(Bytes.toBytes(String.format("row%010d", r))).addColumn(CF, Bytes.toBytes("v"),
              value.clone()));
          bytes += value.length;
          if (batch.size() == 500) {
            t.put(batch);
            batch.clear();
          }
        }
        t.put(batch);
        batch.clear();
        admin.flush(BASE);
        ToolSupport.progress(out, "load", f + 1, o.flushes());
      }
    }
    return bytes;
  }

  /** A fresh clone of the snapshot, major-compacted; CPU read from /proc around it. */
  private static Measured compact(Admin admin, long rs, List<Long> dns) throws Exception {
    ToolSupport.dropTable(admin, RUN);
    admin.cloneSnapshot(SNAPSHOT, RUN);
    Cpu before = cpu(rs);
    double dnBefore = dns.stream().mapToDouble(p -> total(cpu(p))).sum();
    long t0 = System.nanoTime();
    admin.majorCompact(RUN);
    boolean seen = false;
    long deadline = t0 + 600_000_000_000L;
    while (true) {
      CompactionState s = admin.getCompactionState(RUN);
      if (s != CompactionState.NONE) {
        seen = true;
      } else if (seen) {
        break;
      }
      if (System.nanoTime() > deadline) {
        throw new NodeException("the major compaction of " + RUN + " did not end within 10 minutes");
      }
      Thread.sleep(50);
    }
    double wall = (System.nanoTime() - t0) / 1e9;
    Cpu after = cpu(rs);
    double dnAfter = dns.stream().mapToDouble(p -> total(cpu(p))).sum();
    return new Measured(wall, after.user() - before.user(), after.sys() - before.sys(), dnAfter - dnBefore);
  }

  private static double total(Cpu c) {
    return c.user() + c.sys();
  }

  private static List<Long> pid(Processes processes, LocalLayout layout, Role role) {
    List<Long> out = new ArrayList<>();
    for (Instance i : layout.instances()) {
      if (i.role() == role) {
        out.add(processes.pid(i).orElseThrow(() -> new NodeException(i.name() + " is not running")));
      }
    }
    return out;
  }

  /** Whether the process mapped a shared library of that name (libhadoop: native checksums and coders). */
  static boolean loaded(long pid, String library) {
    try {
      return Files.readString(Path.of("/proc", String.valueOf(pid), "maps")).contains("/" + library);
    } catch (IOException e) {
      throw new NodeException("cannot read the memory map of pid " + pid + ": " + e.getMessage());
    }
  }

  private static final double TICKS = ticks();

  private static double ticks() {
    try {
      Process p = new ProcessBuilder("getconf", "CLK_TCK").start();
      try (InputStream in = p.getInputStream()) {
        return Double.parseDouble(new String(in.readAllBytes()).trim());
      }
    } catch (IOException | NumberFormatException e) {
      return 100; // Linux's USER_HZ nearly everywhere
    }
  }

  /** User and sys CPU seconds of a process from /proc/PID/stat (fields 14 and 15, in clock ticks). */
  static Cpu cpu(long pid) {
    try {
      return parseStat(Files.readString(Path.of("/proc", String.valueOf(pid), "stat")), TICKS);
    } catch (IOException e) {
      throw new NodeException("cannot read the CPU times of pid " + pid + ": " + e.getMessage());
    }
  }

  static Cpu parseStat(String stat, double ticks) {
    // the command name (field 2) is in parentheses and may hold spaces
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
    return new Cpu(Long.parseLong(f[11]) / ticks, Long.parseLong(f[12]) / ticks);
  }
}
