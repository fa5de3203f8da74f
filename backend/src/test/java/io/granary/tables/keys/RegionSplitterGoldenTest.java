package io.granary.tables.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Our split algorithms and {@code \xNN} formatter against vectors computed by the real HBase 2.6.4 classes
 * ({@code RegionSplitter.HexStringSplit/UniformSplit/DecimalStringSplit.split(n)} after {@code setFirstRow/
 * setLastRow(String)}, and {@code Bytes.toStringBinary}). The file was generated once by a throwaway program, not
 * kept in the repo, run against the node distribution's jars:
 *
 * <pre>
 * cd /tmp/gen &amp;&amp; java -cp '/work/main/storage/runtime/target/granary-node/lib/*' Gen.java \
 *     &gt; /work/main/backend/src/test/resources/tables/regionsplitter-golden.txt
 * </pre>
 *
 * Format, tab-separated, '-' for a default row: {@code SPLIT algo first last n OK keys(hex,...)|ERROR exception},
 * {@code ROWS algo first last firstRow() lastRow()}, {@code BINARY bytes toStringBinary}. Regenerate with the same
 * program when HBase is upgraded; a difference means the console would show keys HBase does not create.
 */
class RegionSplitterGoldenTest {
  static final HexFormat HEX = HexFormat.of();

  static List<String[]> lines(String kind) throws IOException {
    try (InputStream in = RegionSplitterGoldenTest.class.getResourceAsStream("/tables/regionsplitter-golden.txt")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
          .filter(l -> l.startsWith(kind + "\t")).map(l -> l.split("\t", -1)).toList();
    }
  }

  // the label names the vector in the report; the whole line travels as one argument
  static Stream<Arguments> vectors(String kind) throws IOException {
    return lines(kind).stream()
        .map(l -> Arguments.of(String.join(" ", Arrays.copyOfRange(l, 1, Math.min(l.length, 6))), l));
  }

  static Stream<Arguments> splits() throws IOException {
    return vectors("SPLIT");
  }

  static Stream<Arguments> rows() throws IOException {
    return vectors("ROWS");
  }

  static Stream<Arguments> binaries() throws IOException {
    return vectors("BINARY");
  }

  static SplitAlgorithm algorithm(String name, String first, String last) {
    SplitAlgorithm.Created c = SplitAlgorithm.create(SplitAlgorithmType.fromHbaseName(name).orElseThrow(),
        first.equals("-") ? null : first, last.equals("-") ? null : last);
    assertThat(c.errors()).isEmpty();
    return c.algorithm();
  }

  @Test
  void theGoldenFileCoversEveryAlgorithmAndRegionCount() throws IOException {
    List<String[]> splits = lines("SPLIT");
    assertThat(splits).hasSizeGreaterThan(100);
    for (SplitAlgorithmType t : SplitAlgorithmType.values()) {
      for (String n : List.of("2", "3", "4", "7", "8", "16", "100")) {
        assertThat(splits).anyMatch(l -> l[1].equals(t.hbaseName()) && l[2].equals("-") && l[4].equals(n));
      }
    }
    assertThat(lines("BINARY")).hasSizeGreaterThanOrEqualTo(256);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("splits")
  void splitKeysMatchRegionSplitterByteForByte(String label, String[] v) {
    SplitAlgorithm a = algorithm(v[1], v[2], v[3]);
    int n = Integer.parseInt(v[4]);
    if (n < 2) {
      // deliberate: RegionSplitter's number splits return no keys for 1 region and fail for 0; we refuse both
      assertThat(a.check(n)).extracting(e -> e.field()).contains("numRegions");
      assertThatThrownBy(() -> a.split(n)).isInstanceOf(IllegalArgumentException.class);
    } else if (v[5].equals("ERROR")) {
      assertThat(a.check(n)).isNotEmpty();
      assertThatThrownBy(() -> a.split(n)).isInstanceOf(IllegalArgumentException.class);
    } else {
      assertThat(a.check(n)).isEmpty();
      List<String> expected = Arrays.asList(v[6].split(","));
      assertThat(Arrays.stream(a.split(n)).map(HEX::formatHex).toList()).containsExactlyElementsOf(expected);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rows")
  void firstAndLastRowsMatchRegionSplitter(String label, String[] v) {
    SplitAlgorithm a = algorithm(v[1], v[2], v[3]);
    assertThat(HEX.formatHex(a.firstRow())).isEqualTo(v[4]);
    assertThat(HEX.formatHex(a.lastRow())).isEqualTo(v[5]);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("binaries")
  void toStringBinaryMatchesHbaseAndParsesBack(String label, String[] v) {
    byte[] bytes = HEX.parseHex(v[1]);
    assertThat(RowKeys.toStringBinary(bytes)).isEqualTo(v[2]);
    assertThat(RowKeys.parseBinary(v[2]).bytes()).isEqualTo(bytes);
  }
}
