package io.granary.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class EngineHaTest {
  static final List<String> NNS = List.of("10.0.0.1:8020", "10.0.0.2:8020");

  @Test
  void eachNameNodesZkfcIsRecordedOrItsHostOnTheDefaultPort() {
    HaEndpoints recorded = new HaEndpoints("ns", List.of("127.0.0.1:23020", "127.0.0.1:23021"), List.of(), List.of(),
        List.of("127.0.0.1:23041", "127.0.0.1:23042"));
    assertThat(EngineHa.zkfcAddress(recorded, "nn2").getPort()).isEqualTo(23042);
    HaEndpoints installed = new HaEndpoints("ns", NNS, List.of(), List.of());
    assertThat(installed.zkfcAddress(1)).isEqualTo("10.0.0.2:8019");
    assertThat(EngineHa.zkfcAddress(installed, "nn1").getHostString()).isEqualTo("10.0.0.1");
  }

  @Test
  void anUnknownNameNodeHasNoZkfc() {
    assertThatThrownBy(() -> EngineHa.zkfcAddress(new HaEndpoints("ns", NNS, List.of(), List.of()), "nn3"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
