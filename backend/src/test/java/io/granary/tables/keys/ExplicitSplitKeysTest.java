package io.granary.tables.keys;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.shared.problem.FieldError;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ExplicitSplitKeysTest {
  static List<String> text(List<byte[]> keys) {
    return keys.stream().map(RowKeys::toStringBinary).toList();
  }

  @Test
  void sortedDistinctKeysComeBackAsGivenWithNoMessages() {
    ExplicitSplitKeys.Parsed p = ExplicitSplitKeys.parse("a\nb\nc\n");
    assertThat(p.ok()).isTrue();
    assertThat(text(p.keys())).containsExactly("a", "b", "c");
    assertThat(p.messages()).isEmpty();
  }

  @Test
  void unsortedKeysAreSortedInUnsignedByteOrderAndSaid() {
    ExplicitSplitKeys.Parsed p = ExplicitSplitKeys.parse("\\x80\nb\n\\x7F\na");
    assertThat(text(p.keys())).containsExactly("a", "b", "\\x7F", "\\x80");
    assertThat(p.messages()).containsExactly("keys were not sorted; sorted them");
  }

  @Test
  void duplicatesAreRemovedAndCounted() {
    ExplicitSplitKeys.Parsed p = ExplicitSplitKeys.parse("a\na\nb\nb\nb\n\\x61");
    assertThat(text(p.keys())).containsExactly("a", "b");
    assertThat(p.messages()).containsExactly("4 duplicate keys removed", "keys were not sorted; sorted them");
    assertThat(ExplicitSplitKeys.parse("a\na").messages()).containsExactly("1 duplicate key removed");
  }

  @Test
  void windowsLineEndingsAreNotPartOfTheKey() {
    assertThat(text(ExplicitSplitKeys.parse("a\r\nb\r\n").keys())).containsExactly("a", "b");
  }

  @Test
  void emptyKeysAndMalformedEscapesAreFieldErrorsNamingTheLine() {
    ExplicitSplitKeys.Parsed p = ExplicitSplitKeys.parse("a\n\nb\\x4\nc");
    assertThat(p.ok()).isFalse();
    assertThat(p.keys()).isEmpty();
    assertThat(p.errors()).extracting(FieldError::field).containsOnly("keys");
    assertThat(p.errors()).extracting(FieldError::message)
        .satisfiesExactly(m -> assertThat(m).startsWith("line 2: empty key"),
            m -> assertThat(m).startsWith("line 3: malformed escape"));
  }

  @Test
  void noKeysAtAllIsAnError() {
    assertThat(ExplicitSplitKeys.parse("").errors())
        .containsExactly(new FieldError("keys", "no split keys given"));
    assertThat(ExplicitSplitKeys.parse(null).ok()).isFalse();
  }

  @Test
  void manyErrorsAreCappedWithACount() {
    String text = IntStream.range(0, 30).mapToObj(i -> "\\q").collect(Collectors.joining("\n"));
    List<FieldError> errors = ExplicitSplitKeys.parse(text).errors();
    assertThat(errors).hasSize(ExplicitSplitKeys.MAX_ERRORS + 1);
    assertThat(errors.get(errors.size() - 1).message()).isEqualTo("and 10 more problems");
  }

  @Test
  void moreThanTenThousandRegionsIsAnError() {
    String text = IntStream.range(0, ExplicitSplitKeys.MAX_KEYS + 1).mapToObj(i -> "k" + i)
        .collect(Collectors.joining("\n"));
    assertThat(ExplicitSplitKeys.parse(text).errors()).singleElement()
        .satisfies(e -> assertThat(e.message()).contains("at most 9999"));
  }

  @Test
  void spacesAroundAKeyAreKeptAndPointedOut() {
    ExplicitSplitKeys.Parsed p = ExplicitSplitKeys.parse(" a\nb");
    assertThat(p.keys().get(0)).isEqualTo(" a".getBytes(StandardCharsets.US_ASCII));
    assertThat(p.messages()).anyMatch(m -> m.contains("spaces are part of the key"));
  }

  @Test
  void formattedKeysParseBackUnchanged() {
    List<byte[]> keys = List.of(new byte[] {0}, "a\\b".getBytes(StandardCharsets.US_ASCII), new byte[] {(byte) 0xFF});
    String text = ExplicitSplitKeys.format(keys);
    assertThat(text).isEqualTo("\\x00\na\\x5Cb\n\\xFF\n");
    ExplicitSplitKeys.Parsed p = ExplicitSplitKeys.parse(text);
    assertThat(p.keys()).containsExactlyElementsOf(keys);
    assertThat(p.messages()).isEmpty();
  }
}
