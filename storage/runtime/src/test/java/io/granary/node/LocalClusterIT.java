package io.granary.node;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.RegionSplitter;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The local cluster as a newcomer uses it: real processes from the built distribution, data that
 * survives a restart, erasure coding on five DataNodes, and nothing left running afterwards.
 */
class LocalClusterIT {
  static final int ROWS = 10_000;
  static final int EC_FILE_BYTES = 20 * 1024 * 1024;
  static final String POLICY = "RS-3-2-1024k";
  static final TableName TABLE = TableName.valueOf("it_rows");
  static final byte[] CF = Bytes.toBytes("f");
  static final org.apache.hadoop.fs.Path EC_DIR = new org.apache.hadoop.fs.Path("/it/ec");
  static final org.apache.hadoop.fs.Path EC_FILE = new org.apache.hadoop.fs.Path(EC_DIR, "blob");

  static Path dir;

  @BeforeAll
  static void createDir() throws IOException {
    // under target/, not /tmp: short-circuit reads need a socket directory others cannot write
    dir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "it-local-");
    Files.delete(dir);
  }

  @AfterAll
  static void cleanUp() throws Exception {
    Dist.downAndWipe(dir);
  }

  static Dist.Result local(String action, String... more) throws Exception {
    List<String> args = new java.util.ArrayList<>(List.of("local", action, "--dir", dir.toString(), "--port-base", "29000"));
    args.addAll(List.of(more));
    Dist.Result r = Dist.run(Map.of(), 420, args.toArray(String[]::new));
    assertEquals(0, r.exitCode(), "local " + action + " failed:\n" + r.all());
    return r;
  }

  static Configuration clientConf() {
    Configuration conf = HBaseConfiguration.create();
    for (String f : List.of("core-site.xml", "hdfs-site.xml", "hbase-site.xml")) {
      conf.addResource(new org.apache.hadoop.fs.Path(dir.resolve("conf/client").resolve(f).toUri()));
    }
    return conf;
  }

  static DistributedFileSystem hdfs(Configuration conf) throws IOException {
    return (DistributedFileSystem) FileSystem.newInstance(URI.create("hdfs://127.0.0.1:29020"), conf);
  }

  /**
   * Every role's metrics endpoint, Prometheus' and Alertmanager's answer Prometheus' scrape within
   * a few intervals (10 s): ZooKeeper's provider, Hadoop's /prom and HBase's /prometheus are on.
   */
  static void assertTargetsUp() throws Exception {
    String url = "http://127.0.0.1:29090/api/v1/query?query=" + java.net.URLEncoder.encode(
        "count by (job) (up == 1)", java.nio.charset.StandardCharsets.UTF_8);
    Map<String, Integer> expected = Map.of("prometheus", 1, "alertmanager", 1, "zookeeper", 1, "namenode", 1,
        "datanode", 5, "master", 1, "regionserver", 2);
    Map<String, Integer> seen = Map.of();
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      seen = new java.util.TreeMap<>();
      try (InputStream in = URI.create(url).toURL().openStream()) {
        var result = new com.fasterxml.jackson.databind.ObjectMapper().readTree(in).path("data").path("result");
        for (var r : result) {
          seen.put(r.path("metric").path("job").asText(), r.path("value").get(1).asInt());
        }
      }
      if (seen.equals(new java.util.TreeMap<>(expected))) {
        break;
      }
      Thread.sleep(2000);
    }
    assertEquals(new java.util.TreeMap<>(expected), seen, "targets up per job");
    // the engines' own metrics, not only 'up': one series each from Hadoop, HBase and ZooKeeper
    for (String q : List.of("fs_namesystem_capacity_total", "server_region_count", "znode_count")) {
      String body = new String(URI.create("http://127.0.0.1:29090/api/v1/query?query=" + q).toURL().openStream()
          .readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      assertTrue(body.contains("\"__name__\":\"" + q + "\""), q + ": " + body);
    }
  }

  static byte[] value(int i) {
    return Bytes.toBytes("value-" + i);
  }

  static byte[] row(int i) {
    return Bytes.toBytes(String.format("%08x", i * 2654435761L & 0xffffffffL));
  }

  @Test
  void tablesAndErasureCodedFilesSurviveARestartAndNothingIsLeftRunning() throws Exception {
    Dist.Result up = local("up", "--metrics", "--metrics-retention", "2d");
    assertTrue(up.stdout().contains("ZooKeeper quorum:  127.0.0.1:29181"), up.stdout());
    assertTrue(up.stdout().contains("Prometheus:        http://127.0.0.1:29090/targets"), up.stdout());
    assertTargetsUp();
    assertTrue(up.stdout().contains("NameNode URI:      hdfs://127.0.0.1:29020"), up.stdout());

    Dist.Result status = local("status");
    assertTrue(status.stdout().contains("EC coder"), status.stdout());
    // ten roles, Prometheus and Alertmanager
    assertEquals(12, status.stdout().lines().filter(l -> l.matches("\\s+\\S+\\s+\\d+\\s+.*\\sup\\s+.*MB")).count(),
        status.stdout());

    Configuration conf = clientConf();
    byte[] blob = new byte[EC_FILE_BYTES];
    new Random(42).nextBytes(blob);

    try (Connection c = ConnectionFactory.createConnection(conf); Admin admin = c.getAdmin()) {
      admin.createTable(
          TableDescriptorBuilder.newBuilder(TABLE).setColumnFamily(ColumnFamilyDescriptorBuilder.of(CF)).build(),
          new RegionSplitter.HexStringSplit().split(4));
      try (BufferedMutator m = c.getBufferedMutator(TABLE)) {
        for (int i = 0; i < ROWS; i++) {
          m.mutate(new Put(row(i)).addColumn(CF, CF, value(i)));
        }
      }
      assertEquals(ROWS, countAndVerify(c));
      // grants are enforced (AccessController); this user, the cluster's own, is its superuser
      assertTrue(admin.getSecurityCapabilities().contains(
          org.apache.hadoop.hbase.client.security.SecurityCapability.AUTHORIZATION), "HBase authorization is on");
      // anyone else gets only what was granted: nothing yet, then READ on this table
      org.apache.hadoop.hbase.security.User guest = org.apache.hadoop.hbase.security.User.createUserForTesting(conf,
          "granary-guest", new String[0]);
      try (Connection asGuest = ConnectionFactory.createConnection(conf, guest); Table t = asGuest.getTable(TABLE)) {
        assertDenied(() -> t.get(new Get(row(0))));
        admin.grant(new org.apache.hadoop.hbase.security.access.UserPermission("granary-guest",
            org.apache.hadoop.hbase.security.access.Permission.newBuilder(TABLE)
                .withActions(org.apache.hadoop.hbase.security.access.Permission.Action.READ).build()), false);
        // the grant reaches the RegionServers' caches through ZooKeeper, a moment later
        byte[] read = null;
        for (int i = 0; i < 50 && read == null; i++) {
          try {
            read = t.get(new Get(row(0))).getValue(CF, CF);
          } catch (IOException notYet) {
            Thread.sleep(200);
          }
        }
        assertArrayEquals(value(0), read);
        assertDenied(() -> t.put(new Put(row(0)).addColumn(CF, CF, value(1))));
      }
    }

    try (DistributedFileSystem fs = hdfs(conf)) {
      fs.enableErasureCodingPolicy(POLICY);
      fs.mkdirs(EC_DIR);
      fs.setErasureCodingPolicy(EC_DIR, POLICY);
      try (OutputStream out = fs.create(EC_FILE)) {
        out.write(blob);
      }
      assertErasureCoded(fs);
      assertArrayEquals(blob, readAll(fs));
      assertWalsAreReplicated(fs);
    }

    local("down");
    assertEquals(List.of(), Dist.processesUsing(dir), "processes left after the first down");

    Dist.Result again = local("up");
    assertTrue(again.stdout().contains("local cluster up"), again.stdout());
    try (Connection c = ConnectionFactory.createConnection(conf)) {
      assertEquals(ROWS, countAndVerify(c));
    }
    try (DistributedFileSystem fs = hdfs(conf)) {
      assertErasureCoded(fs);
      assertArrayEquals(blob, readAll(fs));
    }

    local("down");
    List<Long> left = Dist.processesUsing(dir);
    Dist.killAll(left);
    assertEquals(List.of(), left, "processes left after the final down");
  }

  interface Call {
    void run() throws IOException;
  }

  static void assertDenied(Call call) {
    try {
      call.run();
      throw new AssertionError("allowed without a grant");
    } catch (IOException e) {
      assertTrue(String.valueOf(e).contains("AccessDenied") || String.valueOf(e).contains("Insufficient permissions"),
          String.valueOf(e));
    }
  }

  static int countAndVerify(Connection c) throws IOException {
    Map<String, Integer> expected = new java.util.HashMap<>();
    for (int i = 0; i < ROWS; i++) {
      expected.put(Bytes.toString(row(i)), i);
    }
    int n = 0;
    try (Table t = c.getTable(TABLE); ResultScanner s = t.getScanner(new Scan())) {
      for (Result r : s) {
        Integer i = expected.get(Bytes.toString(r.getRow()));
        assertTrue(i != null, "unexpected row " + Bytes.toString(r.getRow()));
        assertArrayEquals(value(i), r.getValue(CF, CF));
        n++;
      }
    }
    return n;
  }

  static void assertErasureCoded(DistributedFileSystem fs) throws IOException {
    FileStatus st = fs.getFileStatus(EC_FILE);
    assertTrue(st.isErasureCoded(), "file is not erasure coded");
    assertEquals(EC_FILE_BYTES, st.getLen());
    assertEquals(POLICY, fs.getErasureCodingPolicy(EC_FILE).getName());
    // RS(3,2): one block group whose 3 data + 2 parity blocks sit on 5 different DataNodes
    org.apache.hadoop.fs.BlockLocation[] groups = fs.getFileBlockLocations(EC_FILE, 0, EC_FILE_BYTES);
    assertEquals(1, groups.length);
    assertEquals(5, java.util.Set.of(groups[0].getNames()).size(), String.join(",", groups[0].getNames()));
  }

  static byte[] readAll(DistributedFileSystem fs) throws IOException {
    try (InputStream in = fs.open(EC_FILE)) {
      return in.readAllBytes();
    }
  }

  static void assertWalsAreReplicated(DistributedFileSystem fs) throws IOException {
    int wals = 0;
    RemoteIterator<LocatedFileStatus> it = fs.listFiles(new org.apache.hadoop.fs.Path("/hbase/WALs"), true);
    while (it.hasNext()) {
      LocatedFileStatus f = it.next();
      assertFalse(f.isErasureCoded(), "WAL on erasure-coded storage: " + f.getPath());
      wals++;
    }
    assertTrue(wals > 0, "no WAL files found");

    // /hbase is explicitly replicated: even an EC policy on "/" must not reach HBase's files
    org.apache.hadoop.fs.Path root = new org.apache.hadoop.fs.Path("/");
    org.apache.hadoop.fs.Path probe = new org.apache.hadoop.fs.Path("/hbase/.it-guard");
    fs.setErasureCodingPolicy(root, POLICY);
    try {
      try (OutputStream out = fs.create(probe)) {
        out.write(1);
      }
      assertFalse(fs.getFileStatus(probe).isErasureCoded(), "/hbase inherited the root's EC policy");
      assertTrue(fs.getFileStatus(new org.apache.hadoop.fs.Path("/")).isErasureCoded()
          || fs.getErasureCodingPolicy(root) != null, "the root policy was not applied");
    } finally {
      fs.delete(probe, false);
      fs.unsetErasureCodingPolicy(root);
    }
  }
}
