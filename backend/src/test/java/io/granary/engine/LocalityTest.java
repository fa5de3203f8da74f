package io.granary.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LocalityTest {
  @Test
  void hbasesFigureIsCappedAtOneAndNeverNegative() {
    assertThat(Locality.capped(5.0f)).isEqualTo(1f);
    assertThat(Locality.capped(0.42f)).isEqualTo(0.42f);
    assertThat(Locality.capped(-0.1f)).isZero();
    assertThat(Locality.capped(Float.NaN)).isZero();
  }

  @Test
  void stripedTablesGetTheReasonInsteadOfAFigure() {
    assertThat(Locality.stripedNote("RS-3-2-1024k")).startsWith("n/a for striped files")
        .contains("RS-3-2-1024k", "over 3 DataNodes", "at most 1/3");
    assertThat(Locality.dataUnits("RS-LEGACY-6-3-1024k")).isEqualTo(6);
    assertThat(Locality.dataUnits("XOR-2-1-1024k")).isEqualTo(2);
  }
}
