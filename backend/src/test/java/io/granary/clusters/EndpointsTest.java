package io.granary.clusters;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.shared.problem.FieldError;
import org.junit.jupiter.api.Test;

class EndpointsTest {
  static java.util.List<String> bad(String zk, String nn, String nnWeb, String masterWeb) {
    return Endpoints.check(zk, nn, nnWeb, masterWeb).stream().map(FieldError::field).toList();
  }

  @Test
  void asciiHostsAndPortsInRangePass() {
    assertThat(bad("zk1:2181,zk2:2181,zk3", "hdfs://nn1.example.com:8020", "http://nn1:9870", null)).isEmpty();
    assertThat(bad("127.0.0.1:21181/hbase", "hdfs://127.0.0.1", null, "https://m:16010/master-status")).isEmpty();
  }

  @Test
  void nonAsciiControlCharactersPathsAndPortsOutOfRangeAreNamed() {
    assertThat(bad("zk:2181", "hdfs://nämenode:8020", null, null)).containsExactly("namenodeUri");
    assertThat(bad("zk:2181", "hdfs://nn:8020/path", null, null)).containsExactly("namenodeUri");
    assertThat(bad("zk:2181", "hdfs://nn:65536", null, null)).containsExactly("namenodeUri");
    assertThat(bad("zk\u0001:2181", "hdfs://nn", null, null)).containsExactly("zookeeperQuorum");
    assertThat(bad("zk:2181", "hdfs://nn", "http://ü", "ftp://m")).containsExactly("namenodeWebUrl", "masterWebUrl");
    assertThat(bad(null, null, null, null)).containsExactly("zookeeperQuorum", "namenodeUri");
  }
}
