package io.granary.observability;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.api.model.ChartIdDto;
import java.io.InputStream;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.springframework.core.io.ClassPathResource;
import org.yaml.snakeyaml.Yaml;
import org.junit.jupiter.api.Test;

class ChartsTest {
  @Test
  void tableNamesTakeHbasesPrometheusForm() {
    // as HBase 2.6.4 printed them (docs/adr/0017-observability.md)
    assertThat(Charts.mangle("usertable")).isEqualTo("usertable");
    assertThat(Charts.mangle("MyTable.v2")).isEqualTo("my_table_v2");
    assertThat(Charts.mangle("probe")).isEqualTo("probe");
    assertThat(Charts.mangle("obs_it-1")).isEqualTo("obs_it_1");
    // HBase splits after a lower-case letter only, and each non-word character on its own
    assertThat(Charts.mangle("ObsIt.v1a2B")).isEqualTo("obs_it_v1a2b");
    assertThat(Charts.mangle("t.a-b")).isEqualTo("t_a_b");
    assertThat(Charts.mangle("HTTPServer")).isEqualTo("http_server");
    assertThat(Charts.mangle("a__b")).isEqualTo("a_b");
  }

  @Test
  void aboutTwoHundredFortyPointsAndNeverFinerThanTheScrape() {
    assertThat(Charts.stepSeconds(Duration.ofMinutes(15), 10)).isEqualTo(10);
    assertThat(Charts.stepSeconds(Duration.ofHours(1), 10)).isEqualTo(20);
    assertThat(Charts.stepSeconds(Duration.ofHours(24), 10)).isEqualTo(360);
    assertThat(Charts.stepSeconds(Duration.ofDays(7), 15)).isEqualTo(2520);
    for (String r : Charts.RANGES) {
      Duration d = Charts.range(r);
      assertThat(d.toSeconds() / Charts.stepSeconds(d, 10)).isBetween(90L, 240L);
    }
    assertThat(Charts.range("2y")).isNull();
  }

  @Test
  void everyQueryFiltersOnTheClusterAndLeavesNoPlaceholder() {
    for (Charts.Chart c : Charts.CATALOGUE.values()) {
      for (Charts.Query q : c.queries()) {
        String promql = Charts.render(q.promql(), "prod\"1", "default", "t", 20, 10);
        assertThat(promql).as(c.id()).contains("cluster=\"prod\\\"1\"").doesNotContain("%");
        assertThat(promql).as(c.id()).containsPattern("job=\"|namespace=\"");
      }
    }
    // a rate window of at least four scrapes
    assertThat(Charts.render("rate(x[%w])", "c", null, null, 10, 10)).isEqualTo("rate(x[40s])");
    assertThat(Charts.render("rate(x[%w])", "c", null, null, 360, 10)).isEqualTo("rate(x[360s])");
  }

  @Test
  void legendsTakeLabelValues() {
    assertThat(ObservabilityController.legend("get {instance}", Map.of("instance", "rs1:16030"))).isEqualTo("get rs1:16030");
    assertThat(ObservabilityController.legend("{instance}", Map.of())).isEqualTo("");
    assertThat(ObservabilityController.legend("read", Map.of("instance", "x"))).isEqualTo("read");
  }

  @Test
  @SuppressWarnings("unchecked")
  void theContractNamesExactlyTheCatalogue() throws Exception {
    // the path parameter's inline enum and the ChartId schema are two lists in openapi.yaml
    assertThat(Arrays.stream(ChartIdDto.values()).map(ChartIdDto::getValue))
        .containsExactlyInAnyOrderElementsOf(Charts.CATALOGUE.keySet());
    Map<String, Object> spec;
    try (InputStream in = new ClassPathResource("openapi/openapi.yaml").getInputStream()) {
      spec = new Yaml().load(in);
    }
    Map<String, Object> path = (Map<String, Object>) ((Map<String, Object>) spec.get("paths"))
        .get("/clusters/{clusterId}/metrics/{chart}");
    Map<String, Object> chart = ((List<Map<String, Object>>) path.get("parameters")).stream()
        .filter(p -> "chart".equals(p.get("name"))).findFirst().orElseThrow();
    assertThat((List<String>) ((Map<String, Object>) chart.get("schema")).get("enum"))
        .containsExactlyInAnyOrderElementsOf(Charts.CATALOGUE.keySet());
  }
}
