package io.granary.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.ErasureCodingPolicy;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Policies, topology check, directory and table policies and guards on the real 5-DataNode cluster. */
class ErasureCodingIT extends SharedContext {
  static final String RUN = TablesIT.RUN;
  static final String RS32 = "RS-3-2-1024k";

  String base() {
    return "/api/v1/clusters/" + cluster + "/erasure-coding";
  }

  JsonNode enable(String policy) {
    Api.Response r = admin.post(base() + "/policies/" + policy + "/enable", null);
    assertThat(r.status()).as(r.body()).isEqualTo(200);
    return r.json();
  }

  @Test
  void rs32AndXor21EnableAndRs63IsRefusedByTheTopologyCheck() {
    JsonNode all = admin.get(base() + "/policies").json();
    List<String> names = new ArrayList<>();
    all.get("policies").forEach(p -> names.add(p.get("name").asString()));
    assertThat(names).contains("RS-6-3-1024k", RS32, "RS-10-4-1024k", "RS-LEGACY-6-3-1024k", "XOR-2-1-1024k");
    assertThat(all.get("topology").get("liveDataNodes").asInt()).isEqualTo(5);
    assertThat(all.get("coder").get("description").asString()).isNotBlank();

    assertThat(enable(RS32).get("state").asString()).isEqualTo("ENABLED");
    JsonNode xor = enable("XOR-2-1-1024k");
    assertThat(xor.get("state").asString()).isEqualTo("ENABLED");
    assertThat(xor.get("storageOverhead").asDouble()).isEqualTo(1.5);

    Api.Response refused = admin.post(base() + "/policies/RS-6-3-1024k/enable", null);
    assertThat(refused.status()).isEqualTo(409);
    assertThat(refused.contentType()).startsWith("application/problem+json");
    assertThat(refused.json().get("code").asString()).isEqualTo("ec-topology-insufficient");
    assertThat(refused.json().get("detail").asString()).contains("9 internal blocks", "5 are live");
    assertThat(admin.post(base() + "/policies/NO-SUCH-1k/enable", null).json().get("code").asString())
        .isEqualTo("ec-policy-not-found");
  }

  @Test
  void aDirectoryPolicyIsWhatTheHdfsClientReadsBack() throws Exception {
    enable(RS32);
    String dir = "/it-ec-dir-" + RUN;
    try (DistributedFileSystem fs = ItSupport.hdfs()) {
      fs.mkdirs(new Path(dir + "/child"));
      Api.Response set = admin.send("PUT", base() + "/directories?path=" + dir, "{\"policy\":\"" + RS32 + "\"}");
      assertThat(set.status()).as(set.body()).isEqualTo(200);
      assertThat(set.json().get("shellCommands").get(0).asString())
          .isEqualTo("hdfs ec -setPolicy -path " + dir + " -policy " + RS32);
      assertThat(fs.getErasureCodingPolicy(new Path(dir)).getName()).isEqualTo(RS32);
      assertThat(fs.getErasureCodingPolicy(new Path(dir + "/child")).getName()).isEqualTo(RS32);
      JsonNode browsed = admin.get(base() + "/directories?path=" + dir).json();
      assertThat(browsed.get("policy").asString()).isEqualTo(RS32);
      assertThat(browsed.get("inherited").asBoolean()).isFalse();
      assertThat(browsed.get("children").get(0).get("inherited").asBoolean()).isTrue();

      Api.Response replicate = admin.send("PUT", base() + "/directories?path=" + dir + "/child",
          "{\"policy\":\"replication\"}");
      assertThat(replicate.status()).as(replicate.body()).isEqualTo(200);
      ErasureCodingPolicy child = fs.getErasureCodingPolicy(new Path(dir + "/child"));
      assertThat(child == null || child.isReplicationPolicy()).isTrue();

      assertThat(admin.send("PUT", base() + "/directories?path=" + dir, "{}").status()).isEqualTo(200);
      assertThat(fs.getErasureCodingPolicy(new Path(dir))).isNull();

      Api.Response disabled = admin.send("PUT", base() + "/directories?path=" + dir,
          "{\"policy\":\"RS-10-4-1024k\"}");
      assertThat(disabled.status()).isEqualTo(400);
      assertThat(disabled.json().get("errors").get(0).get("field").asString()).isEqualTo("policy");
      assertThat(admin.get(base() + "/directories?path=/no-such-" + RUN).json().get("code").asString())
          .isEqualTo("path-not-found");
    } finally {
      try (DistributedFileSystem fs = ItSupport.hdfs()) {
        fs.delete(new Path(dir), true);
      }
    }
  }

