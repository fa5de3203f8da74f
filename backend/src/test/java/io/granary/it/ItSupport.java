package io.granary.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import static org.assertj.core.api.Assertions.assertThat;

import org.springframework.test.context.DynamicPropertyRegistry;
import tools.jackson.databind.JsonNode;

/**
 * One embedded PostgreSQL data directory per test JVM, and the local cluster that Maven's
 * pre-integration-test phase started (granary.it.cluster.dir), shared by every IT class.
 */
public final class ItSupport {
  public static final String ADMIN_PASSWORD = "it-admin-password-1";
  static final Path DATA;

  static {
    try {
      DATA = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "it-control-plane-");
    } catch (IOException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private ItSupport() {}

  public static String clusterDir() {
    String dir = System.getProperty("granary.it.cluster.dir");
    if (dir == null || !Files.exists(Path.of(dir, "endpoints.properties"))) {
      throw new IllegalStateException("the IT local cluster is not running (granary.it.cluster.dir=" + dir
          + "); run through 'mvn verify', which starts it");
    }
    return dir;
  }

  /**
   * -Dgranary.it.without-cluster=true: ITs that need no engine (VcentersIT) run without the local
   * cluster, e.g. with -Dgranary.node=/bin/true so Maven's pre-integration-test starts nothing.
   */
  public static boolean withoutCluster() {
    return Boolean.getBoolean("granary.it.without-cluster");
  }

  public static void properties(DynamicPropertyRegistry r) {
    r.add("granary.clusters.local-dir", () -> withoutCluster() ? "" : clusterDir());
    r.add("granary.db.data-dir", () -> DATA.resolve("pgdata").toString());
    r.add("granary.security.data-dir", DATA::toString);
    r.add("granary.security.admin-password", () -> ADMIN_PASSWORD);
    r.add("granary.clusters.collect-interval", () -> "2s");
    r.add("granary.tables.codec-probe-interval", () -> "2s");
    r.add("granary.tables.sample-interval", () -> "2s");
    r.add("granary.compactions.tick", () -> "2s");
    r.add("granary.erasurecoding.tick", () -> "2s");
    r.add("granary.benchmarks.work-dir", () -> DATA.resolve("benchmarks").toString());
    r.add("granary.provisioning.work-dir", () -> DATA.resolve("provisioning").toString());
    // vcsim guests never boot: a vsphere_install takes their addresses from this file (VcentersIT writes it)
    r.add("granary.provisioning.vsphere-guest-map", () -> guestMap().toString());
  }

  /** The test-only {vm name: address} file of vsphere_install runs; "{}" until a test writes it. */
  static synchronized Path guestMap() {
    Path f = DATA.resolve("vsphere-guest-map.json");
    try {
      if (!Files.exists(f)) {
        Files.writeString(f, "{}");
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return f;
  }

  /** A direct HBase client of the local cluster, for setting up and checking what the API cannot show. */
  static org.apache.hadoop.hbase.client.Connection hbase() throws IOException {
    org.apache.hadoop.conf.Configuration conf = org.apache.hadoop.hbase.HBaseConfiguration.create();
    for (String f : java.util.List.of("core-site.xml", "hdfs-site.xml", "hbase-site.xml")) {
      conf.addResource(new org.apache.hadoop.fs.Path(Path.of(clusterDir(), "conf/client", f).toUri()));
    }
    return org.apache.hadoop.hbase.client.ConnectionFactory.createConnection(conf);
  }

  /** A direct HDFS client of the local cluster (COMPOSITE_CRC checksums, as the control plane uses). */
  static org.apache.hadoop.hdfs.DistributedFileSystem hdfs() throws IOException {
    org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.conf.Configuration();
    for (String f : java.util.List.of("core-site.xml", "hdfs-site.xml")) {
      conf.addResource(new org.apache.hadoop.fs.Path(Path.of(clusterDir(), "conf/client", f).toUri()));
    }
    conf.set("dfs.checksum.combine.mode", "COMPOSITE_CRC");
    conf.setBoolean("fs.hdfs.impl.disable.cache", true);
    return (org.apache.hadoop.hdfs.DistributedFileSystem) org.apache.hadoop.fs.FileSystem.get(conf);
  }

  private static org.apache.hadoop.hbase.client.Connection shared;

  /** One direct HBase client for every IT class of the run, closed when the JVM exits. */
  static synchronized org.apache.hadoop.hbase.client.Connection sharedHbase() throws IOException {
    if (shared == null) {
      org.apache.hadoop.hbase.client.Connection c = hbase();
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        try {
          c.close();
        } catch (IOException ignored) {
          // the JVM is exiting
        }
      }));
      shared = c;
    }
    return shared;
  }

  /** Creates a table through the API and waits for its operation; returns the table as HBase describes it. */
  static JsonNode createTable(Api api, long cluster, String body) throws InterruptedException {
    awaitCodecProbe(api, cluster);
    Api.Response r = api.post("/api/v1/clusters/" + cluster + "/tables", body);
    assertThat(r.status()).as(r.body()).isEqualTo(202);
    awaitSuccess(api, r.location());
    String name = r.json().get("operation").get("target").asString().substring("table ".length());
    return api.get("/api/v1/clusters/" + cluster + "/tables/" + name).json();
  }

  static JsonNode awaitSuccess(Api api, String operation) throws InterruptedException {
    return awaitSuccess(api, operation, 180);
  }

  static JsonNode awaitSuccess(Api api, String operation, int seconds) throws InterruptedException {
    JsonNode op = ApiIT.await("operation " + operation, seconds, () -> api.get(operation).json(),
        n -> !n.get("state").asString().matches("PENDING|RUNNING"));
    assertThat(op.get("state").asString()).as(op.toString()).isEqualTo("SUCCEEDED");
    return op;
  }

  /** The codec probe starts on its own once the cluster is reachable; compressed families need its result. */
  static JsonNode awaitCodecProbe(Api api, long cluster) throws InterruptedException {
    return ApiIT.await("codec probe", 240, () -> api.get("/api/v1/clusters/" + cluster + "/codecs").json(),
        n -> n.hasNonNull("probedAt") && !n.get("running").asBoolean()
            && n.get("codecs").valueStream().noneMatch(c -> c.get("detail").asString().startsWith("not probed")));
  }
}
