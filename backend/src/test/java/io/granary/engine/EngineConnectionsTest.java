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
    EngineConnections c = new EngineConnections();
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
}
