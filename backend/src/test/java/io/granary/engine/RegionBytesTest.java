package io.granary.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class RegionBytesTest {
  static final String ENC = "0fa7f90267e78b6a149745394bfe97b2";

  @Test
  void parsesStoreFileAndMemStoreBytesPerRegionFromTheRegionServersJmx() {
    String body = "{\"beans\":[{\"name\":\"Hadoop:service=HBase,name=RegionServer,sub=Regions\",\n"
        + "\"Namespace_default_table_ect_region_" + ENC + "_metric_storeFileCount\": 1,\n"
        + "\"Namespace_default_table_ect_region_" + ENC + "_metric_memStoreSize\": 158344,\n"
        + "\"Namespace_default_table_ect_region_" + ENC + "_metric_storeFileSize\": 2701263,\n"
        + "\"Namespace_default_table_ect_region_" + ENC + "_metric_readRequestCount\": 9}]}";
    Map<String, RegionBytes.Sizes> m = RegionBytes.parse(body);
    assertThat(m).containsOnlyKeys(ENC);
    assertThat(m.get(ENC)).isEqualTo(new RegionBytes.Sizes(2701263, 158344, 1));
  }

  @Test
  void aMetricTheServerDidNotPublishIsMinusOne() {
    Map<String, RegionBytes.Sizes> m = RegionBytes.parse(
        "\"Namespace_ns_table_t_region_" + ENC + "_metric_memStoreSize\": 0");
    assertThat(m.get(ENC)).isEqualTo(new RegionBytes.Sizes(-1, 0, -1));
  }
}
