package io.granary.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
}
