package io.granary.erasurecoding;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.erasurecoding.EcMath.Cost;
import io.granary.erasurecoding.EcMath.Layout;
import org.junit.jupiter.api.Test;

class EcMathTest {
  static final long MB = 1 << 20;
  static final long BLOCK = 128 * MB;
  static final Layout RS63 = new Layout("RS-6-3-1024k", 6, 3, (int) MB, 1);
  static final Layout RS32 = new Layout("RS-3-2-1024k", 3, 2, (int) MB, 1);
  static final Layout THREE = Layout.replicated("replication", 3);

  @Test
  void aOneMegabyteFileUnderRs63CostsFourBlockObjectsAndFourTimesItsSize() {
    assertThat(EcMath.cost(MB, BLOCK, RS63)).isEqualTo(new Cost(4 * MB, 4));
    assertThat(EcMath.cost(MB, BLOCK, THREE)).isEqualTo(new Cost(3 * MB, 3));
  }

  @Test
  void aFileSmallerThanOneCellPaysFullSizeParity() {
    assertThat(EcMath.cost(1000, BLOCK, RS32)).isEqualTo(new Cost(3000, 3));
  }

  @Test
  void fullStripesCostTheNominalOverhead() {
    // 6 MB under RS-3-2: two full stripes, parity 2 × 2 MB
    assertThat(EcMath.cost(6 * MB, BLOCK, RS32)).isEqualTo(new Cost(10 * MB, 5));
    assertThat(RS32.overhead()).isEqualTo(5.0 / 3);
  }

  @Test
  void aPartialLastStripeHasParityAsLongAsItsFirstCell() {
    // 2.5 MB under RS-3-2: one partial stripe of cells 1, 1, 0.5 MB: parity 2 × 1 MB
    assertThat(EcMath.cost(5 * MB / 2, BLOCK, RS32)).isEqualTo(new Cost(5 * MB / 2 + 2 * MB, 5));
    // 3.5 MB: one full stripe + 0.5 MB: parity 2 × 1.5 MB
    assertThat(EcMath.cost(7 * MB / 2, BLOCK, RS32)).isEqualTo(new Cost(7 * MB / 2 + 3 * MB, 5));
  }

  @Test
  void largeFilesSpanSeveralBlockGroupsAndBlocks() {
    long len = 3 * BLOCK + 1;
    assertThat(EcMath.cost(len, BLOCK, RS32).blockObjects()).isEqualTo(5 + 3);
    assertThat(EcMath.cost(len, BLOCK, THREE).blockObjects()).isEqualTo(4 * 3);
    assertThat(EcMath.cost(0, BLOCK, RS32)).isEqualTo(new Cost(0, 0));
  }
}
