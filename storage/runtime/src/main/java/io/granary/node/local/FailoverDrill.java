package io.granary.node.local;

import io.granary.node.NodeException;
import io.granary.node.Role;
import io.granary.node.config.Instance;
import io.granary.node.config.LocalLayout;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A failover drill on the HA local cluster: writers put rows while one member is killed; measures the
 * time until a new active takes over, the writers' longest stall, and reads back every acknowledged row.
 * The killed member is started again afterwards and rejoins as standby/backup.
 */
public final class FailoverDrill {
  static final byte[] CF = Bytes.toBytes("f");
  static final int WRITERS = 4;

  /** What is killed: the active NameNode or HMaster ({@code kill -9}), or the ZooKeeper leader (SIGTERM). */
  public enum Target {
    NAMENODE, MASTER, ZOOKEEPER;

    static Target parse(String s) {
      try {
        return valueOf(s.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw NodeException.usage("--target must be namenode, master or zookeeper, got '" + s + "'");
      }
    }
  }

  /** One drill's figures; -1 where a figure does not apply. */
  public record Outcome(String target, String killed, String tookOver, long takeoverMs, long writerMaxStallMs,
      long acknowledged, long missing, long failedPuts, long createTableMs, double writerSeconds) {
    Map<String, Object> json() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("target", target);
      m.put("killed", killed);
      m.put("tookOver", tookOver);
      m.put("takeoverMs", takeoverMs);
      m.put("writerMaxStallMs", writerMaxStallMs);
      m.put("acknowledged", acknowledged);
      m.put("missing", missing);
      m.put("failedPuts", failedPuts);
      m.put("createTableMs", createTableMs);
      m.put("writerSeconds", Math.round(writerSeconds * 10) / 10.0);
      return m;
    }
  }

  private final LocalCluster cluster;
  private final LocalLayout layout;
  private final Processes processes;
  private final PrintStream out;

  FailoverDrill(LocalCluster cluster, Processes processes, PrintStream out) {
    this.cluster = cluster;
    this.layout = cluster.layout();
    this.processes = processes;
    this.out = out;
    if (!layout.ha()) {
      throw NodeException.usage("the cluster in " + layout.dataDir() + " is not HA; create one with 'local up --ha'");
    }
  }

