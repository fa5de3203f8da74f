package io.granary.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class EngineConnectionsTest {
  // nothing listens here: a page's call would wait out the client's retries without the fail-fast
  final ClusterEndpoints down = new ClusterEndpoints(7, "127.0.0.1:1", "hdfs://127.0.0.1:1");

  @Test
  void whileHealthCannotReachAClusterItsPagesFailAtOnceWithTheReason() throws Exception {
    EngineConnections c = new EngineConnections(null);
    try {
      c.reachability(7, "connection refused", "HMaster not running");
      assertThatThrownBy(() -> c.hbase(down)).isInstanceOf(EngineConnections.ClusterDownException.class)
          .hasMessageStartingWith("HBase has not answered the health checks for ")
          .hasMessageContaining("HMaster not running");
      assertThatThrownBy(() -> c.hdfs(down)).isInstanceOf(EngineConnections.ClusterDownException.class)
          .hasMessageContaining("connection refused");
      assertThat(EngineErrors.describe(new EngineConnections.ClusterDownException("HBase has not answered")))
          .isEqualTo("HBase has not answered");
      // a good collection lifts the refusal; other clusters were never refused
      assertThat(c.refuses(8)).isFalse();
      c.reachability(7, null, null);
      assertThat(c.refuses(7)).isFalse();
    } finally {
      c.destroy();
    }
  }

  @Test
  void theClientFailsFastAndKeepsEcChecksumsComparable() {
    Configuration conf = EngineConnections.conf(down);
    assertThat(conf.getInt("hbase.client.retries.number", -1)).isEqualTo(2);
    assertThat(conf.getInt("hbase.client.operation.timeout", -1)).isEqualTo(10_000);
    assertThat(conf.getInt("ipc.client.connect.timeout", -1)).isEqualTo(3000);
    assertThat(conf.get("dfs.checksum.combine.mode")).isEqualTo("COMPOSITE_CRC");
    assertThat(conf.get("hbase.zookeeper.quorum")).isEqualTo("127.0.0.1:1");
  }

  @Test
  void aNameserviceConfiguresBothNameNodesAndClientFailover() {
    ClusterEndpoints ha = new ClusterEndpoints(9, "zk1:2181,zk2:2181,zk3:2181", "hdfs://granary-local", null,
        new HaEndpoints("granary-local", java.util.List.of("127.0.0.1:24020", "127.0.0.1:24021"),
            java.util.List.of("http://127.0.0.1:24070", "http://127.0.0.1:24071"), java.util.List.of()));
    Configuration conf = EngineConnections.conf(ha);
    assertThat(conf.get("fs.defaultFS")).isEqualTo("hdfs://granary-local");
    assertThat(conf.get("dfs.nameservices")).isEqualTo("granary-local");
    assertThat(conf.get("dfs.ha.namenodes.granary-local")).isEqualTo("nn1,nn2");
    assertThat(conf.get("dfs.namenode.rpc-address.granary-local.nn1")).isEqualTo("127.0.0.1:24020");
    assertThat(conf.get("dfs.namenode.rpc-address.granary-local.nn2")).isEqualTo("127.0.0.1:24021");
    assertThat(conf.get("dfs.client.failover.proxy.provider.granary-local"))
        .isEqualTo("org.apache.hadoop.hdfs.server.namenode.ha.ConfiguredFailoverProxyProvider");
    assertThat(conf.get("hbase.zookeeper.quorum")).isEqualTo("zk1:2181,zk2:2181,zk3:2181");
    // a cluster with both NameNodes down fails its calls within seconds, like one with its only NameNode down
    assertThat(conf.getInt("dfs.client.failover.max.attempts", -1)).isEqualTo(4);
    assertThat(conf.getInt("dfs.client.failover.sleep.max.millis", -1)).isEqualTo(2000);
  }

  @Test
  void withoutANameserviceTheConfigurationIsTheSameAsBefore() {
    Configuration plain = EngineConnections.conf(down);
    // web URLs of the HMasters alone do not make HDFS highly available
    Configuration withMasters = EngineConnections.conf(new ClusterEndpoints(7, "127.0.0.1:1", "hdfs://127.0.0.1:1",
        null, new HaEndpoints(null, null, null, java.util.List.of("http://m1:16010", "http://m2:16010"))));
    assertThat(plain.get("dfs.nameservices")).isNull();
    assertThat(plain.get("fs.defaultFS")).isEqualTo("hdfs://127.0.0.1:1");
    java.util.Map<String, String> a = new java.util.TreeMap<>();
    java.util.Map<String, String> b = new java.util.TreeMap<>();
    plain.forEach(en -> a.put(en.getKey(), en.getValue()));
    withMasters.forEach(en -> b.put(en.getKey(), en.getValue()));
    assertThat(b).isEqualTo(a);
  }
}
