package io.granary.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.PrivilegedExceptionAction;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A Kerberized 3-host install through the control plane on the lab (docs/adr/0018-security.md): a
 * wrong keytab stops the first run with a finding and no engine JVM started; with it gone the install
 * succeeds and the console shows the cluster HEALTHY through its own principal and the engine's HTTPS;
 * clients without a ticket are refused by HDFS and HBase; a user granted only READ from the console
 * gets but cannot put, and the grants and the revoke are audited. Runs in a JVM of its own (the
 * {@code kerberos} failsafe execution): Hadoop's login state is JVM-wide. Writes
 * target/kerberos-timings.json, with the secured install's time over ProvisioningIT's plain one.
 */
class KerberosIT extends SharedContext {
  static final String CLUSTER = "kerb-" + TablesIT.RUN;
  static final String REALM = "GRANARY.TEST";
  static final byte[] F = Bytes.toBytes("f");
  static Process labLock;

  @BeforeAll
  static void takeLab() throws Exception {
    labLock = ProvisioningIT.lockLab();
  }

  @AfterAll
  static void labDown() throws Exception {
    try {
      ProvisioningIT.lab(0, "down");
    } finally {
      ProvisioningIT.unlockLab(labLock);
    }
  }

  /** Runs {@code command} as root on a lab host; its stdout (the command must succeed). */
  static String on(String address, String command) throws Exception {
    Path root = ProvisioningIT.ROOT;
    Process p = new ProcessBuilder("ssh", "-i", root.resolve("var/lab/id_ed25519").toString(), "-o",
        "UserKnownHostsFile=" + root.resolve("var/lab/known_hosts"), "-o", "StrictHostKeyChecking=yes", "-o",
        "BatchMode=yes", "root@" + address, command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as("%s on %s: %s", command, address, out).isZero();
    return out;
  }

  static String spec(List<String> addresses, String kerberos) {
    StringBuilder hosts = new StringBuilder();
    for (String a : addresses) {
      hosts.append(hosts.isEmpty() ? "" : ",").append("{\"address\":\"").append(a).append("\"}");
    }
    return "{\"name\":\"" + CLUSTER + "\",\"profile\":\"lab\",\"ha\":false,\"hosts\":[" + hosts
        + "],\"security\":{\"kerberos\":" + kerberos + "}}";
  }

  /** A client configuration for the Kerberized cluster, as its own hbase-site and core-site name it. */
  static Configuration kerberized(String master) {
    Configuration conf = HBaseConfiguration.create();
    conf.set("fs.defaultFS", "hdfs://" + master + ":8020");
    conf.set("hbase.zookeeper.quorum", master + ":2181");
    conf.set("hadoop.security.authentication", "kerberos");
    conf.set("hbase.security.authentication", "kerberos");
    conf.set("dfs.namenode.kerberos.principal", "nn/_HOST@" + REALM);
    conf.set("dfs.data.transfer.protection", "authentication");
    conf.set("hbase.master.kerberos.principal", "hbase/_HOST@" + REALM);
    conf.set("hbase.regionserver.kerberos.principal", "hbase/_HOST@" + REALM);
    // a refusal must come back as one, not after the client's retries
    conf.setInt("hbase.client.retries.number", 2);
    conf.setInt("hbase.client.operation.timeout", 30_000);
    return conf;
  }

  @Test
  void aKerberizedLabIsInstalledRefusesClientsWithoutATicketAndHonoursConsoleGrants() throws Exception {
    ProvisioningIT.lab(0, "up", "3");
    // principals carry host names: this machine resolves the lab's, both ways, as DNS would
    ProvisioningIT.lab(0, "names");
    List<String> three = new ArrayList<>();
    for (JsonNode h : ProvisioningIT.readLabHosts()) {
      ProvisioningIT.addHost(admin, h);
      three.add(h.get("address").asString());
    }
    String master = three.get(0);
    String kerberos = "{\"realm\":\"" + REALM + "\",\"kdc\":{\"managed\":{\"host\":\"" + master + "\"}}}";

    // bad Kerberos specs name the field
    Api.Response lower = admin.post("/api/v1/provisioning/plan", spec(three, kerberos.replace(REALM, "granary.test")));
    assertThat(lower.status()).as(lower.body()).isEqualTo(400);
    assertThat(lower.body()).contains("realm");
    Api.Response ghostKdc = admin.post("/api/v1/provisioning/plan", spec(three, kerberos.replace(master, "10.77.0.99")));
    assertThat(ProvisioningIT.fields(ghostKdc)).anyMatch(f -> f.startsWith("security.kerberos.kdc")
        && f.contains("kerberos-kdc-host-unknown"));
    Api.Response plan = admin.post("/api/v1/provisioning/plan", spec(three, kerberos));
    assertThat(plan.status()).as(plan.body()).isEqualTo(200);

    // lab3's clock 400 s ahead for everything run over SSH there (libfaketime in sshd's session
    // environment; sshd itself stays real): the preflight stops the run before anything is installed,
    // naming the skew and the fix
    String third = three.get(2);
    on(third, "printf 'SetEnv LD_PRELOAD=/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1 FAKETIME=+400s\\n'"
        + " > /etc/ssh/sshd_config.d/skew.conf && kill -HUP $(cat /run/sshd.pid) && sleep 1");
    JsonNode skewed = ProvisioningIT.runToEnd(admin, "{\"spec\":" + spec(three, kerberos) + "}", "FAILED");
    // the session environment lives on in the SSH connections Ansible keeps open (ControlPersist): end them
    on(third, "rm -f /etc/ssh/sshd_config.d/skew.conf && kill -HUP $(cat /run/sshd.pid) && (setsid sh -c"
        + " 'sleep 1; pkill -f \"^sshd: root\"' >/dev/null 2>&1 < /dev/null &)");
    Thread.sleep(3000);
    String skewDetail = admin.get("/api/v1/provisioning/runs/" + skewed.get("id").asLong()).json().toString();
    assertThat(skewDetail).contains("off the controller's").contains("sync it (NTP)");
    for (String h : three) {
      assertThat(on(h, "pgrep -u granary java || true").trim()).as("engine JVMs on " + h + " after the skew").isEmpty();
    }

    // a keytab of the wrong principal where lab2's DataNode keytab goes: a finding, nothing started
    String second = three.get(1);
    on(second, "mkdir -p /etc/granary/keytabs && rm -f /etc/granary/keytabs/dn.keytab && printf 'addent -password -p dn/elsewhere@OTHER.REALM -k 1 -e"
        + " aes256-cts-hmac-sha1-96\\nsecret\\nwkt /etc/granary/keytabs/dn.keytab\\nquit\\n' | ktutil >/dev/null");
    JsonNode refused = ProvisioningIT.runToEnd(admin, "{\"spec\":" + spec(three, kerberos) + "}", "FAILED");
    JsonNode refusedDetail = admin.get("/api/v1/provisioning/runs/" + refused.get("id").asLong()).json();
    assertThat(refusedDetail.toString()).contains("[finding:keytab-wrong-principal]").contains("— fix:");
    for (String h : three) {
      assertThat(on(h, "pgrep -u granary java || true").trim()).as("engine JVMs on " + h).isEmpty();
    }
    on(second, "rm /etc/granary/keytabs/dn.keytab");

    long installStart = System.nanoTime();
    JsonNode installed = ProvisioningIT.runToEnd(admin, "{\"spec\":" + spec(three, kerberos) + "}", "SUCCEEDED");
    double installSeconds = (System.nanoTime() - installStart) / 1e9;
    long clusterId = installed.get("clusterId").asLong();
    // the control plane reaches it as granary-cp/<cluster> from its sealed keytab, and reads the
    // daemons' HTTPS trusting the cluster's CA: HEALTHY needs both
    JsonNode health = ApiIT.await("the Kerberized cluster HEALTHY", 300,
        () -> admin.get("/api/v1/clusters/" + clusterId + "/health").json(),
        n -> n.get("status").asString().equals("HEALTHY"));
    assertThat(health.get("status").asString()).as(health.toString()).isEqualTo("HEALTHY");
    // the bench agent logs in as the control plane does
    double ycsbA = LabYcsb.workloadA(admin, clusterId, "kerb_ycsb_" + TablesIT.RUN);
    JsonNode registered = admin.get("/api/v1/clusters/" + clusterId).json();
    assertThat(registered.toString()).contains("https://" + master + ":9871").contains("https://" + master + ":16010");

    // no ticket: a client that only says who it is (the superuser's name, even) is refused by both
    Configuration simple = kerberized(master);
    simple.set("hbase.security.authentication", "simple");
    UserGroupInformation claimer = UserGroupInformation.createRemoteUser("granary-cp");
    assertThatThrownBy(() -> claimer.doAs((PrivilegedExceptionAction<Object>) () -> {
      try (FileSystem fs = FileSystem.newInstance(URI.create("hdfs://" + master + ":8020"), kerberized(master))) {
        return fs.listStatus(new org.apache.hadoop.fs.Path("/"));
      }
    })).as("HDFS without a ticket").hasStackTraceContaining("authenticate via");
    String table = "kerb_t_" + TablesIT.RUN;
    ItSupport.createTable(admin, clusterId, "{\"name\":\"" + table + "\",\"families\":[{\"name\":\"f\"}],"
        + "\"split\":{\"strategy\":\"NONE\"}}");
    try (Connection c = ConnectionFactory.createConnection(simple, User.create(claimer));
        Table t = c.getTable(TableName.valueOf(table))) {
      // the server closes a connection that does not authenticate (its fallback to simple is off; its log
      // says "Authentication is required"); with a ticket the same table answers, below
      assertThatThrownBy(() -> t.get(new Get(Bytes.toBytes("r1")))).as("HBase without a ticket")
          .isInstanceOf(org.apache.hadoop.hbase.client.RetriesExhaustedException.class)
          .hasStackTraceContaining("ConnectionClosedException");
    }

    // alice, a principal of the realm, granted from the console
    Path keytab = Files.createTempFile("alice", ".keytab",
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    String kadmin = "KRB5_CONFIG=/etc/granary/krb5.conf KRB5_KDC_PROFILE=/etc/granary/kdc/kdc.conf kadmin.local -q ";
    on(master, kadmin + "'addprinc -randkey alice@" + REALM + "' >/dev/null && " + kadmin + "'ktadd -k /root/alice.keytab"
        + " alice@" + REALM + "' >/dev/null");
    Files.write(keytab, Base64.getDecoder().decode(on(master, "base64 -w0 /root/alice.keytab && rm /root/alice.keytab")
        .trim()));
    assertThat(UserGroupInformation.isSecurityEnabled()).as("the control plane's login switched Hadoop to Kerberos")
        .isTrue();
    UserGroupInformation alice = UserGroupInformation.loginUserFromKeytabAndReturnUGI("alice@" + REALM,
        keytab.toString());
    Files.delete(keytab);
    String base = "/api/v1/clusters/" + clusterId + "/permissions";
    assertThat(admin.get(base).json().get("authentication").asString()).isEqualTo("kerberos");
    try (Connection asAlice = ConnectionFactory.createConnection(kerberized(master), User.create(alice));
        Table t = asAlice.getTable(TableName.valueOf(table))) {
      assertThat(PermissionsIT.denied(() -> t.get(new Get(Bytes.toBytes("r1"))))).as("a get before any grant").isTrue();
      Api.Response rw = admin.post(base, "{\"principal\":\"alice\",\"table\":\"" + table + "\",\"actions\":\"RW\"}");
      assertThat(rw.status()).as(rw.body()).isEqualTo(201);
      ApiIT.await("alice's RW on the RegionServer", 60, () -> !PermissionsIT.denied(
          () -> t.put(new Put(Bytes.toBytes("r1")).addColumn(F, F, Bytes.toBytes("v1")))), ok -> ok);
      Api.Response r = admin.post(base, "{\"principal\":\"alice\",\"table\":\"" + table + "\",\"actions\":\"R\"}");
      assertThat(r.status()).as(r.body()).isEqualTo(201);
      assertThat(r.json().get("shellCommand").asString()).isEqualTo("grant 'alice', 'R', '" + table + "'");
      assertThat(ApiIT.await("alice's R only", 60, () -> PermissionsIT.denied(
          () -> t.put(new Put(Bytes.toBytes("r2")).addColumn(F, F, Bytes.toBytes("v2")))), denied -> denied))
          .as("a put with READ only").isTrue();
      assertThat(PermissionsIT.readable(t)).as("a get with READ").isTrue();
      String revoke = base + "?principal=alice&table=" + URLEncoder.encode(table, StandardCharsets.UTF_8);
      assertThat(admin.send("DELETE", revoke, null).status()).isEqualTo(204);
      assertThat(ApiIT.await("the revoke on the RegionServer", 60, () -> PermissionsIT.readable(t), ok -> !ok))
          .isFalse();
    }
    JsonNode audit = admin.get("/api/v1/audit?username=admin&action=permissions").json();
    assertThat(audit.get("items").toString()).contains("grant 'alice', 'R', '" + table + "'")
        .contains("grant 'alice', 'RW', '" + table + "'").contains("revoke 'alice', '" + table + "'");

    // ProvisioningIT's plain lab of the same run, when it ran before (it does in make test)
    Path plainFile = Path.of("target/provisioning-timings.json");
    JsonNode plain = Files.exists(plainFile) ? Api.JSON.readTree(Files.readString(plainFile)) : null;
    String timings = String.format(Locale.ROOT, "{\"kerberizedInstallSeconds\": %.1f, \"plainInstallSeconds\": %s,"
            + " \"installSecuredOverPlain\": %s, \"kerberizedYcsbAOpsPerSec\": %.1f, \"plainYcsbAOpsPerSec\": %s,"
            + " \"ycsbASecuredOverPlain\": %s}%n", installSeconds, number(plain, "installSeconds", 1),
        ratio(installSeconds, plain, "installSeconds"), ycsbA, number(plain, "ycsbAOpsPerSec", 1),
        ratio(ycsbA, plain, "ycsbAOpsPerSec"));
    Files.writeString(Path.of("target/kerberos-timings.json"), timings);
    System.out.println("kerberos on the lab: " + timings.trim());
  }

  static String number(JsonNode plain, String key, int decimals) {
    return plain == null || !plain.has(key) ? "null"
        : String.format(Locale.ROOT, "%." + decimals + "f", plain.get(key).asDouble());
  }

  static String ratio(double secured, JsonNode plain, String key) {
    return plain == null || !plain.has(key) || plain.get(key).asDouble() <= 0 ? "null"
        : String.format(Locale.ROOT, "%.2f", secured / plain.get(key).asDouble());
  }
}
