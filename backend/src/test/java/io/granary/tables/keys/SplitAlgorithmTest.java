package io.granary.tables.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.granary.shared.problem.FieldError;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class SplitAlgorithmTest {
  static String[] ascii(byte[][] keys) {
    return Arrays.stream(keys).map(k -> new String(k, StandardCharsets.US_ASCII)).toArray(String[]::new);
  }

  @Test
  void hexSplitIntoFourMakesLowercaseEightCharacterKeys() {
    SplitAlgorithm hex = SplitAlgorithm.of(SplitAlgorithmType.HEX_STRING_SPLIT);
    assertThat(ascii(hex.split(4))).containsExactly("40000000", "80000000", "c0000000");
    // the default last row is written "FFFFFFFF" but comes back in lowercase, like every key
    assertThat(new String(hex.lastRow(), StandardCharsets.US_ASCII)).isEqualTo("ffffffff");
  }

  @Test
  void decimalSplitKeysArePaddedToTheLastRowsLength() {
    SplitAlgorithm dec = SplitAlgorithm.create(SplitAlgorithmType.DECIMAL_STRING_SPLIT, "0", "9999").algorithm();
    assertThat(ascii(dec.split(4))).containsExactly("2500", "5000", "7500");
  }

  @Test
  void uniformSplitIntoTwoHalvesTheEightByteSpace() {
    byte[][] keys = SplitAlgorithm.of(SplitAlgorithmType.UNIFORM_SPLIT).split(2);
    assertThat(keys).hasDimensions(1, 8);
    assertThat(keys[0][0]).isEqualTo((byte) 0x80);
  }

  @Test
  void fewerThanTwoRegionsIsAFieldErrorAndSplitRefusesIt() {
    for (SplitAlgorithmType t : SplitAlgorithmType.values()) {
      SplitAlgorithm a = SplitAlgorithm.of(t);
      assertThat(a.check(1))
          .containsExactly(new FieldError("numRegions", "at least 2 regions are needed to pre-split"));
      assertThatThrownBy(() -> a.split(1)).isInstanceOf(IllegalArgumentException.class);
      assertThat(a.check(2)).isEmpty();
    }
  }

  @Test
  void rowsThatAreNotNumbersInTheRadixAreFieldErrors() {
    SplitAlgorithm.Created hex = SplitAlgorithm.create(SplitAlgorithmType.HEX_STRING_SPLIT, "0x10", "-5");
    assertThat(hex.ok()).isFalse();
    assertThat(hex.errors()).extracting(FieldError::field).containsExactly("firstRow", "lastRow");
    assertThat(SplitAlgorithm.create(SplitAlgorithmType.DECIMAL_STRING_SPLIT, "12a", null).errors())
        .extracting(FieldError::message).containsExactly("only decimal digits are allowed");
    assertThat(SplitAlgorithm.create(SplitAlgorithmType.HEX_STRING_SPLIT, "A".repeat(129), null).errors())
        .extracting(FieldError::message).containsExactly("at most 128 characters");
  }

  @Test
  void aRangeSmallerThanTheRegionCountIsReported() {
    SplitAlgorithm a = SplitAlgorithm.create(SplitAlgorithmType.HEX_STRING_SPLIT, "0", "f").algorithm();
    assertThat(a.check(16)).isEmpty();
    assertThat(a.check(17)).singleElement().satisfies(e -> {
      assertThat(e.field()).isEqualTo("numRegions");
      assertThat(e.message()).contains("only 16 distinct keys");
    });
  }

  @Test
  void aLastRowNotAfterTheFirstIsReported() {
    assertThat(SplitAlgorithm.create(SplitAlgorithmType.DECIMAL_STRING_SPLIT, "50", "10").algorithm().check(4))
        .extracting(FieldError::field).containsExactly("lastRow");
    assertThat(SplitAlgorithm.create(SplitAlgorithmType.UNIFORM_SPLIT, "b", "a").algorithm().check(4))
        .extracting(FieldError::field).containsExactly("lastRow");
    // equal once zero-padded, which HBase's Bytes.split rejects
    assertThat(SplitAlgorithm.create(SplitAlgorithmType.UNIFORM_SPLIT, "a", "a\\x00").algorithm().check(4))
        .singleElement().satisfies(e -> assertThat(e.message()).contains("only adds zero bytes"));
  }

  @Test
  void uniformRowsWithBadEscapesAreFieldErrors() {
    assertThat(SplitAlgorithm.create(SplitAlgorithmType.UNIFORM_SPLIT, "\\x1", null).errors())
        .extracting(FieldError::field).containsExactly("firstRow");
  }

  @Test
  void algorithmsAreFoundByTheirHbaseName() {
    assertThat(SplitAlgorithmType.fromHbaseName("UniformSplit")).contains(SplitAlgorithmType.UNIFORM_SPLIT);
    assertThat(SplitAlgorithmType.fromHbaseName("uniformsplit")).isEmpty();
  }
}
