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

  /** Holds /tmp/granary-lab.lock (flock) while this test uses the lab: one lab user at a time. */
  static Process labLock;

  @org.junit.jupiter.api.BeforeAll
  static void takeLab() throws Exception {
    labLock = lockLab();
  }

  @AfterAll
  static void labDown() throws Exception {
    try {
      lab(0, "down");
    } finally {
      unlockLab(labLock);
    }
  }

  /** Takes /tmp/granary-lab.lock (flock) for as long as the returned process lives. */
  static Process lockLab() throws IOException {
    Process lock = new ProcessBuilder("flock", "/tmp/granary-lab.lock", "sh", "-c", "echo locked; exec cat")
        .redirectErrorStream(true).start();
    String line = new java.io.BufferedReader(new java.io.InputStreamReader(lock.getInputStream(),
        StandardCharsets.UTF_8)).readLine();
    assertThat(line).as("the lab lock").isEqualTo("locked");
    return lock;
  }

  static void unlockLab(Process lock) throws IOException, InterruptedException {
    if (lock != null) {
      lock.getOutputStream().close(); // cat ends, flock releases the lock
      lock.waitFor(30, java.util.concurrent.TimeUnit.SECONDS);
    }
  }

  JsonNode labHosts() {
    return readLabHosts();
  }

  static JsonNode readLabHosts() {
    try {
      return Api.JSON.readTree(Files.readString(ROOT.resolve("var/lab/hosts.json")));
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  void addHost(JsonNode h) throws IOException {
    addHost(admin, h);
  }

  static void addHost(Api api, JsonNode h) throws IOException {
    String key = Files.readString(ROOT.resolve("var/lab/id_ed25519"));
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("address", h.get("address").asString());
    body.put("hostname", h.get("hostname").asString());
    body.put("sshUser", "root");
    body.put("privateKey", key);
    body.put("cores", h.get("cores").asInt());
    body.put("ramMb", 4096);
    body.put("dataDisks", List.of("/data/1"));
    Api.Response r = api.post("/api/v1/hosts", Api.JSON.writeValueAsString(body));
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
    return runToEnd(admin, body, expectedState);
  }

  static JsonNode runToEnd(Api admin, String body, String expectedState) throws InterruptedException {
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
    // the monitoring role: Prometheus on the HMaster host scrapes every host's roles
    Map<String, Integer> up3 = Map.of("prometheus", 1, "alertmanager", 1, "zookeeper", 1, "namenode", 1,
        "master", 1, "datanode", 3, "regionserver", 3);
    assertThat(ApiIT.await("every role up in the lab's Prometheus", 120, () -> targetsUp(three.get(0)),
        up3::equals)).isEqualTo(up3);

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

    // the plain side of the cost of security (KerberosIT runs the same on a Kerberized lab)
    double ycsbA = LabYcsb.workloadA(admin, clusterId, "lab_ycsb_" + TablesIT.RUN);

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
    // scale_out.yml rewrote the targets: Prometheus scrapes the new host without a restart
    assertThat(ApiIT.await("the 4th host's roles in Prometheus", 120, () -> targetsUp(three.get(0)),
        m -> m.getOrDefault("datanode", 0) == 4 && m.getOrDefault("regionserver", 0) == 4)).isNotNull();
    // the running NameNode placed the new host on its rack: no restart needed
    assertThat(racks(three.get(0))).containsEntry(all.get(3), "/r2").hasSize(4);

    // day 2 on the 4 hosts: a rolling restart of the RegionServers under reads, a RegionServer-only
    // configuration change and its revert (which leaves the files as installed for the next step)
    DayTwoLab.run(admin, clusterId, CLUSTER, three.get(0) + ":2181", all);

    double scaleInSeconds = scaleIn(clusterId, all, four);

    lab(0, "down");
    String status = lab(3, "status");
    assertThat(status).containsIgnoringCase("nothing left");

    Files.writeString(Path.of("target/provisioning-timings.json"), String.format(java.util.Locale.ROOT,
        "{\"labUpToFirstPutSeconds\": %.1f, \"installSeconds\": %.1f, \"idempotentRerunSeconds\": %.1f, "
            + "\"scaleOutSeconds\": %.1f, \"scaleInSeconds\": %.1f, \"ycsbAOpsPerSec\": %.1f}%n", firstPutSeconds,
        installSeconds, rerunSeconds, scaleSeconds, scaleInSeconds, ycsbA));
  }

  /** job → targets up, from the Prometheus the monitoring role runs on {@code host}. */
  static Map<String, Integer> targetsUp(String host) {
    Map<String, Integer> out = new TreeMap<>();
    try (java.io.InputStream in = java.net.URI.create("http://" + host + ":9090/api/v1/query?query="
        + java.net.URLEncoder.encode("count by (job) (up == 1)", java.nio.charset.StandardCharsets.UTF_8))
        .toURL().openStream()) {
      for (JsonNode r : Api.JSON.readTree(in).path("data").path("result")) {
        out.put(r.path("metric").path("job").asString(), r.path("value").get(1).asInt());
      }
    } catch (java.io.IOException e) {
      out.put("unreachable: " + e.getMessage(), 0);
    }
    return out;
  }

  static List<String> codes(JsonNode preflight) {
    List<String> out = new ArrayList<>();
    preflight.get("findings").forEach(f -> out.add(f.get("code").asString()));
    return out;
  }

  /** SHA-256 of each file under dir. */
  static Map<String, String> checksums(DistributedFileSystem fs, String dir) throws Exception {
    Map<String, String> out = new TreeMap<>();
    for (org.apache.hadoop.fs.FileStatus f : fs.listStatus(new org.apache.hadoop.fs.Path(dir))) {
      java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
      try (var in = fs.open(f.getPath())) {
        byte[] buf = new byte[1 << 16];
        for (int n; (n = in.read(buf)) > 0; ) {
          sha.update(buf, 0, n);
        }
      }
      out.put(f.getPath().getName(), java.util.HexFormat.of().formatHex(sha.digest()));
    }
    return out;
  }

  /**
   * Refusals on this control plane; then a second control plane (its own database) installs the same
   * 4 hosts again (idempotent), removes host 2 while a writer puts rows, is killed (SIGKILL) in the
   * middle of the decommission and started again: it resumes the scale-in and finishes it. Every
   * acknowledged row and every file reads back the same; the cluster is HEALTHY on 3 hosts.
   */
  double scaleIn(long clusterId, List<String> all, JsonNode labHosts) throws Exception {
    String base = "/api/v1/clusters/" + clusterId + "/scale-in";
    String nn = all.get(0);
    // two of four would leave 2 DataNodes: fewer than XOR-2-1's 3 and than 3 replicas
    JsonNode two = admin.post(base + "/preflight", "{\"hosts\":[\"" + all.get(1) + "\",\"" + all.get(2) + "\"]}")
        .json();
    assertThat(two.get("ok").asBoolean()).as(two.toString()).isFalse();
    assertThat(codes(two)).contains("scale-in-ec-policy", "scale-in-replication");
    Api.Response refused = admin.post(base, "{\"hosts\":[\"" + all.get(1) + "\",\"" + all.get(2) + "\"],\"confirm\":\""
        + CLUSTER + "\"}");
    assertThat(refused.status()).as(refused.body()).isEqualTo(409);
    assertThat(refused.json().get("code").asString()).isEqualTo("scale-in-unsafe");
    assertThat(refused.body()).contains(EC_POLICY);
    // host 1 holds the only ZooKeeper, the NameNode and the master
    JsonNode first = admin.post(base + "/preflight", "{\"hosts\":[\"" + nn + "\"]}").json();
    assertThat(first.get("ok").asBoolean()).isFalse();
    assertThat(codes(first)).contains("scale-in-breaks-quorum");
    // one host is fine, but only confirmed
    JsonNode one = admin.post(base + "/preflight", "{\"hosts\":[\"" + all.get(1) + "\"]}").json();
    assertThat(one.get("ok").asBoolean()).as(one.toString()).isTrue();
    assertThat(one.get("diff").get("hostsRemoved")).hasSize(1);
    Api.Response unconfirmed = admin.post(base, "{\"hosts\":[\"" + all.get(1) + "\"],\"confirm\":\"yes\"}");
    assertThat(unconfirmed.status()).isEqualTo(400);

    // data that must survive: a replicated and an EC directory
    Map<String, String> replicated;
    Map<String, String> striped;
    try (DistributedFileSystem fs = hdfs(nn)) {
      java.util.Random rnd = new java.util.Random(19);
      fs.mkdirs(new org.apache.hadoop.fs.Path("/keep/replicated"));
      fs.mkdirs(new org.apache.hadoop.fs.Path("/keep/ec"));
      fs.setErasureCodingPolicy(new org.apache.hadoop.fs.Path("/keep/ec"), EC_POLICY);
      for (String dir : List.of("/keep/replicated", "/keep/ec")) {
        for (int i = 0; i < 3; i++) {
          byte[] bytes = new byte[(2 + i) * 1024 * 1024 + 4321];
          rnd.nextBytes(bytes);
          try (var out = fs.create(new org.apache.hadoop.fs.Path(dir + "/f" + i))) {
            out.write(bytes);
          }
        }
      }
      replicated = checksums(fs, "/keep/replicated");
      striped = checksums(fs, "/keep/ec");
      assertThat(fs.getErasureCodingPolicy(new org.apache.hadoop.fs.Path("/keep/ec/f0")).getName()).isEqualTo(EC_POLICY);
    }

    Path data = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "it-scale-in-");
    int port = ControlPlaneRestartIT.freePort();
    Map<String, String> env = Map.of(
        "GRANARY_ANSIBLE_PLAYBOOK", System.getProperty("granary.provisioning.ansible-playbook"),
        "GRANARY_ANSIBLE_DIR", System.getProperty("granary.provisioning.ansible-dir"),
        "GRANARY_DIST_SOURCE", System.getProperty("granary.provisioning.dist-source"));
    Process other = ControlPlaneRestartIT.start(data, port, env);
    String table = "lab_t_" + TablesIT.RUN;
    java.util.concurrent.atomic.AtomicBoolean writing = new java.util.concurrent.atomic.AtomicBoolean(true);
    List<String> acknowledged = java.util.Collections.synchronizedList(new ArrayList<>());
    java.util.concurrent.atomic.AtomicInteger failedPuts = new java.util.concurrent.atomic.AtomicInteger();
    Thread writer = null;
    try {
      Api api = ControlPlaneRestartIT.awaitUp(port, other);
      assertThat(api.login("admin", ItSupport.ADMIN_PASSWORD).status()).isEqualTo(200);
      for (JsonNode h : labHosts) {
        addHost(api, h);
      }
      JsonNode installed = runToEnd(api, "{\"spec\":" + installSpec(all) + "}", "SUCCEEDED");
      long otherCluster = installed.get("clusterId").asLong();
      assertThat(api.get("/api/v1/clusters/" + otherCluster + "/installs").json()).hasSize(1);

      org.apache.hadoop.conf.Configuration conf = HBaseConfiguration.create();
      conf.set("hbase.zookeeper.quorum", nn + ":2181");
      // a stuck read fails in minutes with its cause, not after the 20-minute default
      conf.setInt("hbase.client.operation.timeout", 180_000);
      Connection hbase = ConnectionFactory.createConnection(conf);
      writer = new Thread(() -> {
        try (Table t = hbase.getTable(TableName.valueOf(table))) {
          for (int i = 0; writing.get(); i++) {
            String key = "during-" + i;
            try {
              t.put(new Put(Bytes.toBytes(key)).addColumn(Bytes.toBytes("f"), Bytes.toBytes("q"), Bytes.toBytes(key)));
              acknowledged.add(key);
            } catch (IOException e) {
              failedPuts.incrementAndGet();
            }
            // a steady ~100 puts/s: enough to catch a lost write, few enough to read all back
            Thread.sleep(10);
          }
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }, "scale-in-writer");
      writer.start();

      long start = System.nanoTime();
      Api.Response started = api.post("/api/v1/clusters/" + otherCluster + "/scale-in",
          "{\"hosts\":[\"" + all.get(1) + "\"],\"confirm\":\"" + CLUSTER + "\"}");
      assertThat(started.status()).as(started.body()).isEqualTo(202);
      String run = "/api/v1/provisioning/runs/" + started.json().get("id").asLong();
      String firstOperation = started.json().get("operationId").asString();
      JsonNode decommissioning = ApiIT.await("the DataNode decommissioning", 600, () -> api.get(run).json(),
          n -> List.of("DECOMMISSIONING", "WAITING_FOR_REDUNDANCY").contains(
              n.get("progress").get(0).get("phase").asString()) || !n.get("state").asString().equals("RUNNING"));
      assertThat(decommissioning.get("state").asString()).as("killed before the end: " + decommissioning)
          .isEqualTo("RUNNING");
      other.destroyForcibly().waitFor();

      other = ControlPlaneRestartIT.start(data, port, env);
      Api again = ControlPlaneRestartIT.awaitUp(port, other);
      assertThat(again.login("admin", ItSupport.ADMIN_PASSWORD).status()).isEqualTo(200);
      JsonNode done;
      try {
        done = ApiIT.await("the resumed scale-in to finish", 900, () -> again.get(run).json(),
            n -> !n.get("state").asString().equals("RUNNING"));
      } catch (AssertionError e) {
        throw new AssertionError(e.getMessage() + "\nNameNode: " + namenodeJmx(nn), e);
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      assertThat(done.get("state").asString()).as(done.toString()).isEqualTo("SUCCEEDED");
      assertThat(done.get("progress").get(0).get("phase").asString()).isEqualTo("DONE");
      assertThat(done.get("operationId").asString()).as("a new operation drives the resumed run")
          .isNotEqualTo(firstOperation);
      assertThat(again.get("/api/v1/operations/" + done.get("operationId").asString()).json().get("events").toString())
          .contains("resumed");
      // the host is gone from the installed state the next run is planned against
      JsonNode versions = again.get("/api/v1/clusters/" + otherCluster + "/installs").json();
      assertThat(versions.get(0).get("playbook").asString()).isEqualTo("scale_in");
      assertThat(versions.get(0).get("hosts").toString()).doesNotContain(labHosts.get(1).get("hostname").asString());

      writing.set(false);
      writer.join(60_000);
      assertThat(acknowledged).as("rows written during the scale-in").isNotEmpty();
      try (Table t = hbase.getTable(TableName.valueOf(table))) {
        // read back in small batches: one multi-get of every row can outlast its RPC timeout on a busy lab
        // and then retries whole until the operation timeout
        List<String> keys = List.copyOf(acknowledged);
        for (int from = 0; from < keys.size(); from += 500) {
          List<String> batch = keys.subList(from, Math.min(keys.size(), from + 500));
          org.apache.hadoop.hbase.client.Result[] rows = t.get(batch.stream().map(k -> new Get(Bytes.toBytes(k))).toList());
          for (int i = 0; i < rows.length; i++) {
            assertThat(Bytes.toString(rows[i].getValue(Bytes.toBytes("f"), Bytes.toBytes("q"))))
                .as("acknowledged row " + batch.get(i)).isEqualTo(batch.get(i));
          }
        }
      } finally {
        hbase.close();
      }
      try (DistributedFileSystem fs = hdfs(nn)) {
        assertThat(checksums(fs, "/keep/replicated")).isEqualTo(replicated);
        assertThat(checksums(fs, "/keep/ec")).isEqualTo(striped);
      }
      // this control plane sees it too: 3 DataNodes, none dead, HEALTHY
      JsonNode overview = ApiIT.await("3 live DataNodes and HEALTHY", 300, () -> {
        JsonNode o = admin.get("/api/v1/clusters/" + clusterId + "/overview").json();
        JsonNode h = admin.get("/api/v1/clusters/" + clusterId + "/health").json();
        return Api.JSON.createObjectNode().put("live", o.path("hdfs").path("liveDataNodes").asInt())
            .put("dead", o.path("hdfs").path("deadDataNodes").asInt()).put("status", h.get("status").asString())
            .put("health", h.toString());
      }, n -> n.get("live").asInt() == 3 && n.get("status").asString().equals("HEALTHY"));
      assertThat(overview.get("dead").asInt()).as(overview.toString()).isZero();
      System.out.printf("scale-in of one host: %.1f s, %d rows acknowledged meanwhile, %d puts failed after retries%n",
          seconds, acknowledged.size(), failedPuts.get());
      return seconds;
    } finally {
      writing.set(false);
      if (writer != null) {
        writer.join(60_000);
      }
      other.destroy();
      if (!other.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
        other.destroyForcibly().waitFor();
      }
    }
  }

  /** What the NameNode says of decommissioning and redundancy, for a failure message. */
  static String namenodeJmx(String namenode) {
    StringBuilder out = new StringBuilder();
    // the NameNode's block queues (pending reconstructions with their targets) go to its log directory
    try (DistributedFileSystem fs = hdfs(namenode)) {
      fs.metaSave("scale-in-metasave.txt");
      out.append("metasave: /var/log/granary/scale-in-metasave.txt on the NameNode host; ");
    } catch (Exception e) {
      out.append("metasave: ").append(e).append("; ");
    }
    for (String bean : List.of("Hadoop:service=NameNode,name=NameNodeInfo", "Hadoop:service=NameNode,name=FSNamesystem")) {
      try {
        String body = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                URI.create("http://" + namenode + ":9870/jmx?qry=" + bean)).timeout(java.time.Duration.ofSeconds(5)).build(),
            java.net.http.HttpResponse.BodyHandlers.ofString()).body();
        JsonNode b = Api.JSON.readTree(body).path("beans").path(0);
        for (String k : List.of("DecomNodes", "DeadNodes", "UnderReplicatedBlocks", "MissingBlocks",
            "PendingReplicationBlocks", "LowRedundancyECBlockGroups", "PendingDeletionBlocks")) {
          if (b.has(k)) {
            out.append(k).append('=').append(b.get(k).toString(), 0, Math.min(1500, b.get(k).toString().length()))
                .append("; ");
          }
        }
      } catch (Exception e) {
        out.append(bean).append(": ").append(e).append("; ");
      }
    }
    return out.toString();
  }
}