  @Test
  void hbaseWalsAndTheirParentsAreRefused() {
    for (String p : List.of("/hbase/WALs", "/hbase", "/hbase/oldWALs", "/")) {
      Api.Response r = admin.send("PUT", base() + "/directories?path=" + p, "{\"policy\":\"" + RS32 + "\"}");
      assertThat(r.status()).as(p).isEqualTo(400);
      assertThat(r.contentType()).startsWith("application/problem+json");
      assertThat(r.json().get("code").asString()).as(p).isEqualTo("ec-protected-path");
    }
    Api.Response conv = admin.post(base() + "/conversions",
        "{\"path\":\"/hbase\",\"policy\":\"" + RS32 + "\",\"confirm\":\"/hbase\"}");
    assertThat(conv.json().get("code").asString()).isEqualTo("ec-protected-path");
    JsonNode hbase = admin.get(base() + "/directories?path=/hbase").json();
    assertThat(hbase.get("protected").asBoolean()).isTrue();
  }

  @Test
  void aTablesPolicyRoundTripsAndItsHfilesFollowAfterAMajorCompaction() throws Exception {
    enable(RS32);
    String table = "it_ec_table_" + RUN;
    Connection hbase = ItSupport.sharedHbase();
    try {
      CompactionFixture.create(hbase, table, new int[] {3, 3});
      String t = "/api/v1/clusters/" + cluster + "/tables/" + table + "/erasure-coding";
      JsonNode before = admin.get(t).json();
      assertThat(before.hasNonNull("policy")).isFalse();
      assertThat(before.get("hfiles").asInt()).isEqualTo(6);

      // "replication" is a directory layout; HBase's table attribute names an EC policy
      Api.Response replication = admin.send("PUT", t, "{\"policy\":\"replication\"}");
      assertThat(replication.status()).as(replication.body()).isEqualTo(400);
      assertThat(replication.json().get("errors").get(0).get("message").asString()).contains("directory");
      Api.Response set = admin.send("PUT", t, "{\"policy\":\"" + RS32 + "\"}");
      assertThat(set.status()).as(set.body()).isEqualTo(202);
      assertThat(set.json().get("shellCommand").asString())
          .isEqualTo("alter '" + table + "', ERASURE_CODING_POLICY => '" + RS32 + "'");
      assertThat(set.json().get("compactionHint").asString()).contains("major compaction");
      ItSupport.awaitSuccess(admin, set.location());
      JsonNode after = admin.get(t).json();
      assertThat(after.get("policy").asString()).isEqualTo(RS32);
      assertThat(after.get("directoryPolicy").asString()).isEqualTo(RS32);
      assertThat(after.get("hfilesUnderPolicy").asInt()).isZero();

      // the offered major compaction rewrites the HFiles under the policy
      Api.Response compact = admin.post("/api/v1/clusters/" + cluster + "/compactions",
          "{\"kind\":\"MAJOR\",\"table\":\"" + table + "\"}");
      assertThat(compact.status()).as(compact.body()).isEqualTo(202);
      ItSupport.awaitSuccess(admin, compact.location());
      JsonNode compacted = ApiIT.await("the compacted-away HFiles to leave", 90, () -> admin.get(t).json(),
          n -> n.get("hfiles").asInt() == 2);
      assertThat(compacted.get("hfilesUnderPolicy").asInt()).isEqualTo(2);
      try (DistributedFileSystem fs = ItSupport.hdfs()) {
        RemoteIterator<LocatedFileStatus> it = fs.listFiles(new Path("/hbase/data/default/" + table), true);
        int hfiles = 0;
        while (it.hasNext()) {
          LocatedFileStatus s = it.next();
          String family = s.getPath().getParent().getName();
          if (family.equals("d") && !s.getPath().getName().startsWith(".")) {
            hfiles++;
            assertThat(fs.getErasureCodingPolicy(s.getPath()).getName()).as(s.getPath().toString()).isEqualTo(RS32);
          }
        }
        assertThat(hfiles).isEqualTo(2);
      }
      Api.Response cleared = admin.send("PUT", t, "{}");
      ItSupport.awaitSuccess(admin, cleared.location());
      assertThat(admin.get(t).json().hasNonNull("policy")).isFalse();
    } finally {
      CompactionFixture.drop(hbase, table);
    }
  }
}
