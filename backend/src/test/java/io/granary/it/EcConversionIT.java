package io.granary.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.ErasureCodingPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The conversion proof: 200 replicated files of 1 KB – 20 MB converted to RS-3-2, four at a time with
 * the native ISA-L coder, by a control plane that is killed (SIGKILL) part-way and started again; afterwards every file is bit-exact,
 * under the policy, none lost or doubled, the raw bytes match the report's prediction, and every
 * file still reads back bit-exact with a DataNode stopped.
 */
class EcConversionIT {
  static final Map<String, String> ENV = Map.of("GRANARY_EC_TICK", "2s");
  static final String RS32 = "RS-3-2-1024k";
  static final int FILES = 200;
  final String dir = "/it-ec-convert-" + TablesIT.RUN;
  Path data;
  Process backend;

  @Test
  void aKilledConversionResumesAndEveryFileIsBitExactUnderThePolicy() throws Exception {
    Map<String, String> hashes = new TreeMap<>();
    try (DistributedFileSystem fs = ItSupport.hdfs()) {
      Random rnd = new Random(42);
      for (int i = 0; i < FILES; i++) {
        // log-uniform sizes from 1 KB to 20 MB
        long size = Math.round(Math.exp(Math.log(1024) + rnd.nextDouble() * (Math.log(20 << 20) - Math.log(1024))));
        String name = String.format("f%03d", i);
        hashes.put(name, write(fs, dir + "/" + name, size, rnd.nextLong()));
      }
    }

    data = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "it-ec-conversion-");
    int port = ControlPlaneRestartIT.freePort();
    backend = ControlPlaneRestartIT.start(data, port, ENV);
    Api api = ControlPlaneRestartIT.awaitUp(port, backend);
    assertThat(api.login("admin", ItSupport.ADMIN_PASSWORD).status()).isEqualTo(200);
    long cluster = api.get("/api/v1/clusters").json().get(0).get("id").asLong();
    String base = "/api/v1/clusters/" + cluster + "/erasure-coding";
    assertThat(api.post(base + "/policies/" + RS32 + "/enable", null).status()).isEqualTo(200);

    JsonNode report = api.get(base + "/report?path=" + dir).json();
    assertThat(report.get("files").asLong()).isEqualTo(FILES);
    long predicted = report.get("layouts").valueStream().filter(l -> l.get("layout").asString().equals(RS32))
        .findFirst().orElseThrow().get("rawBytes").asLong();

