package io.granary.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Provisioning for real: a 3-host network-namespace lab (systemd, sshd), the control plane's
 * Ansible runner installing the engine with the spec's racks and EC policy, a table used through
 * it, an idempotent re-run, a scale-out to a 4th host placed on its rack without a NameNode
 * restart, and a teardown that leaves nothing. Writes its timings to
 * target/provisioning-timings.json.
 */
class ProvisioningIT extends SharedContext {
  static final Path ROOT = Path.of(System.getProperty("user.dir")).resolve("..").normalize();
  static final String CLUSTER = "lab-" + TablesIT.RUN;

  static String lab(int expectedExit, String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(ROOT.resolve("tools/lab/lab.sh").toString()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).directory(ROOT.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as("lab.sh %s: %s", String.join(" ", args), out).isEqualTo(expectedExit);
    return out;
  }

  @AfterAll
  static void labDown() throws Exception {
    lab(0, "down");
  }

  JsonNode labHosts() {
    try {
      return Api.JSON.readTree(Files.readString(ROOT.resolve("var/lab/hosts.json")));
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  void addHost(JsonNode h) throws IOException {
    String key = Files.readString(ROOT.resolve("var/lab/id_ed25519"));
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("address", h.get("address").asString());
    body.put("hostname", h.get("hostname").asString());
    body.put("sshUser", "root");
    body.put("privateKey", key);
    body.put("cores", h.get("cores").asInt());
    body.put("ramMb", 4096);
    body.put("dataDisks", List.of("/data/1"));
    Api.Response r = admin.post("/api/v1/hosts", Api.JSON.writeValueAsString(body));
    assertThat(r.status()).as(r.body()).isIn(201, 409);
  }

  /** Hosts 1-2 on /r1, hosts 3-4 on /r2. */
  static String rack(int i) {
    return i < 2 ? "/r1" : "/r2";
  }

  static String spec(List<String> addresses, String extraHost) {
    StringBuilder hosts = new StringBuilder();
    for (int i = 0; i < addresses.size(); i++) {
      hosts.append(hosts.isEmpty() ? "" : ",").append("{\"address\":\"").append(addresses.get(i))
          .append("\",\"rack\":\"").append(rack(i)).append('"').append(extraHost).append('}');
    }
    // the single-NameNode shape; the HA install runs on the lab in ansible/tests/lab-e2e.sh --ha
    return "{\"name\":\"" + CLUSTER + "\",\"profile\":\"lab\",\"ha\":false,\"hosts\":[" + hosts + "]}";
  }

  /** What is installed: racks, and an EC policy as wide as the first three DataNodes. */
  static String installSpec(List<String> addresses) {
    return spec(addresses, "").replace("\"hosts\":", "\"erasureCodingPolicies\":[\"" + EC_POLICY + "\"],\"hosts\":");
  }

  static final String EC_POLICY = "XOR-2-1-1024k";

  /** A client of the NameNode as the HDFS superuser the roles run it as. */
  static DistributedFileSystem hdfs(String namenode) throws Exception {
    return (DistributedFileSystem) FileSystem.newInstance(URI.create("hdfs://" + namenode + ":8020"),
        new org.apache.hadoop.conf.Configuration(), "granary");
  }

  /** DataNode address → rack, as the NameNode placed them. */
  static Map<String, String> racks(String namenode) throws Exception {
    try (DistributedFileSystem dfs = hdfs(namenode)) {
      Map<String, String> racks = new TreeMap<>();
      for (DatanodeInfo dn : dfs.getDataNodeStats()) {
        racks.put(dn.getIpAddr(), dn.getNetworkLocation());
      }
      return racks;
    }
  }

  static boolean ecPolicyEnabled(String namenode, String policy) throws Exception {
    try (DistributedFileSystem dfs = hdfs(namenode)) {
      return dfs.getAllErasureCodingPolicies().stream()
          .anyMatch(p -> p.getPolicy().getName().equals(policy) && p.isEnabled());
    }
  }

  JsonNode runToEnd(String body, String expectedState) throws InterruptedException {
    Api.Response started = admin.post("/api/v1/provisioning/runs", body);
    assertThat(started.status()).as(started.body()).isEqualTo(202);
    long id = started.json().get("id").asLong();
    JsonNode run = ApiIT.await("provisioning run " + id, 1500, () -> admin.get("/api/v1/provisioning/runs/" + id).json(),
        n -> !n.get("state").asString().equals("RUNNING"));
    assertThat(run.get("state").asString()).as(run.path("message").asString()).isEqualTo(expectedState);
    return run;
  }

  static List<String> fields(Api.Response r) {
    List<String> out = new ArrayList<>();
    r.json().get("errors").forEach(e -> out.add(e.get("field").asString() + " " + e.get("message").asString()));
    return out;
  }

  @Test
  void aThreeHostLabIsInstalledUsedReRunScaledOutAndTornDown() throws Exception {
    long t0 = System.nanoTime();
    lab(0, "up", "3");
    JsonNode labHosts = labHosts();
    List<String> three = new ArrayList<>();
    for (JsonNode h : labHosts) {
      addHost(h);
      three.add(h.get("address").asString());
    }
    assertThat(three).hasSize(3);

    // the plan: ZooKeeper, NameNode and HMaster on host 1, DataNode + RegionServer everywhere
    Api.Response plan = admin.post("/api/v1/provisioning/plan", spec(three, ""));
    assertThat(plan.status()).as(plan.body()).isEqualTo(200);
    JsonNode first = plan.json().get("hosts").get(0);
    assertThat(first.get("roles").valueStream().map(JsonNode::asString))
        .contains("zookeeper", "namenode", "hbase_master", "datanode", "regionserver");
    for (int i = 1; i < 3; i++) {
      assertThat(plan.json().get("hosts").get(i).get("roles").valueStream().map(JsonNode::asString))
          .containsExactlyInAnyOrder("datanode", "regionserver");
    }
    assertThat(plan.json().get("config").valueStream().map(c -> c.get("source").asString())).contains("SIZING_RULE");

    long installStart = System.nanoTime();
    JsonNode installed = runToEnd("{\"spec\":" + installSpec(three) + "}", "SUCCEEDED");
    double installSeconds = (System.nanoTime() - installStart) / 1e9;
    long clusterId = installed.get("clusterId").asLong();
    JsonNode health = ApiIT.await("the new cluster HEALTHY", 300,
        () -> admin.get("/api/v1/clusters/" + clusterId + "/health").json(),
        n -> n.get("status").asString().equals("HEALTHY"));
    assertThat(health.get("status").asString()).isEqualTo("HEALTHY");
    // the spec's racks and EC policy are what the NameNode uses
    assertThat(racks(three.get(0))).isEqualTo(Map.of(three.get(0), "/r1", three.get(1), "/r1", three.get(2), "/r2"));
    assertThat(ecPolicyEnabled(three.get(0), EC_POLICY)).isTrue();

    // a table through the control plane, rows through the new cluster
    String table = "lab_t_" + TablesIT.RUN;
    ItSupport.createTable(admin, clusterId, "{\"name\":\"" + table + "\",\"families\":[{\"name\":\"f\"}],"
        + "\"split\":{\"strategy\":\"NONE\"}}");
    org.apache.hadoop.conf.Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", three.get(0) + ":2181");
    double firstPutSeconds;
    try (Connection c = ConnectionFactory.createConnection(conf); Table t = c.getTable(TableName.valueOf(table))) {
      t.put(new Put(Bytes.toBytes("row-1")).addColumn(Bytes.toBytes("f"), Bytes.toBytes("q"), Bytes.toBytes("v1")));
      firstPutSeconds = (System.nanoTime() - t0) / 1e9;
      for (int i = 2; i <= 100; i++) {
        t.put(new Put(Bytes.toBytes("row-" + i)).addColumn(Bytes.toBytes("f"), Bytes.toBytes("q"), Bytes.toBytes("v" + i)));
      }
      assertThat(Bytes.toString(t.get(new Get(Bytes.toBytes("row-42"))).getValue(Bytes.toBytes("f"),
          Bytes.toBytes("q")))).isEqualTo("v42");
    }

    // bad specs name the field
    String dup = spec(List.of(three.get(0), three.get(0)), "");
    assertThat(fields(admin.post("/api/v1/provisioning/plan", dup))).anyMatch(f -> f.contains("duplicate-address"));
    assertThat(fields(admin.post("/api/v1/provisioning/plan", spec(three, ",\"ramMb\":300"))))
        .anyMatch(f -> f.startsWith("hosts[0]") && f.contains("ram-too-small"));
    String wide = spec(three, "").replace("\"hosts\":", "\"erasureCodingPolicies\":[\"RS-6-3-1024k\"],\"hosts\":");
    assertThat(fields(admin.post("/api/v1/provisioning/plan", wide))).anyMatch(f -> f.contains("ec-policy-too-wide"));
    List<String> withGhost = new ArrayList<>(three);
    withGhost.add("10.77.0.99");
    Api.Response ghost = admin.post("/api/v1/provisioning/runs", "{\"spec\":" + spec(withGhost, "") + "}");
    assertThat(ghost.status()).isEqualTo(400);
    assertThat(fields(ghost)).anyMatch(f -> f.startsWith("hosts[3]") && f.contains("unreachable-host"));

    // a failing task fails the run with its message; the re-run below shows the hosts stayed re-runnable
    JsonNode failed = runToEnd("{\"spec\":" + spec(three, ",\"dataDisks\":[\"/proc/granary-data\"]") + "}", "FAILED");
    assertThat(failed.get("message").asString()).containsIgnoringCase("failed");
    JsonNode failedDetail = admin.get("/api/v1/provisioning/runs/" + failed.get("id").asLong()).json();
    assertThat(failedDetail.get("tasks").valueStream().filter(t -> t.get("status").asString().equals("failed")))
        .isNotEmpty();

    // the same install again succeeds and changes nothing
    long rerunStart = System.nanoTime();
    JsonNode again = runToEnd("{\"spec\":" + installSpec(three) + "}", "SUCCEEDED");
    double rerunSeconds = (System.nanoTime() - rerunStart) / 1e9;
    assertThat(again.get("changed").asInt()).as(again.get("message").asString()).isZero();

    // a 4th host: DataNode + RegionServer, and the NameNode sees 4 DataNodes
    lab(0, "up", "4");
    JsonNode four = labHosts();
    addHost(four.get(3));
    List<String> all = new ArrayList<>(three);
    all.add(four.get(3).get("address").asString());
    long scaleStart = System.nanoTime();
    runToEnd("{\"spec\":" + installSpec(all) + ",\"playbook\":\"scale_out\",\"newHosts\":[\"" + all.get(3) + "\"]}",
        "SUCCEEDED");
    double scaleSeconds = (System.nanoTime() - scaleStart) / 1e9;
    JsonNode overview = ApiIT.await("4 live DataNodes", 180,
        () -> admin.get("/api/v1/clusters/" + clusterId + "/overview").json(),
        n -> n.path("hdfs").path("liveDataNodes").asInt() == 4);
    assertThat(overview.path("hdfs").path("liveDataNodes").asInt()).isEqualTo(4);
    // the running NameNode placed the new host on its rack: no restart needed
    assertThat(racks(three.get(0))).containsEntry(all.get(3), "/r2").hasSize(4);

    lab(0, "down");
    String status = lab(3, "status");
    assertThat(status).containsIgnoringCase("nothing left");

    Files.writeString(Path.of("target/provisioning-timings.json"), String.format(java.util.Locale.ROOT,
        "{\"labUpToFirstPutSeconds\": %.1f, \"installSeconds\": %.1f, \"idempotentRerunSeconds\": %.1f, "
            + "\"scaleOutSeconds\": %.1f}%n", firstPutSeconds, installSeconds, rerunSeconds, scaleSeconds));
  }
}
