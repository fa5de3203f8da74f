package io.granary.tables.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.granary.tables.keys.SplitAlgorithm;
import io.granary.tables.keys.SplitAlgorithmType;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class RegionPreviewTest {
  static final List<byte[]> HEX_16 = Arrays.asList(SplitAlgorithm.of(SplitAlgorithmType.HEX_STRING_SPLIT).split(16));

  static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  @Test
  void sequentialDecimalKeysOnAHexSplitPileIntoOneRegion() {
    List<byte[]> samples = SampleKeys.generate(SampleKeys.Kind.SEQUENTIAL_DECIMAL, 10_000, 1);
    RegionPreview p = RegionPreview.of(HEX_16, samples);
    assertThat(p.regions()).hasSize(16);
    assertThat(p.max()).isGreaterThanOrEqualTo(9_000);
    assertThat(p.maxOverMean()).isGreaterThan(14);
  }

  @Test
  void sequentialLongKeysOnAHexSplitAllLandInTheFirstRegion() {
    RegionPreview p = RegionPreview.of(HEX_16, SampleKeys.generate(SampleKeys.Kind.SEQUENTIAL_LONG, 10_000, 1));
    assertThat(p.regions().get(0).count()).isEqualTo(10_000);
    assertThat(p.regions().get(0).startKey()).isEmpty();
    assertThat(p.regions().get(0).endKey()).isEqualTo("10000000");
  }

  @Test
  void sixteenSaltBucketsSpreadSequentialKeys() {
    for (SampleKeys.Kind kind : List.of(SampleKeys.Kind.SEQUENTIAL_DECIMAL, SampleKeys.Kind.SEQUENTIAL_LONG,
        SampleKeys.Kind.EPOCH_MILLIS)) {
      RegionPreview p = RegionPreview.salted(16, SampleKeys.generate(kind, 10_000, 3));
      assertThat(p.regions()).hasSize(16);
      assertThat(p.maxOverMean()).as(kind.name()).isLessThanOrEqualTo(1.2);
      assertThat(p.regions().get(1).startKey()).isEqualTo("\\x01");
    }
  }

  @Test
  void aKeyEqualToASplitBelongsToTheRegionItStarts() {
    List<byte[]> splits = List.of(ascii("b"), ascii("d"));
    RegionPreview p = RegionPreview.of(splits, List.of(ascii("a"), ascii("b"), ascii("c"), ascii("d"), ascii("z")));
    assertThat(p.regions()).extracting(RegionPreview.Region::count).containsExactly(1, 2, 2);
    assertThat(p.regions()).extracting(RegionPreview.Region::startKey).containsExactly("", "b", "d");
    assertThat(p.regions()).extracting(RegionPreview.Region::endKey).containsExactly("b", "d", "");
    assertThat(p.max()).isEqualTo(2);
    assertThat(p.mean()).isEqualTo(5 / 3.0);
    assertThat(p.maxOverMean()).isEqualTo(1.2);
  }

  @Test
  void bytesAboveSevenFCompareUnsigned() {
    RegionPreview p = RegionPreview.of(List.of(new byte[] {0x7F}), List.of(new byte[] {(byte) 0x80}));
    assertThat(p.regions().get(1).count()).isEqualTo(1);
  }

  @Test
  void noSamplesGiveZeroesNotNaN() {
    RegionPreview p = RegionPreview.of(HEX_16, List.of());
    assertThat(p.max()).isZero();
    assertThat(p.maxOverMean()).isZero();
  }

  @Test
  void unsortedOrEmptySplitKeysAreProgrammingErrors() {
    assertThatThrownBy(() -> RegionPreview.of(List.of(ascii("b"), ascii("a")), List.of()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> RegionPreview.of(List.of(new byte[0]), List.of()))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
