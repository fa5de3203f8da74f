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

  static java.util.List<String> badHa(String nn, java.util.List<String> nns, java.util.List<String> webs,
      java.util.List<String> masters) {
    return Endpoints.check("zk1:2181,zk2:2181,zk3:2181", nn, null, null, nns, webs, masters).stream()
        .map(FieldError::field).toList();
  }

  @Test
  void aNameserviceTakesExactlyTwoNameNodesWithTheirWebUrlsInOrder() {
    java.util.List<String> nns = java.util.List.of("nn1:8020", "nn2:8020");
    java.util.List<String> webs = java.util.List.of("http://nn1:9870", "http://nn2:9870");
    assertThat(badHa("hdfs://cluster1", nns, webs, java.util.List.of("http://m1:16010", "http://m2:16010"))).isEmpty();
    // the URI names the nameservice: no port, no dot (it becomes part of configuration keys)
    assertThat(badHa("hdfs://cluster1:8020", nns, webs, null)).containsExactly("namenodeUri");
    assertThat(badHa("hdfs://nn.example.com", nns, webs, null)).containsExactly("namenodeUri");
    assertThat(badHa("hdfs://cluster1", java.util.List.of("nn1:8020"), webs, null)).containsExactly("namenodeAddresses");
    assertThat(badHa("hdfs://cluster1", java.util.List.of("nn1:8020"), java.util.List.of("http://nn1:9870"), null))
        .containsExactly("namenodeAddresses", "namenodeWebUrls");
    assertThat(badHa("hdfs://cluster1", java.util.List.of("nn1:8020", "nn1:8020"), webs, null))
        .containsExactly("namenodeAddresses");
    assertThat(badHa("hdfs://cluster1", java.util.List.of("nn1", "nn2:8020"), webs, null))
        .containsExactly("namenodeAddresses");
    assertThat(badHa("hdfs://cluster1", java.util.Arrays.asList("nn1:8020", null), webs, null))
        .containsExactly("namenodeAddresses");
    assertThat(badHa("hdfs://cluster1", nns, null, null)).containsExactly("namenodeWebUrls");
    assertThat(badHa("hdfs://cluster1", nns, java.util.List.of("http://nn1:9870"), null))
        .containsExactly("namenodeWebUrls");
  }

  @Test
  void webUrlListsAreCheckedWithoutANameserviceToo() {
    assertThat(badHa("hdfs://nn:8020", java.util.List.of(), java.util.List.of(), java.util.List.of("http://m1:16010")))
        .isEmpty();
    assertThat(badHa("hdfs://nn:8020", null, java.util.List.of("http://nn1:9870"), null))
        .containsExactly("namenodeWebUrls");
    assertThat(badHa("hdfs://nn:8020", null, null, java.util.List.of("http://m1", "http://m1")))
        .containsExactly("masterWebUrls");
    assertThat(badHa("hdfs://nn:8020", null, null, java.util.Collections.nCopies(6, "http://m1")))
        .containsExactly("masterWebUrls");
    assertThat(badHa("hdfs://nn:8020", null, null, java.util.List.of("http://mä:16010"))).containsExactly("masterWebUrls");
  }
}
