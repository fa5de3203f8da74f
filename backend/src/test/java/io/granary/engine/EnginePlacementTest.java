package io.granary.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.apache.hadoop.hbase.ServerName;
import org.junit.jupiter.api.Test;

class EnginePlacementTest {
  @Test
  void aServerMatchesItsHostNameInAnyCaseOrItsAddress() {
    ServerName byName = ServerName.valueOf("Lab2.example", 16020, 1L);
    assertThat(EnginePlacement.matches(byName, Set.of("lab2.example", "10.77.0.12"))).isTrue();
    ServerName byIp = ServerName.valueOf("10.77.0.12", 16020, 2L);
    assertThat(EnginePlacement.matches(byIp, Set.of("lab2", "10.77.0.12"))).isTrue();
    assertThat(EnginePlacement.matches(byIp, Set.of("lab2", "10.77.0.1"))).isFalse();
  }
}
