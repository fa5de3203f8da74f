package io.granary.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * vCenter connections against vcsim (var/gobin, tools/vsphere/build.sh) on a port in 33500–33599:
 * the connection test and its three failures, the inventory, and vSphere plans whose bad inputs
 * are coded field errors while nothing is created in the simulator.
 */
class VcentersIT extends SharedContext {
  static final Path ROOT = Path.of(System.getProperty("user.dir")).resolve("..").normalize();
  static final Path GOVC = ROOT.resolve("var/gobin/govc");
  static final String USER = "administrator@vsphere.local";
  static final String PASSWORD = "Vc-Sim!2026-granary";
  static final String RUN = TablesIT.RUN;

  static Process vcsim;
  static long vcsimPid;
  static int port;

  @BeforeAll
  static void startSimulator() throws Exception {
    port = freePort(33500, 33589);
    vcsim = new ProcessBuilder(ROOT.resolve("var/gobin/vcsim").toString(), "-listen", "127.0.0.1:" + port,
        "-username", USER, "-password", PASSWORD).redirectErrorStream(true).start();
    BufferedReader out = new BufferedReader(new InputStreamReader(vcsim.getInputStream(), StandardCharsets.UTF_8));
    String line = out.readLine();
    Matcher m = Pattern.compile("VCSIM_PID=(\\d+)").matcher(line == null ? "" : line);
    assertThat(m.find()).as("vcsim's first line: %s", line).isTrue();
    vcsimPid = Long.parseLong(m.group(1));
    Thread drain = new Thread(() -> out.lines().forEach(l -> { }), "vcsim-output");
    drain.setDaemon(true);
    drain.start();
    // vcsim's stock VMs have an e1000 NIC: a golden VM as ansible/tests/vsphere-sim.sh builds it
    govc("vm.create", "-on=false", "-c", "2", "-m", "2048", "-g", "debian12_64Guest", "-net", "VM Network",
        "-net.adapter", "vmxnet3", "-disk.controller", "pvscsi", "-disk", "10GB", "-ds", "LocalDS_0", "-host",
        "DC0_C0_H0", "-folder", "/DC0/vm", "granary-template");
    govc("vm.markastemplate", "granary-template");
  }

  @AfterAll
  static void stopSimulator() throws Exception {
    if (vcsimPid > 0) {
      ProcessHandle.of(vcsimPid).ifPresent(ProcessHandle::destroy);
    }
    if (vcsim != null && !vcsim.waitFor(10, TimeUnit.SECONDS)) {
      vcsim.destroyForcibly();
    }
  }

  static int freePort(int from, int to) {
    for (int p = from + (int) (ProcessHandle.current().pid() % (to - from)); ; p = p >= to ? from : p + 1) {
      try (ServerSocket s = new ServerSocket(p, 1, java.net.InetAddress.getLoopbackAddress())) {
        return p;
      } catch (IOException busy) {
        // next
      }
    }
  }