    Api.Response refused = api.post(base + "/conversions",
        "{\"path\":\"" + dir + "\",\"policy\":\"" + RS32 + "\",\"confirm\":\"" + dir + "x\"}");
    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.json().get("errors").get(0).get("field").asString()).isEqualTo("confirm");
    Api.Response started = api.post(base + "/conversions",
        "{\"path\":\"" + dir + "\",\"policy\":\"" + RS32 + "\",\"confirm\":\"" + dir + "\"}");
    assertThat(started.status()).as(started.body()).isEqualTo(202);
    long id = started.json().get("conversion").get("id").asLong();
    assertThat(started.json().get("conversion").get("predictedRawBytesAfter").asLong()).isEqualTo(predicted);
    String conversion = base + "/conversions/" + id;

    // parallel copies show in the conversion while it runs
    int[] mostCopying = {0};
    JsonNode partway = ApiIT.await("20 files converted", 300, () -> api.get(conversion).json(), n -> {
      mostCopying[0] = Math.max(mostCopying[0], n.get("filesCopying").asInt());
      return n.get("filesDone").asInt() >= 20;
    });
    assertThat(partway.get("parallelFiles").asInt()).isEqualTo(4);
    assertThat(mostCopying[0]).as("files copying at once, seen while polling").isGreaterThan(1);
    // the control plane's HDFS client encodes with the engine's ISA-L coder (libhadoop loaded as the engine does)
    assertThat(partway.get("coder").asString()).startsWith("NativeRSRawEncoder");
    assertThat(partway.get("filesDone").asInt()).as("killed before the end").isLessThan(FILES);
    backend.destroyForcibly().waitFor();

    backend = ControlPlaneRestartIT.start(data, port, ENV);
    Api again = ControlPlaneRestartIT.awaitUp(port, backend);
    assertThat(again.login("admin", ItSupport.ADMIN_PASSWORD).status()).isEqualTo(200);
    JsonNode done = ApiIT.await("the resumed conversion", 600, () -> again.get(conversion).json(),
        n -> !n.get("state").asString().equals("RUNNING"));
    assertThat(done.get("state").asString()).as(done.toString()).isEqualTo("SUCCEEDED");
    assertThat(done.get("filesDone").asInt()).isEqualTo(FILES);
    assertThat(done.get("reclaimedBytes").asLong()).isPositive();
    assertThat(done.get("coder").asString()).startsWith("NativeRSRawEncoder");
    assertThat(done.get("mibPerSecond").asDouble()).isPositive();
    assertThat(done.get("message").asString()).contains("MiB/s");

    try (DistributedFileSystem fs = ItSupport.hdfs()) {
      assertThat(fs.getErasureCodingPolicy(new org.apache.hadoop.fs.Path(dir)).getName()).isEqualTo(RS32);
      FileStatus[] listed = fs.listStatus(new org.apache.hadoop.fs.Path(dir));
      assertThat(listed).as("no file lost or doubled").hasSize(FILES);
      for (FileStatus s : listed) {
        String name = s.getPath().getName();
        assertThat(hashes).containsKey(name);
        ErasureCodingPolicy p = fs.getErasureCodingPolicy(s.getPath());
        assertThat(p == null ? null : p.getName()).as(name).isEqualTo(RS32);
        assertThat(sha256(fs, dir + "/" + name)).as(name).isEqualTo(hashes.get(name));
      }
      long raw = fs.getContentSummary(new org.apache.hadoop.fs.Path(dir)).getSpaceConsumed();
      assertThat(Math.abs(raw - predicted) / (double) predicted).as("raw %d vs predicted %d", raw, predicted)
          .isLessThanOrEqualTo(0.02);
      assertThat(done.get("rawBytesNow").asLong()).isEqualTo(raw);
      assertThat(fs.exists(new org.apache.hadoop.fs.Path("/.granary/ec-conversions/" + id))).isFalse();
    }

    // one DataNode down: every file still reads back bit-exact (decoded from parity where needed)
    Path pidFile = Path.of(ItSupport.clusterDir(), "run", "datanode5.pid");
    long pid = Long.parseLong(Files.readString(pidFile).trim());
    ProcessHandle dn = ProcessHandle.of(pid).orElseThrow();
    dn.destroy();
    dn.onExit().get(60, TimeUnit.SECONDS);
    try (DistributedFileSystem fs = ItSupport.hdfs()) {
      for (Map.Entry<String, String> e : hashes.entrySet()) {
        assertThat(sha256(fs, dir + "/" + e.getKey())).as(e.getKey() + " with a DataNode down").isEqualTo(e.getValue());
      }
    } finally {
      Process up = new ProcessBuilder(System.getProperty("granary.node"), "local", "up", "--dir", ItSupport.clusterDir())
          .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      assertThat(up.waitFor(240, TimeUnit.SECONDS)).isTrue();
      assertThat(up.exitValue()).isZero();
    }
  }

  static String write(DistributedFileSystem fs, String path, long size, long seed) throws Exception {
    MessageDigest md = MessageDigest.getInstance("SHA-256");
    Random r = new Random(seed);
    byte[] buf = new byte[64 * 1024];
    try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path(path), (short) 3)) {
      for (long left = size; left > 0; ) {
        r.nextBytes(buf);
        int n = (int) Math.min(buf.length, left);
        out.write(buf, 0, n);
        md.update(buf, 0, n);
        left -= n;
      }
    }
    return HexFormat.of().formatHex(md.digest());
  }

  static String sha256(DistributedFileSystem fs, String path) throws Exception {
    MessageDigest md = MessageDigest.getInstance("SHA-256");
    byte[] buf = new byte[1 << 20];
    try (InputStream in = fs.open(new org.apache.hadoop.fs.Path(path))) {
      for (int n; (n = in.read(buf)) > 0; ) {
        md.update(buf, 0, n);
      }
    }
    return HexFormat.of().formatHex(md.digest());
  }

  @AfterEach
  void stop() throws Exception {
    ControlPlaneRestartIT.stop(backend, data);
    try (DistributedFileSystem fs = ItSupport.hdfs()) {
      fs.delete(new org.apache.hadoop.fs.Path(dir), true);
    }
  }
}
