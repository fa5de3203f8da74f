package io.granary.bench;

import java.io.IOException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import io.granary.bench.measure.RunSummary;
import io.granary.bench.measure.Runner;
import io.granary.bench.workload.Workload;
import io.granary.bench.workload.Workloads;
import io.granary.engine.client.AgentConfig;
import io.granary.engine.client.BenchmarkSpec;
import io.granary.engine.client.ClientSettings;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * granary-bench --config FILE|- [--stop-on-stdin-eof]: runs one benchmark and streams JSON lines on
 * stdout. Exit codes: 0 done (also after SIGTERM, with a partial summary), 1 failed, 2 bad config.
 * With --stop-on-stdin-eof the run ends when stdin closes: a parent that dies leaves no agent behind.
 */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    Events events = new Events(System.out);
    AgentConfig config;
    try {
      config = readConfig(args);
      config.validate();
    } catch (Exception e) {
      events.failed("bad config: " + e.getMessage());
      System.exit(2);
      return;
    }
    events.agent(Provenance.collect());
    if (args.length == 3) {
      watchStdin();
    }
    int code = run(config, events);
    System.exit(code);
  }

  /** The parent holds our stdin open; EOF means it is gone, so stop as a SIGTERM would. */
  private static void watchStdin() {
    Thread t = new Thread(() -> {
      try {
        while (System.in.read() >= 0) {
          // the parent never writes; anything read is ignored
        }
      } catch (java.io.IOException e) {
        // treated as EOF
      }
      System.exit(3);
    }, "parent-watch");
    t.setDaemon(true);
    t.start();
  }

  private static AgentConfig readConfig(String[] args) throws Exception {
    boolean watch = args.length == 3 && "--stop-on-stdin-eof".equals(args[2]) && !"-".equals(args[1]);
    if (!(args.length == 2 || watch) || !"--config".equals(args[0])) {
      throw new IllegalArgumentException("usage: granary-bench --config FILE|- [--stop-on-stdin-eof]");
    }
    try (InputStream in = "-".equals(args[1]) ? System.in : Files.newInputStream(Path.of(args[1]))) {
      // the control plane's spec JSON carries derived fields (e.g. ycsb) the agent does not read
      return Events.JSON.readerFor(AgentConfig.class).without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .readValue(in);
    }
  }

  static int run(AgentConfig config, Events events) {
    BenchmarkSpec c = config.spec();
    AtomicBoolean stopping = new AtomicBoolean();
    AtomicReference<Runner> runner = new AtomicReference<>();
    CountDownLatch reported = new CountDownLatch(1);
    // SIGTERM (cancel): stop issuing, then wait for the last interval and the partial summary to be written
    Thread hook = new Thread(() -> {
      stopping.set(true);
      Runner r = runner.get();
      if (r != null) {
        r.stop();
      }
      try {
        reported.await(15, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "cancel");
    Runtime.getRuntime().addShutdownHook(hook);
    try (Connection connection = connect(config)) {
      checkTarget(connection, c);
      try (Workload w = Workloads.create(c, connection)) {
        long total = w.loadTotal();
        if (total > 0) {
          events.phase("load", total);
          long t0 = System.nanoTime();
          w.load(c.threads(), (done, all) -> events.load(done, all, (System.nanoTime() - t0) / 1e9), stopping::get);
        }
        if (stopping.get()) {
          events.summary(RunSummary.empty());
          return 0;
        }
        events.phase("run", c.operationCount());
        Runner r = new Runner(c.threads(), c.targetRate(), c.warmupSeconds(), c.durationSeconds(),
            c.operationCount(), events::interval);
        runner.set(r);
        if (stopping.get()) {
          r.stop();
        }
        RunSummary summary = r.run(w::worker);
        events.summary(summary);
      }
      return 0;
    } catch (Exception e) {
      e.printStackTrace();
      events.failed(message(e));
      return 1;
    } finally {
      reported.countDown();
    }
  }

  private static Configuration hbaseConf(AgentConfig c) {
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", c.zookeeper());
    if (c.znodeParent() != null) {
      conf.set("zookeeper.znode.parent", c.znodeParent());
    }
    ClientSettings.benchAgent(c.clientTimeoutMs()).forEach(conf::set);
    AgentConfig.Kerberos k = c.kerberos();
    if (k != null) {
      ClientSettings.hbaseKerberos(k.realm(), k.rpcProtection()).forEach(conf::set);
    }
    return conf;
  }

  /** The run's connection: on a Kerberized cluster as the principal of its keytab (no ticket cache). */
  static Connection connect(AgentConfig c) throws IOException {
    Configuration conf = hbaseConf(c);
    AgentConfig.Kerberos k = c.kerberos();
    if (k == null) {
      return ConnectionFactory.createConnection(conf);
    }
    System.setProperty("java.security.krb5.conf", k.krb5Conf());
    UserGroupInformation.setConfiguration(conf);
    UserGroupInformation ugi = UserGroupInformation.loginUserFromKeytabAndReturnUGI(k.principal(), k.keytab());
    return ConnectionFactory.createConnection(conf, User.create(ugi));
  }

  /** Fails early and clearly when the table or its family is not there. */
  private static void checkTarget(Connection connection, BenchmarkSpec c) throws Exception {
    try (Admin admin = connection.getAdmin()) {
      TableName name = TableName.valueOf(c.table());
      if (!admin.tableExists(name)) {
        throw new IllegalArgumentException("table '" + c.table() + "' does not exist");
      }
      TableDescriptor d = admin.getDescriptor(name);
      if (!d.hasColumnFamily(Bytes.toBytes(c.family()))) {
        throw new IllegalArgumentException("table '" + c.table() + "' has no column family '" + c.family() + "'");
      }
      if (!admin.isTableEnabled(name)) {
        throw new IllegalArgumentException("table '" + c.table() + "' is disabled");
      }
    }
  }

  private static String message(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root && root.getMessage() == null) {
      root = root.getCause();
    }
    String m = root.getMessage();
    return m == null ? root.getClass().getSimpleName() : m;
  }
}