  static String govc(String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(GOVC.toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    pb.environment().putAll(Map.of("GOVC_URL", "https://127.0.0.1:" + port + "/sdk", "GOVC_USERNAME", USER,
        "GOVC_PASSWORD", PASSWORD, "GOVC_INSECURE", "1", "GOVC_PERSIST_SESSION", "false"));
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as("govc %s: %s", String.join(" ", args), out).isZero();
    return out;
  }

  String connection(String name, String url, String password, boolean tlsVerify) {
    return Api.JSON.writeValueAsString(Map.of("name", name, "url", url, "username", USER, "password", password,
        "tlsVerify", tlsVerify));
  }

  long create(String name, String url, String password, boolean tlsVerify) {
    Api.Response r = admin.post("/api/v1/vcenters", connection(name, url, password, tlsVerify));
    assertThat(r.status()).as(r.body()).isEqualTo(201);
    return r.json().get("id").asLong();
  }

  String sim() {
    return "https://127.0.0.1:" + port + "/sdk";
  }

  @Test
  void aConnectionSignsInAndReadsTheSimulatorsInventory() {
    Api.Response created = admin.post("/api/v1/vcenters", connection("sim-" + RUN, sim(), PASSWORD, false));
    assertThat(created.status()).as(created.body()).isEqualTo(201);
    JsonNode c = created.json();
    assertThat(c.get("passwordSet").asBoolean()).isTrue();
    assertThat(c.has("password")).isFalse();
    assertThat(created.body()).doesNotContain(PASSWORD);
    long id = c.get("id").asLong();
    assertThat(admin.get("/api/v1/vcenters/" + id).body()).doesNotContain(PASSWORD);
    assertThat(admin.post("/api/v1/vcenters", connection("sim-" + RUN, sim(), PASSWORD, false)).json()
        .get("code").asString()).isEqualTo("vcenter-name-taken");

    Api.Response test = admin.post("/api/v1/vcenters/" + id + "/test", null);
    assertThat(test.status()).as(test.body()).isEqualTo(200);
    assertThat(test.json().get("ok").asBoolean()).isTrue();
    assertThat(test.json().get("apiVersion").asString()).isEqualTo("8.0.3.0");
    assertThat(test.json().get("command").asString()).startsWith("govc ");

    Api.Response inv = admin.get("/api/v1/vcenters/" + id + "/inventory");
    assertThat(inv.status()).as(inv.body()).isEqualTo(200);
    JsonNode dc = inv.json().get("datacenters").get(0);
    assertThat(dc.get("name").asString()).isEqualTo("DC0");
    JsonNode cluster = dc.get("clusters").get(0);
    assertThat(cluster.get("name").asString()).isEqualTo("DC0_C0");
    assertThat(cluster.get("hosts").valueStream().map(h -> h.get("name").asString()).toList())
        .containsExactly("DC0_C0_H0", "DC0_C0_H1", "DC0_C0_H2");
    assertThat(cluster.get("hosts").valueStream().allMatch(h -> h.get("connectionState").asString()
        .equals("connected"))).isTrue();
    JsonNode ds = dc.get("datastores").get(0);
    assertThat(ds.get("name").asString()).isEqualTo("LocalDS_0");
    assertThat(ds.get("freeBytes").asLong()).isPositive().isLessThanOrEqualTo(ds.get("capacityBytes").asLong());
    assertThat(dc.get("networks").valueStream().map(n -> n.get("name").asString())).contains("VM Network");
    assertThat(dc.get("templates").valueStream().filter(n -> n.get("name").asString().equals("granary-template"))
        .findFirst().orElseThrow().get("nicTypes").get(0).asString()).isEqualTo("vmxnet3");
    assertThat(inv.json().get("commands").valueStream().map(JsonNode::asString))
        .anyMatch(s -> s.startsWith("govc object.collect -json -type h /"));

    JsonNode audit = admin.get("/api/v1/audit?size=200").json().get("items");
    assertThat(audit.valueStream().map(a -> a.get("action").asString() + " " + a.get("target").asString()))
        .anyMatch(s -> s.startsWith("POST /api/v1/vcenters") && s.contains("sim-" + RUN));
    assertThat(audit.toString()).doesNotContain(PASSWORD);
  }

  @Test
  void aWrongPasswordIsVcenterAuth() {
    long id = create("wrong-pw-" + RUN, sim(), "Not-The-Password-1", false);
    Api.Response r = admin.post("/api/v1/vcenters/" + id + "/test", null);
    assertThat(r.status()).as(r.body()).isEqualTo(409);
    assertThat(r.json().get("code").asString()).isEqualTo("vcenter-auth");
    assertThat(r.body()).doesNotContain("Not-The-Password-1").doesNotContain("at io.granary");
  }

  @Test
  void aPortNobodyListensOnIsVcenterUnreachable() {
    int closed = freePort(33590, 33599);
    long id = create("closed-" + RUN, "https://127.0.0.1:" + closed + "/sdk", PASSWORD, false);
    Api.Response r = admin.post("/api/v1/vcenters/" + id + "/test", null);
    assertThat(r.status()).as(r.body()).isEqualTo(409);
    assertThat(r.json().get("code").asString()).isEqualTo("vcenter-unreachable");
    assertThat(admin.get("/api/v1/vcenters/" + id + "/inventory").json().get("code").asString())
        .isEqualTo("vcenter-unreachable");
  }

  @Test
  void anUntrustedCertificateIsVcenterTls() {
    long id = create("untrusted-" + RUN, sim(), PASSWORD, true);
    Api.Response r = admin.post("/api/v1/vcenters/" + id + "/test", null);
    assertThat(r.status()).as(r.body()).isEqualTo(409);
    assertThat(r.json().get("code").asString()).isEqualTo("vcenter-tls");
  }

  String spec(String name, String connection, String template, int workers, int dataDiskGb, String ecPolicy) {
    return """
        {"name":"%s","infrastructure":"vsphere","sshUser":"root","erasureCodingPolicies":["%s"],
         "vsphere":{"connection":"%s","datacenter":"DC0","cluster":"DC0_C0","folder":"granary/%s",
           "template":"%s","network":"VM Network","datastores":["LocalDS_0"],
           "nodeGroups":[{"name":"master","kind":"master","count":1,"vcpu":2,"memoryGb":16},
                         {"name":"worker","kind":"worker","count":%d,"vcpu":2,"memoryGb":16,"dataDiskGb":%d}]}}"""
        .formatted(name, ecPolicy, connection, name, template, workers, dataDiskGb);
  }

  /** The codes that start the plan's field errors ("code: message"). */
  static List<String> codes(Api.Response r) {
    assertThat(r.status()).as(r.body()).isEqualTo(400);
    return r.json().get("errors").valueStream().map(e -> e.get("message").asString().split(":")[0]).toList();
  }

  @Test
  void badVsphereSpecsAreCodedFieldErrorsAndCreateNothing() throws Exception {
    String conn = "plans-" + RUN;
    create(conn, sim(), PASSWORD, false);
    String vmsBefore = govc("find", "/", "-type", "m");
    String name = "vm" + RUN;

    Api.Response good = admin.post("/api/v1/provisioning/plan", spec(name, conn, "granary-template", 3, 200,
        "XOR-2-1-1024k"));
    assertThat(good.status()).as(good.body()).isEqualTo(200);
    assertThat(good.json().get("vms").size()).isEqualTo(4);
    assertThat(good.json().get("drsRule").get("name").asString()).isEqualTo(name + "-workers");
    assertThat(good.json().get("vms").get(0).get("settings").valueStream()
        .anyMatch(s -> s.get("key").asString().equals("mtu") && s.get("value").asString().equals("1500"))).isTrue();
    assertThat(good.json().get("shellCommands").valueStream().map(JsonNode::asString))
        .anyMatch(s -> s.startsWith("govc vm.clone"));

    assertThat(codes(admin.post("/api/v1/provisioning/plan", spec(name, conn, "no-such-template", 3, 200,
        "XOR-2-1-1024k")))).contains("unknown-template");
    assertThat(codes(admin.post("/api/v1/provisioning/plan", spec(name, conn, "granary-template", 3, 2000,
        "XOR-2-1-1024k")))).contains("datastore-too-small");
    assertThat(codes(admin.post("/api/v1/provisioning/plan", spec(name, conn, "granary-template", 4, 200,
        "XOR-2-1-1024k")))).contains("too-few-esxi-hosts");
    assertThat(codes(admin.post("/api/v1/provisioning/plan", spec(name, conn, "granary-template", 3, 200,
        "RS-6-3-1024k")))).contains("ec-policy-too-wide");
    assertThat(codes(admin.post("/api/v1/provisioning/plan", spec(name, "no-such-connection", "granary-template", 3,
        200, "XOR-2-1-1024k")))).contains("unknown-vcenter-connection");
    Api.Response run = admin.post("/api/v1/provisioning/runs", "{\"playbook\":\"vsphere_install\",\"spec\":"
        + spec(name, conn, "granary-template", 4, 200, "XOR-2-1-1024k") + "}");
    assertThat(codes(run)).contains("too-few-esxi-hosts");

    assertThat(govc("find", "/", "-type", "m")).isEqualTo(vmsBefore);
    assertThat(govc("find", "/DC0/vm", "-type", "f")).doesNotContain(name);
    assertThat(admin.get("/api/v1/provisioning/runs").body()).doesNotContain("\"cluster\":\"" + name + "\"");
  }

  @Test
  void anUnreachableConnectionInASpecIsAFieldErrorOfTheConnection() {
    int closed = freePort(33590, 33599);
    String conn = "gone-" + RUN;
    create(conn, "https://127.0.0.1:" + closed + "/sdk", PASSWORD, false);
    Api.Response r = admin.post("/api/v1/provisioning/plan", spec("vg" + RUN, conn, "granary-template", 3, 200,
        "XOR-2-1-1024k"));
    assertThat(codes(r)).containsExactly("vcenter-unreachable");
    assertThat(r.json().get("errors").get(0).get("field").asString()).isEqualTo("vsphere.connection");
  }

  @Test
  void aConnectionIsUpdatedKeepingItsPasswordAndDeleted() {
    long id = create("crud-" + RUN, sim(), PASSWORD, false);
    Api.Response u = admin.send("PUT", "/api/v1/vcenters/" + id, Api.JSON.writeValueAsString(Map.of("name",
        "crud2-" + RUN, "url", sim(), "username", USER, "tlsVerify", false)));
    assertThat(u.status()).as(u.body()).isEqualTo(200);
    assertThat(u.json().get("passwordSet").asBoolean()).isTrue();
    assertThat(admin.post("/api/v1/vcenters/" + id + "/test", null).status()).isEqualTo(200);
    assertThat(admin.send("DELETE", "/api/v1/vcenters/" + id, null).status()).isEqualTo(204);
    assertThat(admin.get("/api/v1/vcenters/" + id).json().get("code").asString()).isEqualTo("vcenter-not-found");
  }

  /**
   * The run path up to the hosts: vsphere_vms.yml creates the VMs in vcsim (addresses from the
   * guest map), then the run stops before install.yml as the connection has no guest SSH key.
   */
  @Test
  void vsphereInstallCreatesTheVmsAndReadsTheirAddresses() throws Exception {
    String conn = "install-" + RUN;
    create(conn, sim(), PASSWORD, false);
    String name = "vi" + RUN;
    Files.writeString(ItSupport.guestMap(), Api.JSON.writeValueAsString(Map.of(name + "-master-1", "10.255.7.1",
        name + "-worker-1", "10.255.7.11", name + "-worker-2", "10.255.7.12", name + "-worker-3", "10.255.7.13")));
    Api.Response started = admin.post("/api/v1/provisioning/runs", "{\"playbook\":\"vsphere_install\",\"spec\":"
        + spec(name, conn, "granary-template", 3, 20, "XOR-2-1-1024k") + "}");
    assertThat(started.status()).as(started.body()).isEqualTo(202);
    long runId = started.json().get("id").asLong();
    assertThat(started.json().get("command").asString()).contains("vsphere_vms.yml").contains("install.yml")
        .doesNotContain(PASSWORD);
    JsonNode run = null;
    for (int i = 0; i < 300; i++) {
      run = admin.get("/api/v1/provisioning/runs/" + runId).json();
      if (!run.get("state").asString().equals("RUNNING")) {
        break;
      }
      Thread.sleep(1000);
    }
    assertThat(run.get("state").asString()).as(run.toString()).isEqualTo("FAILED");
    assertThat(run.get("message").asString()).as(run.toString()).contains("no SSH key for the VMs")
        .contains("10.255.7.1");
    assertThat(run.get("tasks").valueStream().map(t -> t.get("task").asString()))
        .anyMatch(t -> t.contains("Power on"));
    assertThat(run.toString()).doesNotContain(PASSWORD);
    assertThat(govc("find", "/DC0/vm/granary/" + name, "-type", "m").lines().sorted().toList())
        .containsExactly("/DC0/vm/granary/" + name + "/" + name + "-master-1",
            "/DC0/vm/granary/" + name + "/" + name + "-worker-1", "/DC0/vm/granary/" + name + "/" + name + "-worker-2",
            "/DC0/vm/granary/" + name + "/" + name + "-worker-3");
    assertVmsAsPlanned(name, 16384);
  }

  /** What the simulator holds after vsphere_vms.yml, read with govc, not through the control plane. */
  static void assertVmsAsPlanned(String name, int memoryMb) throws Exception {
    String folder = "/DC0/vm/granary/" + name + "/";
    for (String vm : List.of("master-1", "worker-1", "worker-2", "worker-3")) {
      String path = folder + name + "-" + vm;
      assertThat(govc("object.collect", "-s", path, "config.hardware.numCPU").strip()).isEqualTo("2");
      assertThat(govc("object.collect", "-s", path, "config.hardware.memoryMB").strip())
          .isEqualTo(String.valueOf(memoryMb));
      assertThat(govc("object.collect", "-s", path, "config.latencySensitivity.level").strip()).isEqualTo("high");
      assertThat(govc("object.collect", "-s", path, "config.memoryReservationLockedToMax").strip())
          .isEqualTo("true");
      String devices = govc("device.ls", "-vm", path);
      assertThat(devices).contains("VirtualVmxnet3");
      long disks = devices.lines().filter(l -> l.contains("VirtualDisk")).count();
      assertThat(disks).as(devices).isEqualTo(vm.startsWith("worker") ? 2 : 1);
    }
    assertThat(govc("cluster.rule.ls", "-cluster", "DC0_C0", "-name", name + "-workers", "-l").lines()
        .map(l -> l.split("\\s+")[0]).sorted().toList())
        .containsExactly(name + "-worker-1", name + "-worker-2", name + "-worker-3");
  }

  /**
   * Spec → VMs → install → HEALTHY → put/get → destroy. vcsim's guests never boot, so each VM is
   * mapped to a lab host (the test-only guest map) and the install runs there; the lab is shared
   * with ProvisioningIT through its lock. A benchmark ({@code make bench-vsphere}, its timings in
   * docs/benchmarks/vsphere.md), not part of {@code make test}: there e2e spec 15 runs the same
   * vsphere_install to HEALTHY and destroys it through the console, and the VM checks above run on
   * the VMs of the run that stops before install.yml.
   */
  @Test
  @org.junit.jupiter.api.Tag("bench")
  void aVsphereClusterIsInstalledOnItsMappedLabHostsUsedAndDestroyed() throws Exception {
    Process lock = ProvisioningIT.lockLab();
    try {
      ProvisioningIT.lab(0, "up", "4");
      JsonNode lab = ProvisioningIT.readLabHosts();
      List<String> addresses = new ArrayList<>();
      for (JsonNode h : lab) {
        ProvisioningIT.addHost(admin, h); // the hosts' SSH key: the install reaches them as bare-metal hosts
        addresses.add(h.get("address").asString());
      }
      String name = "vl" + RUN;
      String conn = "lab-" + RUN;
      create(conn, sim(), PASSWORD, false);
      Files.writeString(ItSupport.guestMap(), Api.JSON.writeValueAsString(Map.of(name + "-master-1", addresses.get(0),
          name + "-worker-1", addresses.get(1), name + "-worker-2", addresses.get(2),
          name + "-worker-3", addresses.get(3))));
      String spec = """
          {"name":"%s","infrastructure":"vsphere","profile":"lab","ha":false,"sshUser":"root",
           "erasureCodingPolicies":["XOR-2-1-1024k"],
           "vsphere":{"connection":"%s","datacenter":"DC0","cluster":"DC0_C0","folder":"granary/%s",
             "template":"granary-template","network":"VM Network","datastores":["LocalDS_0"],
             "nodeGroups":[{"name":"master","kind":"master","count":1,"vcpu":2,"memoryGb":4},
                           {"name":"worker","kind":"worker","count":3,"vcpu":2,"memoryGb":4,"dataDiskGb":20}]}}"""
          .formatted(name, conn, name);

      long t0 = System.nanoTime();
      JsonNode run = ProvisioningIT.runToEnd(admin, "{\"playbook\":\"vsphere_install\",\"spec\":" + spec + "}",
          "SUCCEEDED");
      double installSeconds = (System.nanoTime() - t0) / 1e9;
      long clusterId = run.get("clusterId").asLong();
      JsonNode health = ApiIT.await("the vSphere cluster HEALTHY", 300,
          () -> admin.get("/api/v1/clusters/" + clusterId + "/health").json(),
          n -> n.get("status").asString().equals("HEALTHY"));
      assertThat(health.get("status").asString()).isEqualTo("HEALTHY");
      // racks are the ESXi hosts the workers were pinned to
      assertThat(new java.util.TreeSet<>(ProvisioningIT.racks(addresses.get(0)).values()))
          .containsExactly("/DC0_C0_H0", "/DC0_C0_H1", "/DC0_C0_H2");

      assertVmsAsPlanned(name, 4096);
      String folder = "/DC0/vm/granary/" + name + "/";

      // a table through the control plane, rows through the new cluster
      String table = "vs_t_" + RUN;
      ItSupport.createTable(admin, clusterId, "{\"name\":\"" + table + "\",\"families\":[{\"name\":\"f\"}],"
          + "\"split\":{\"strategy\":\"NONE\"}}");
      org.apache.hadoop.conf.Configuration conf = org.apache.hadoop.hbase.HBaseConfiguration.create();
      conf.set("hbase.zookeeper.quorum", addresses.get(0) + ":2181");
      double firstPutSeconds;
      try (var c = org.apache.hadoop.hbase.client.ConnectionFactory.createConnection(conf);
          var t = c.getTable(org.apache.hadoop.hbase.TableName.valueOf(table))) {
        byte[] f = org.apache.hadoop.hbase.util.Bytes.toBytes("f");
        for (int i = 1; i <= 100; i++) {
          t.put(new org.apache.hadoop.hbase.client.Put(org.apache.hadoop.hbase.util.Bytes.toBytes("row-" + i))
              .addColumn(f, f, org.apache.hadoop.hbase.util.Bytes.toBytes("v" + i)));
        }
        firstPutSeconds = (System.nanoTime() - t0) / 1e9;
        assertThat(org.apache.hadoop.hbase.util.Bytes.toString(t.get(new org.apache.hadoop.hbase.client.Get(
            org.apache.hadoop.hbase.util.Bytes.toBytes("row-42"))).getValue(f, f))).isEqualTo("v42");
      }

      // destroy: refused without the cluster's name, then every VM, the folder and the rule are gone
      Api.Response refused = admin.post("/api/v1/clusters/" + clusterId + "/vsphere/destroy", "{\"confirm\":\"nope\"}");
      assertThat(refused.status()).as(refused.body()).isEqualTo(400);
      assertThat(govc("find", folder, "-type", "m").lines().count()).isEqualTo(4);
      Api.Response destroy = admin.post("/api/v1/clusters/" + clusterId + "/vsphere/destroy",
          "{\"confirm\":\"" + name + "\"}");
      assertThat(destroy.status()).as(destroy.body()).isEqualTo(202);
      long destroyRun = destroy.json().get("id").asLong();
      JsonNode destroyed = ApiIT.await("the destroy", 300, () -> admin.get("/api/v1/provisioning/runs/" + destroyRun)
          .json(), n -> !n.get("state").asString().equals("RUNNING"));
      assertThat(destroyed.get("state").asString()).as(destroyed.toString()).isEqualTo("SUCCEEDED");
      assertThat(govc("find", "/DC0/vm", "-name", name + "-*")).isBlank();
      assertThat(govc("find", "/DC0/vm/granary", "-type", "f")).doesNotContain(name);
      assertThat(govc("cluster.rule.ls", "-cluster", "DC0_C0")).doesNotContain(name + "-workers");
      assertThat(admin.get("/api/v1/clusters").body()).doesNotContain("\"name\":\"" + name + "\"");
      Files.createDirectories(Path.of("target"));
      Files.writeString(Path.of("target/vsphere-timings.json"), String.format(java.util.Locale.ROOT,
          "{\"vms\": 4, \"specToInstalledSeconds\": %.1f, \"specToFirstPutSeconds\": %.1f}%n", installSeconds,
          firstPutSeconds));
    } finally {
      try {
        ProvisioningIT.lab(0, "down");
      } finally {
        ProvisioningIT.unlockLab(lock);
      }
    }
  }

  @Test
  void destroyNeedsACreatedCluster() throws IOException {
    Api.Response r = admin.post("/api/v1/clusters/999999/vsphere/destroy", "{\"confirm\":\"x\"}");
    assertThat(r.status()).isEqualTo(404);
    assertThat(Files.exists(GOVC)).isTrue();
  }
}
