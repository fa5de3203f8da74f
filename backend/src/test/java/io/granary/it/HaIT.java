package io.granary.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.JsonNode;

/**
 * A highly available local cluster of its own (not the shared IT cluster: its members are stopped
 * here), registered through the API like any other cluster, and a control plane process of its own
 * that collects it every 2 s. Each member's role shows in the overview; health follows a ZooKeeper
 * stopping and the active NameNode dying, and the console keeps serving through both.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HaIT {
  static final int PORT_BASE = 23000;
  static final String TABLE = "ha_it";
  static final Path DIR = Path.of(System.getProperty("granary.it.ha.dir", "target/it-ha-cluster")).toAbsolutePath();
  static Path data;
  static Process backend;
  static Api api;
  static String clusterPath;

  static void node(String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(System.getProperty("granary.node"), "local"));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(DIR.resolveSibling("it-ha-cluster.log").toFile())).start();
    assertThat(p.waitFor(300, TimeUnit.SECONDS)).as("granary-node " + cmd + " finished").isTrue();
    assertThat(p.exitValue()).as("granary-node " + cmd + " (see target/it-ha-cluster.log)").isZero();
  }

  @BeforeAll
  static void start() throws Exception {
    // a fresh cluster every run: a kept ZooKeeper would remember NameNodes of another run
    if (Files.exists(DIR)) {
      node("wipe", "--dir", DIR.toString(), "--yes");
    }
    node("up", "--ha", "--dir", DIR.toString(), "--port-base", Integer.toString(PORT_BASE), "--datanodes", "3");
    Properties ep = new Properties();
    try (InputStream in = Files.newInputStream(DIR.resolve("endpoints.properties"))) {
      ep.load(in);
    }
    assertThat(ep.getProperty("ha")).isEqualTo("true");

    data = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "it-ha-control-plane-");
    int port = ControlPlaneRestartIT.freePort();
    ProcessBuilder pb = new ProcessBuilder("java", "-Xmx512m",
        "-Djava.library.path=" + System.getProperty("java.library.path"),
        "-jar", System.getProperty("granary.backend.jar"), "--granary.clusters.collect-interval=2s");
    // also registered as the control plane's own local cluster: with its ZKFC ports and launcher
    pb.environment().put("GRANARY_LOCAL_DIR", DIR.toString());
    pb.environment().put("GRANARY_DATA_DIR", data.toString());
    pb.environment().put("GRANARY_PORT", Integer.toString(port));
    pb.environment().put("GRANARY_ADMIN_PASSWORD", ItSupport.ADMIN_PASSWORD);
    backend = pb.redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(data.resolve("backend.log").toFile())).start();
    api = ControlPlaneRestartIT.awaitUp(port, backend);
    assertThat(api.login("admin", ItSupport.ADMIN_PASSWORD).status()).isEqualTo(200);

    String body = Api.JSON.writeValueAsString(Map.of("name", "ha", "kind", "LOCAL",
        "zookeeperQuorum", ep.getProperty("zookeeper.quorum"), "namenodeUri", ep.getProperty("namenode.uri"),
        "namenodeAddresses", List.of(ep.getProperty("namenode.rpc.addresses").split(",")),
        "namenodeWebUrls", List.of(ep.getProperty("namenode.web.urls").split(",")),
        "masterWebUrls", List.of(ep.getProperty("master.web.urls").split(","))));
    Api.Response r = api.post("/api/v1/clusters", body);
    assertThat(r.status()).as(r.body()).isEqualTo(201);
    assertThat(r.json().get("nameservice").asString()).isEqualTo("granary-local");
    clusterPath = "/api/v1/clusters/" + r.json().get("id").asLong();

    try (Connection c = hbase(); Admin admin = c.getAdmin()) {
      TableName t = TableName.valueOf(TABLE);
      if (!admin.tableExists(t)) {
        admin.createTable(TableDescriptorBuilder.newBuilder(t)
            .setColumnFamily(ColumnFamilyDescriptorBuilder.of("d")).build());
      }
    }
  }

  /** A direct client from the cluster's own client configuration (nameservice and quorum). */
  static Connection hbase() throws Exception {
    org.apache.hadoop.conf.Configuration conf = org.apache.hadoop.hbase.HBaseConfiguration.create();
    for (String f : List.of("core-site.xml", "hdfs-site.xml", "hbase-site.xml")) {
      conf.addResource(new org.apache.hadoop.fs.Path(DIR.resolve("conf/client").resolve(f).toUri()));
    }
    return org.apache.hadoop.hbase.client.ConnectionFactory.createConnection(conf);
  }

  @AfterAll
  static void stop() throws Exception {
    try {
      ControlPlaneRestartIT.stop(backend, data);
    } finally {
      node("down", "--dir", DIR.toString());
    }
  }

  static JsonNode ha() {
    return api.get(clusterPath + "/overview").json().get("ha");
  }

  static List<String> states(JsonNode members, String field) {
    return members.valueStream().map(m -> m.get(field).asString()).sorted().toList();
  }

  static List<String> reasons() {
    return api.get(clusterPath + "/health").json().get("reasons").valueStream()
        .map(r -> r.get("code").asString()).toList();
  }

  static final List<String> HA_REASONS = List.of("NO_ACTIVE_NAMENODE", "NAMENODE_STANDBY_DOWN",
      "ZOOKEEPER_QUORUM_DEGRADED", "ZOOKEEPER_QUORUM_LOST", "BACKUP_MASTER_MISSING", "NO_ACTIVE_MASTER");

  static void awaitAllMembersServing() throws InterruptedException {
    ApiIT.await("every member serving", 180, HaIT::ha, h -> h != null
        && states(h.get("namenodes"), "state").equals(List.of("active", "standby"))
        && states(h.get("masters"), "state").equals(List.of("active", "backup"))
        && states(h.get("zookeepers"), "mode").equals(List.of("follower", "follower", "leader")));
    ApiIT.await("no HA reason", 30, HaIT::reasons, r -> r.stream().noneMatch(HA_REASONS::contains));
  }

  static long pid(String role) throws Exception {
    return Long.parseLong(Files.readString(DIR.resolve("run").resolve(role + ".pid")).strip());
  }

  static void tablesStillList() throws InterruptedException {
    ApiIT.await("table listing", 60, () -> api.get(clusterPath + "/tables"),
        r -> r.status() == 200 && r.body().contains(TABLE));
  }

  @Test
  @Order(1)
  void theOverviewShowsWhichMemberOfEachRoleServes() throws Exception {
    awaitAllMembersServing();
    JsonNode h = ha();
    assertThat(h.get("nameservice").asString()).isEqualTo("granary-local");
    assertThat(h.get("namenodes").valueStream().map(n -> n.get("id").asString()).toList())
        .containsExactly("nn1", "nn2");
    assertThat(h.get("shellCommands").valueStream().map(JsonNode::asString).toList())
        .contains("hdfs haadmin -ns granary-local -getAllServiceState", "echo status | hbase shell");
    tablesStillList();
  }

  @Test
  @Order(2)
  void aStoppedZooKeeperDegradesTheQuorumUntilItIsBack() throws Exception {
    awaitAllMembersServing();
    ProcessHandle zk3 = ProcessHandle.of(pid("zookeeper3")).orElseThrow();
    zk3.destroy();
    zk3.onExit().get(60, TimeUnit.SECONDS);
    long stopped = System.nanoTime();
    ApiIT.await("ZOOKEEPER_QUORUM_DEGRADED", 20, HaIT::reasons, r -> r.contains("ZOOKEEPER_QUORUM_DEGRADED"));
    System.out.printf("HaIT: quorum degraded reported %d s after zookeeper3 stopped%n",
        TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - stopped));
    assertThat(states(ha().get("zookeepers"), "mode")).contains("down");
    tablesStillList();

    node("up", "--dir", DIR.toString());
    awaitAllMembersServing();
  }

  @Test
  @Order(3)
  void whenTheActiveNameNodeDiesTheStandbyTakesOverAndTheConsoleKeepsServing() throws Exception {
    awaitAllMembersServing();
    JsonNode active = ha().get("namenodes").valueStream().filter(n -> n.get("state").asString().equals("active"))
        .findFirst().orElseThrow();
    String activeId = active.get("id").asString();
    ProcessHandle nn = ProcessHandle.of(pid("namenode" + activeId.substring(2))).orElseThrow();
    nn.destroyForcibly();
    nn.onExit().get(60, TimeUnit.SECONDS);
    long killed = System.nanoTime();

    JsonNode after = ApiIT.await("the standby active", 120, HaIT::ha, h -> h.get("namenodes").valueStream()
        .anyMatch(n -> !n.get("id").asString().equals(activeId) && n.get("state").asString().equals("active")));
    System.out.printf("HaIT: %s died, the other NameNode active in the overview after %d s%n", activeId,
        TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killed));
    assertThat(after.get("namenodes").valueStream().filter(n -> n.get("id").asString().equals(activeId))
        .findFirst().orElseThrow().get("state").asString()).isEqualTo("down");
    ApiIT.await("NAMENODE_STANDBY_DOWN", 30, HaIT::reasons, r -> r.contains("NAMENODE_STANDBY_DOWN"));
    tablesStillList();
    // a live HDFS call through the nameservice: the directory listing with erasure-coding policies
    Api.Response dirs = ApiIT.await("an HDFS listing", 90,
        () -> api.get(clusterPath + "/erasure-coding/directories?path=/"), r -> r.status() == 200);
    assertThat(dirs.body()).contains("hbase");
    ApiIT.await("HDFS figures in the overview", 30, () -> api.get(clusterPath + "/overview").json().get("hdfs"),
        h -> h.get("reachable").asBoolean() && h.get("liveDataNodes").asInt() == 3 && h.get("capacityBytes").asLong() > 0);

    node("up", "--dir", DIR.toString());
    awaitAllMembersServing();
  }

  static JsonNode awaitOperation(Api.Response started) throws InterruptedException {
    assertThat(started.status()).as(started.body()).isEqualTo(202);
    String op = "/api/v1/operations/" + started.json().get("id").asString();
    JsonNode done = ApiIT.await("operation " + op, 240, () -> api.get(op).json(),
        o -> !List.of("PENDING", "RUNNING").contains(o.get("state").asString()));
    assertThat(done.get("state").asString()).as(done.toString()).isEqualTo("SUCCEEDED");
    return done;
  }

  static String member(JsonNode members, String field, String value, String of) {
    return members.valueStream().filter(m -> m.get(field).asString().equals(value)).findFirst().orElseThrow()
        .get(of).asString();
  }

  @Test
  @Order(4)
  void aConfirmedFailoverSwapsTheNameNodesAndAMoveSwapsTheMasters() throws Exception {
    JsonNode local = api.get("/api/v1/clusters").json().valueStream()
        .filter(c -> c.get("name").asString().equals("local")).findFirst().orElseThrow();
    String path = "/api/v1/clusters/" + local.get("id").asLong();
    JsonNode h = ApiIT.await("the local registration collected", 60, () -> api.get(path + "/overview").json(),
        o -> o.has("ha") && !o.get("ha").isNull()
            && states(o.get("ha").get("namenodes"), "state").equals(List.of("active", "standby"))
            && states(o.get("ha").get("masters"), "state").equals(List.of("active", "backup"))).get("ha");
    String active = member(h.get("namenodes"), "state", "active", "id");
    String standby = member(h.get("namenodes"), "state", "standby", "id");

    // refused, and nothing changes: the confirm word, an active target, an unknown NameNode, a non-HA cluster
    HardeningIT.problem(api.post(path + "/ha/namenode-failover",
        "{\"to\":\"" + standby + "\",\"confirm\":\"yes\"}"), 400, "validation-failed");
    HardeningIT.problem(api.post(path + "/ha/namenode-failover",
        "{\"to\":\"" + active + "\",\"confirm\":\"" + active + "\"}"), 409, "ha-state-conflict");
    HardeningIT.problem(api.post(path + "/ha/namenode-failover", "{\"to\":\"nn7\",\"confirm\":\"nn7\"}"),
        400, "validation-failed");
    HardeningIT.problem(api.post(path + "/ha/master-move", "{\"confirm\":\"ha\"}"), 400, "validation-failed");

    JsonNode op = awaitOperation(api.post(path + "/ha/namenode-failover",
        "{\"to\":\"" + standby + "\",\"confirm\":\"" + standby + "\"}"));
    assertThat(op.get("shellEquivalent").asString())
        .isEqualTo("hdfs haadmin -ns granary-local -failover " + active + " " + standby);
    JsonNode swapped = api.get(path + "/overview").json().get("ha");
    assertThat(member(swapped.get("namenodes"), "state", "active", "id")).isEqualTo(standby);
    assertThat(member(swapped.get("namenodes"), "state", "standby", "id")).isEqualTo(active);
    tablesStillList();

    String activeMaster = member(h.get("masters"), "state", "active", "webUrl");
    awaitOperation(api.post(path + "/ha/master-move", "{\"confirm\":\"local\"}"));
    // the stopped master was started again by the launcher and serves as the backup
    JsonNode moved = ApiIT.await("the masters swapped", 120, () -> api.get(path + "/overview").json().get("ha"),
        x -> states(x.get("masters"), "state").equals(List.of("active", "backup")));
    assertThat(member(moved.get("masters"), "state", "backup", "webUrl")).isEqualTo(activeMaster);
    try (Connection c = hbase(); Admin admin = c.getAdmin()) {
      TableName t = TableName.valueOf(TABLE + "_after_move");
      admin.createTable(TableDescriptorBuilder.newBuilder(t).setColumnFamily(ColumnFamilyDescriptorBuilder.of("d"))
          .build());
      admin.disableTable(t);
      admin.deleteTable(t);
    }
    awaitAllMembersServing();
  }

  @Test
  @Order(5)
  void aClusterWithoutHaRefusesTheFailoverOperations() {
    // the API-registered twin without HA fields is not in this control plane; register one that is plain
    Api.Response r = api.post("/api/v1/clusters", "{\"name\":\"plain\",\"kind\":\"LOCAL\",\"zookeeperQuorum\":"
        + "\"127.0.0.1:1\",\"namenodeUri\":\"hdfs://127.0.0.1:2\"}");
    assertThat(r.status()).as(r.body()).isEqualTo(201);
    String plain = "/api/v1/clusters/" + r.json().get("id").asLong();
    HardeningIT.problem(api.post(plain + "/ha/namenode-failover", "{\"to\":\"nn2\",\"confirm\":\"nn2\"}"),
        409, "ha-state-conflict");
    HardeningIT.problem(api.post(plain + "/ha/master-move", "{\"confirm\":\"plain\"}"), 409, "ha-state-conflict");
  }
}
