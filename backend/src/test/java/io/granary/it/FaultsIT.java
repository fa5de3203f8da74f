package io.granary.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Faults on the shared local cluster, each repaired before the test ends ({@code local up}
 * restarts the killed role): kill -9 of the RegionServer holding hbase:meta while puts are
 * acknowledged, and kill -9 of a DataNode holding RS-3-2 stripes.
 */
class FaultsIT extends SharedContext {
  static final byte[] CF = Bytes.toBytes("d");
  static final int ROWS = 50_000;
  static final int BATCH = 100;
  /** ITs collect every 2 s (ItSupport); the issue allows one cycle + 5 s. */
  static final Duration DETECT = Duration.ofSeconds(2 + 5);

  JsonNode health() {
    return admin.get("/api/v1/clusters/" + cluster + "/health").json();
  }

  @Test
  void killingTheMetaRegionServerDuringPutsLosesNoAcknowledgedRowAndHealthSeesItWithinOneCycle() throws Exception {
    String table = "it_fault_puts_" + TablesIT.RUN;
    TableName name = TableName.valueOf(table);
    ApiIT.await("HEALTHY before the fault", 180, this::health, h -> h.get("status").asString().equals("HEALTHY"));
    Connection hbase = ItSupport.hbase();
    try (Admin a = hbase.getAdmin()) {
      a.createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder.of(CF))
          .build(), new byte[][] {Bytes.toBytes("2"), Bytes.toBytes("4"), Bytes.toBytes("6"), Bytes.toBytes("8")});
      ServerName meta;
      try (RegionLocator l = hbase.getRegionLocator(TableName.META_TABLE_NAME)) {
        meta = l.getRegionLocation(HConstants.EMPTY_START_ROW, true).getServerName();
      }
      long pid = pidOf("regionserver", "hbase.regionserver.port</name><value>" + meta.getPort() + "<");

