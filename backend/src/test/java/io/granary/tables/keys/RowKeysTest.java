package io.granary.tables.keys;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RowKeysTest {
  static byte[] b(int... v) {
    byte[] out = new byte[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = (byte) v[i];
    }
    return out;
  }

  @Test
  void bytesCompareUnsignedAndAPrefixSortsFirst() {
    List<byte[]> keys = new ArrayList<>(List.of(b(0x80), b(0x7F), b(0x7F, 0x00), b(), b(0xFF)));
    keys.sort(RowKeys.ORDER);
    assertThat(keys).containsExactly(b(), b(0x7F), b(0x7F, 0x00), b(0x80), b(0xFF));
  }

  @Test
  void escapesGiveRawBytesAndADoubleBackslashGivesOne() {
    assertThat(RowKeys.parseBinary("a\\x00\\xffZ").bytes()).isEqualTo(b('a', 0, 0xFF, 'Z'));
    assertThat(RowKeys.parseBinary("a\\\\b").bytes()).isEqualTo(b('a', '\\', 'b'));
    assertThat(RowKeys.parseBinary("\\x5C").bytes()).isEqualTo(b('\\'));
  }

  @Test
  void nonAsciiCharactersAreSentAsUtf8LikeTheShell() {
    assertThat(RowKeys.parseBinary("café").bytes()).isEqualTo("café".getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void malformedEscapesAreReportedWithTheirPosition() {
    for (String bad : List.of("ab\\x4", "\\xZZ", "a\\q", "end\\")) {
      RowKeys.Decoded d = RowKeys.parseBinary(bad);
      assertThat(d.ok()).as(bad).isFalse();
      assertThat(d.error()).contains("malformed escape").contains("at character");
    }
    assertThat(RowKeys.parseBinary("ab\\x4").error()).contains("at character 3");
  }

  @Test
  void anyBytesSurviveFormatThenParse() {
    Random r = new Random(7);
    for (int i = 0; i < 1000; i++) {
      byte[] key = new byte[r.nextInt(20)];
      r.nextBytes(key);
      assertThat(RowKeys.parseBinary(RowKeys.toStringBinary(key)).bytes()).isEqualTo(key);
    }
  }
}