  Outcome run(Target target, int rows, int runNo) throws IOException, InterruptedException {
    TableName table = TableName.valueOf("drill_" + target.name().toLowerCase(Locale.ROOT) + "_" + runNo);
    try (Connection c = ConnectionFactory.createConnection(new EngineClient(layout).conf());
        Admin admin = c.getAdmin()) {
      if (admin.tableExists(table)) {
        admin.disableTable(table);
        admin.deleteTable(table);
      }
      admin.createTable(TableDescriptorBuilder.newBuilder(table)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(CF)).build(), splits(WRITERS));
      Writers w = new Writers(c, table, rows);
      w.start();
      // kill once the writers are well under way, so the failover lands mid-stream
      await("writers under way", Duration.ofSeconds(120), () -> w.acked() >= rows / 5);
      Instance victim;
      Instance successor;
      long killedAt;
      long takeoverMs;
      long createMs = -1;
      switch (target) {
        case NAMENODE -> {
          int active = activeOrFail(cluster.activeNamenode(), "NameNode");
          victim = instance(Role.NAMENODE, active);
          successor = instance(Role.NAMENODE, 3 - active);
          killedAt = kill9(victim);
          await("NameNode " + successor.name() + " active", Duration.ofSeconds(120),
              () -> "active".equals(cluster.namenodeState(successor.index())));
          takeoverMs = sinceMs(killedAt);
        }
        case MASTER -> {
          int active = activeOrFail(cluster.activeMaster(), "HMaster");
          victim = instance(Role.MASTER, active);
          successor = instance(Role.MASTER, 3 - active);
          killedAt = kill9(victim);
          await("HMaster " + successor.name() + " active", Duration.ofSeconds(180),
              () -> cluster.activeMaster() == successor.index());
          takeoverMs = sinceMs(killedAt);
          createMs = createTableAfter(admin, killedAt, TableName.valueOf(table.getNameAsString() + "_after"));
        }
        case ZOOKEEPER -> {
          victim = zookeeperLeader();
          killedAt = System.nanoTime();
          processes.stop(victim, Duration.ofSeconds(30));
          await("a new ZooKeeper leader", Duration.ofSeconds(60), () -> zookeeperLeaderOrNull() != null);
          takeoverMs = sinceMs(killedAt);
          successor = zookeeperLeader();
        }
        default -> throw new IllegalStateException(target.name());
      }
      out.printf("  %s: killed %s, %s took over after %d ms%n", target.name().toLowerCase(Locale.ROOT),
          victim.name(), successor.name(), takeoverMs);
      w.await(Duration.ofMinutes(10));
      long missing = w.verify();
      // back to full strength before the next drill: up starts only what is down
      cluster.up();
      try {
        admin.disableTable(table);
        admin.deleteTable(table);
      } catch (IOException e) {
        out.println("  could not drop " + table + ": " + e.getMessage());
      }
      return new Outcome(target.name().toLowerCase(Locale.ROOT), victim.name(), successor.name(), takeoverMs,
          w.maxStallMs(), w.acked(), missing, w.failed.get(), createMs, w.seconds());
    }
  }

  private long createTableAfter(Admin admin, long killedAt, TableName t) throws IOException {
    admin.createTable(TableDescriptorBuilder.newBuilder(t).setColumnFamily(ColumnFamilyDescriptorBuilder.of(CF))
        .build());
    long ms = sinceMs(killedAt);
    admin.disableTable(t);
    admin.deleteTable(t);
    return ms;
  }

  private static int activeOrFail(int active, String what) {
    if (active == 0) {
      throw new NodeException("no active " + what + " before the drill; is the cluster up?");
    }
    return active;
  }

  private Instance instance(Role role, int index) {
    return layout.instances().stream().filter(i -> i.role() == role && i.index() == index).findFirst()
        .orElseThrow();
  }

  private Instance zookeeperLeader() {
    Instance i = zookeeperLeaderOrNull();
    if (i == null) {
      throw new NodeException("no ZooKeeper leader");
    }
    return i;
  }

  private Instance zookeeperLeaderOrNull() {
    for (Instance i : layout.instances()) {
      if (i.role() == Role.ZOOKEEPER && "leader".equals(Probes.zookeeperMode(LocalLayout.HOST, i.ports().get("client")))) {
        return i;
      }
    }
    return null;
  }

  /** SIGKILL: no shutdown hook, no goodbye to ZooKeeper or the ZKFC, as when a host dies. */
  private long kill9(Instance i) {
    long pid = processes.pid(i).orElseThrow(() -> new NodeException(i.name() + " is not running"));
    long at = System.nanoTime();
    ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
    Processes.waitExit(pid, Duration.ofSeconds(10));
    return at;
  }

  private static long sinceMs(long nanos) {
    return (System.nanoTime() - nanos) / 1_000_000;
  }

  private static void await(String what, Duration limit, BooleanSupplier check) throws InterruptedException {
    long deadline = System.nanoTime() + limit.toNanos();
    while (!check.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new NodeException("timed out after " + limit.toSeconds() + " s waiting for " + what);
      }
      Thread.sleep(50);
    }
  }

  static byte[][] splits(int n) {
    byte[][] s = new byte[n - 1][];
    for (int i = 1; i < n; i++) {
      s[i - 1] = Bytes.toBytes(String.format("w%d", i));
    }
    return s;
  }

  static byte[] row(int writer, int i) {
    return Bytes.toBytes(String.format("w%d-%08d", writer, i));
  }

  static byte[] value(int writer, int i) {
    return Bytes.toBytes("v" + writer + "-" + i);
  }

  /**
   * WRITERS threads, each putting its own rows one at a time (unbuffered: a put that returns is
   * acknowledged). A put that fails after the client's retries is retried, and counted.
   */
  static final class Writers {
    private final Connection c;
    private final TableName table;
    private final int perWriter;
    private final AtomicLongArray done = new AtomicLongArray(WRITERS);
    private final AtomicLong maxStallNanos = new AtomicLong();
    final AtomicLong failed = new AtomicLong();
    private final ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
    private final List<Future<?>> futures = new ArrayList<>();
    private long startNanos;
    private long endNanos;

    Writers(Connection c, TableName table, int rows) {
      this.c = c;
      this.table = table;
      this.perWriter = Math.max(1, rows / WRITERS);
    }

    void start() {
      startNanos = System.nanoTime();
      for (int w = 0; w < WRITERS; w++) {
        int writer = w;
        futures.add(pool.submit(() -> {
          write(writer);
          return null;
        }));
      }
      pool.shutdown();
    }

    private void write(int writer) throws IOException, InterruptedException {
      try (Table t = c.getTable(table)) {
        for (int i = 0; i < perWriter; i++) {
          long t0 = System.nanoTime();
          while (true) {
            try {
              t.put(new Put(row(writer, i)).addColumn(CF, CF, value(writer, i)));
              break;
            } catch (IOException e) {
              failed.incrementAndGet();
              Thread.sleep(100);
            }
          }
          // the stall a caller sees: from asking to put until it is acknowledged, retries included
          maxStallNanos.accumulateAndGet(System.nanoTime() - t0, Math::max);
          done.incrementAndGet(writer);
        }
      }
    }

    long acked() {
      long n = 0;
      for (int w = 0; w < WRITERS; w++) {
        n += done.get(w);
      }
      return n;
    }

    long maxStallMs() {
      return maxStallNanos.get() / 1_000_000;
    }

    double seconds() {
      return (endNanos - startNanos) / 1e9;
    }

    void await(Duration limit) throws InterruptedException {
      if (!pool.awaitTermination(limit.toSeconds(), TimeUnit.SECONDS)) {
        pool.shutdownNow();
        throw new NodeException("writers did not finish within " + limit.toMinutes() + " min");
      }
      endNanos = System.nanoTime();
      for (Future<?> f : futures) {
        try {
          f.get();
        } catch (java.util.concurrent.ExecutionException e) {
          throw new NodeException("a writer failed: " + e.getCause());
        }
      }
    }

    /** Reads back every acknowledged row; returns how many are missing or wrong. */
    long verify() throws IOException {
      long missing = 0;
      try (Table t = c.getTable(table)) {
        for (int w = 0; w < WRITERS; w++) {
          int n = (int) done.get(w);
          for (int from = 0; from < n; from += 1000) {
            List<Get> gets = new ArrayList<>();
            for (int i = from; i < Math.min(n, from + 1000); i++) {
              gets.add(new Get(row(w, i)));
            }
            Result[] rs = t.get(gets);
            for (int k = 0; k < rs.length; k++) {
              if (!Arrays.equals(value(w, from + k), rs[k].getValue(CF, CF))) {
                missing++;
              }
            }
          }
        }
      }
      return missing;
    }
  }
}
