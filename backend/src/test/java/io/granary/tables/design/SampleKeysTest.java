package io.granary.tables.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.granary.tables.keys.RowKeys;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SampleKeysTest {
  static List<String> ascii(List<byte[]> keys) {
    return keys.stream().map(k -> new String(k, StandardCharsets.US_ASCII)).toList();
  }

  @Test
  void theSameSeedGivesTheSameKeysAndAnotherSeedOthers() {
    for (SampleKeys.Kind kind : SampleKeys.Kind.values()) {
      List<byte[]> a = SampleKeys.generate(kind, 50, 42);
      assertThat(SampleKeys.generate(kind, 50, 42)).as(kind.name()).containsExactlyElementsOf(a);
      assertThat(SampleKeys.generate(kind, 50, 43)).as(kind.name()).isNotEqualTo(a);
      assertThat(a).hasSize(50);
    }
  }

  @Test
  void sequentialDecimalsCountUpByOneAsSevenDigitStrings() {
    List<String> keys = ascii(SampleKeys.generate(SampleKeys.Kind.SEQUENTIAL_DECIMAL, 3, 1));
    assertThat(keys).allMatch(k -> k.matches("[0-9]{7}"));
    long first = Long.parseLong(keys.get(0));
    assertThat(keys).containsExactly(Long.toString(first), Long.toString(first + 1), Long.toString(first + 2));
  }

  @Test
  void sequentialLongsAndTimestampsAreEightByteBigEndianAndIncreasing() {
    for (SampleKeys.Kind kind : List.of(SampleKeys.Kind.SEQUENTIAL_LONG, SampleKeys.Kind.EPOCH_MILLIS)) {
      List<byte[]> keys = SampleKeys.generate(kind, 1000, 9);
      assertThat(keys).allMatch(k -> k.length == 8);
      assertThat(keys).isSortedAccordingTo(RowKeys.ORDER).doesNotHaveDuplicates();
    }
    long firstMillis = ByteBuffer.wrap(SampleKeys.generate(SampleKeys.Kind.EPOCH_MILLIS, 1, 9).get(0)).getLong();
    assertThat(firstMillis).isBetween(SampleKeys.EPOCH_BASE_MILLIS, SampleKeys.EPOCH_BASE_MILLIS + 3_601_000);
  }

  @Test
  void uuidsAreVersionFourText() {
    for (String s : ascii(SampleKeys.generate(SampleKeys.Kind.UUID, 100, 5))) {
      UUID u = UUID.fromString(s);
      assertThat(u.version()).isEqualTo(4);
      assertThat(u.variant()).isEqualTo(2);
      assertThat(u.toString()).isEqualTo(s);
    }
  }

  @Test
  void phoneNumbersArePlusOneFiveFiveFiveAndSevenDigits() {
    assertThat(ascii(SampleKeys.generate(SampleKeys.Kind.PHONE_NUMBER, 100, 5)))
        .allMatch(s -> s.matches("\\+1555[0-9]{7}"));
  }

  @Test
  void countsOutsideTheLimitAreProgrammingErrors() {
    assertThat(SampleKeys.generate(SampleKeys.Kind.UUID, 0, 1)).isEmpty();
    assertThatThrownBy(() -> SampleKeys.generate(SampleKeys.Kind.UUID, SampleKeys.MAX_SAMPLES + 1, 1))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