      BitSet acked = new BitSet(ROWS);
      AtomicInteger sent = new AtomicInteger();
      CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
        try (Table t = hbase.getTable(name)) {
          for (int start = 0; start < ROWS; start += BATCH) {
            List<Put> puts = new ArrayList<>(BATCH);
            for (int i = start; i < start + BATCH; i++) {
              puts.add(new Put(key(i)).addColumn(CF, Bytes.toBytes("q"), Bytes.toBytes(i)));
            }
            t.put(puts); // returns once every put is acknowledged (retries across the reassignment)
            acked.set(start, start + BATCH);
            sent.set(start + BATCH);
          }
        } catch (Exception e) {
          throw new IllegalStateException("puts failed after " + sent.get() + " acknowledged", e);
        }
      });
      ApiIT.await("some puts acknowledged", 60, sent::get, n -> n >= 5_000);

      ProcessHandle rs = ProcessHandle.of(pid).orElseThrow();
      long killedAt = System.nanoTime();
      rs.destroyForcibly();
      rs.onExit().get(30, TimeUnit.SECONDS);
      JsonNode seen = ApiIT.await("health to leave HEALTHY", DETECT.toSeconds() + 5, this::health,
          h -> !h.get("status").asString().equals("HEALTHY"));
      Duration took = Duration.ofNanos(System.nanoTime() - killedAt);
      assertThat(took).as("detected after %s: %s", took, seen).isLessThanOrEqualTo(DETECT);
      System.out.printf("FaultsIT: RegionServer %s killed after %d acknowledged puts; health %s after %d ms%n",
          meta, sent.get(), seen.get("status").asString(), took.toMillis());
      assertThat(seen.get("reasons").valueStream().map(r -> r.get("code").asString()).toList())
          .containsAnyOf("REGIONSERVER_UNREACHABLE", "REGIONSERVER_DEAD", "NO_LIVE_REGIONSERVERS");

      localUp();
      writer.get(300, TimeUnit.SECONDS);
      assertThat(acked.cardinality()).isEqualTo(ROWS);

      BitSet found = new BitSet(ROWS);
      try (Table t = hbase.getTable(name); ResultScanner s = t.getScanner(new Scan().setCaching(1000))) {
        for (Result r : s) {
          int i = Bytes.toInt(r.getValue(CF, Bytes.toBytes("q")));
          assertThat(r.getRow()).isEqualTo(key(i));
          found.set(i);
        }
      }
      BitSet lost = (BitSet) acked.clone();
      lost.andNot(found);
      assertThat(lost.cardinality()).as("acknowledged rows lost").isZero();
      long back = System.nanoTime();
      ApiIT.await("HEALTHY again", 240, this::health, h -> h.get("status").asString().equals("HEALTHY"));
      System.out.printf("FaultsIT: %d of %d acknowledged rows read back; HEALTHY again %d ms after the writer"
          + " finished%n", found.cardinality(), ROWS, Duration.ofNanos(System.nanoTime() - back).toMillis());
    } finally {
      localUp();
      CompactionFixture.drop(hbase, table);
      hbase.close();
    }
  }

  @Test
  void killingADataNodeThatHoldsRs32StripesLeavesEveryFileReadableBitExact() throws Exception {
    assertThat(admin.post("/api/v1/clusters/" + cluster + "/erasure-coding/policies/" + ErasureCodingIT.RS32
        + "/enable", null).status()).isEqualTo(200);
    String dir = "/it-fault-ec-" + TablesIT.RUN;
    long[] sizes = {700 * 1024, 3L << 20, (5L << 20) + 12345, 13L << 20};
    List<byte[]> data = new ArrayList<>();
    try (DistributedFileSystem fs = ItSupport.hdfs()) {
      org.apache.hadoop.fs.Path d = new org.apache.hadoop.fs.Path(dir);
      fs.mkdirs(d);
      fs.setErasureCodingPolicy(d, ErasureCodingIT.RS32);
      for (int f = 0; f < sizes.length; f++) {
        byte[] b = new byte[(int) sizes[f]];
        new Random(f).nextBytes(b);
        data.add(b);
        try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path(d, "f" + f))) {
          out.write(b);
        }
      }
      FileStatus big = fs.getFileStatus(new org.apache.hadoop.fs.Path(d, "f3"));
      assertThat(big.isErasureCoded()).isTrue();
      // a DataNode holding one of the first block group's data blocks
      BlockLocation first = fs.getFileBlockLocations(big, 0, 1)[0];
      String victim = first.getNames()[0];
      int port = Integer.parseInt(victim.substring(victim.lastIndexOf(':') + 1));
      long pid = pidOf("datanode", "dfs.datanode.address</name><value>127.0.0.1:" + port + "<");
      ProcessHandle dn = ProcessHandle.of(pid).orElseThrow();
      dn.destroyForcibly();
      dn.onExit().get(30, TimeUnit.SECONDS);
      try (DistributedFileSystem reader = ItSupport.hdfs()) {
        for (int f = 0; f < sizes.length; f++) {
          byte[] back = new byte[(int) sizes[f]];
          try (InputStream in = reader.open(new org.apache.hadoop.fs.Path(d, "f" + f))) {
            int off = 0;
            for (int n; off < back.length && (n = in.read(back, off, back.length - off)) > 0; ) {
              off += n;
            }
            assertThat(off).isEqualTo(back.length);
            assertThat(in.read()).isEqualTo(-1);
          }
          assertThat(Arrays.equals(back, data.get(f))).as("f%d read back bit-exact with DataNode %s killed", f,
              victim).isTrue();
        }
      }
    } finally {
      localUp();
      try (DistributedFileSystem fs = ItSupport.hdfs()) {
        fs.delete(new org.apache.hadoop.fs.Path(dir), true);
      }
    }
  }

  static byte[] key(int i) {
    // spread over the five regions: the first digit
    return Bytes.toBytes((i % 10) + String.format("-%07d", i));
  }

  /** The PID of the local cluster's role instance whose configuration names the given port. */
  static long pidOf(String role, String confNeedle) throws Exception {
    Path root = Path.of(ItSupport.clusterDir());
    try (var dirs = Files.list(root.resolve("conf"))) {
      for (Path conf : dirs.filter(p -> p.getFileName().toString().startsWith(role)).toList()) {
        String site = Files.readString(conf.resolve(role.equals("datanode") ? "hdfs-site.xml" : "hbase-site.xml"));
        Matcher m = Pattern.compile(Pattern.quote(confNeedle)).matcher(site);
        if (m.find()) {
          return Long.parseLong(Files.readString(root.resolve("run/" + conf.getFileName() + ".pid")).trim());
        }
      }
    }
    throw new IllegalStateException("no " + role + " configured with " + confNeedle);
  }

  static void localUp(String... options) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(System.getProperty("granary.node"), "local", "up"));
    cmd.addAll(List.of(options));
    cmd.addAll(List.of("--dir", ItSupport.clusterDir()));
    Process up = new ProcessBuilder(cmd)
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    assertThat(up.waitFor(240, TimeUnit.SECONDS)).isTrue();
    assertThat(up.exitValue()).isZero();
  }
}
