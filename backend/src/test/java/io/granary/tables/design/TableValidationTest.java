package io.granary.tables.design;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.shared.problem.FieldError;
import io.granary.tables.keys.SplitAlgorithmType;
import java.util.List;
import org.junit.jupiter.api.Test;

class TableValidationTest {
  static List<String> messages(List<FieldError> errors) {
    return errors.stream().map(FieldError::message).toList();
  }

  @Test
  void legalTableNamesPass() {
    for (String name : List.of("t", "user_events", "_t", "9lives", "a.b-c", "default:t", "ns_1:t.v2",
        "n".repeat(100) + ":" + "q".repeat(154))) {
      assertThat(TableValidation.tableName("name", name)).as(name).isEmpty();
    }
  }

  @Test
  void illegalTableNamesSayWhy() {
    assertThat(messages(TableValidation.tableName("name", ""))).containsExactly("a table name is required");
    assertThat(messages(TableValidation.tableName("name", ".t"))).containsExactly(
        "a table name cannot start with '.' or '-'");
    assertThat(messages(TableValidation.tableName("name", "-t"))).hasSize(1);
    assertThat(messages(TableValidation.tableName("name", "my table"))).containsExactly(
        "a table name may contain only letters, digits, '_', '-' and '.'");
    assertThat(messages(TableValidation.tableName("name", "a:b:c"))).containsExactly(
        "at most one ':' (namespace:table)");
    assertThat(messages(TableValidation.tableName("name", ":t"))).containsExactly("the namespace before ':' is empty");
    assertThat(messages(TableValidation.tableName("name", "ns:"))).containsExactly(
        "the table name after ':' is empty");
    assertThat(messages(TableValidation.tableName("name", "my-ns:t"))).containsExactly(
        "the namespace may contain only letters, digits and '_'");
    assertThat(messages(TableValidation.tableName("name", "zookeeper"))).hasSize(1);
    assertThat(messages(TableValidation.tableName("name", "n".repeat(100) + ":" + "q".repeat(155)))).containsExactly(
        "at most 255 characters, namespace included");
    assertThat(TableValidation.tableName("form.name", "bad name")).extracting(FieldError::field)
        .containsExactly("form.name");
  }

  @Test
  void columnFamilyNames() {
    for (String ok : List.of("d", "cf-1", "a b", "x.y", "~")) {
      assertThat(TableValidation.familyName("f", ok)).as(ok).isEmpty();
    }
    for (String bad : List.of("", ".d", "a:b", "a/b", "a\\b", "tab\t", "café", "recovered.edits", "x".repeat(256))) {
      assertThat(TableValidation.familyName("f", bad)).as(bad).hasSize(1);
    }
  }

  @Test
  void blockSizeIsOneKibToSixteenMib() {
    assertThat(TableValidation.blockSize("b", 1024)).isEmpty();
    assertThat(TableValidation.blockSize("b", 16 * 1024 * 1024)).isEmpty();
    assertThat(TableValidation.blockSize("b", 1023)).hasSize(1);
    assertThat(TableValidation.blockSize("b", 16 * 1024 * 1024 + 1)).hasSize(1);
  }

  @Test
  void aRegionCountGoesWithASplitAlgorithm() {
    SplitAlgorithmType hex = SplitAlgorithmType.HEX_STRING_SPLIT;
    assertThat(TableValidation.numRegions("n", hex, 2)).isEmpty();
    assertThat(TableValidation.numRegions("n", hex, 10_000)).isEmpty();
    assertThat(TableValidation.numRegions("n", hex, 1)).hasSize(1);
    assertThat(TableValidation.numRegions("n", hex, 10_001)).hasSize(1);
    assertThat(messages(TableValidation.numRegions("n", hex, null))).containsExactly(
        "a region count is required with HexStringSplit");
    assertThat(messages(TableValidation.numRegions("n", null, 4))).containsExactly(
        "a region count needs a split algorithm");
    assertThat(TableValidation.numRegions("n", null, null)).isEmpty();
  }

  @Test
  void saltBucketsAreTwoToTwoHundredFiftySix() {
    assertThat(TableValidation.saltBuckets("s", 2)).isEmpty();
    assertThat(TableValidation.saltBuckets("s", 256)).isEmpty();
    assertThat(TableValidation.saltBuckets("s", 1)).hasSize(1);
    assertThat(TableValidation.saltBuckets("s", 257)).hasSize(1);
  }

  @Test
  void optionNamesAreCheckedCaseInsensitivelyAndListTheChoices() {
    assertThat(TableValidation.compression("c", "zstd")).isEmpty();
    assertThat(messages(TableValidation.compression("c", "LZO"))).containsExactly(
        "must be one of NONE, GZ, SNAPPY, LZ4, ZSTD");
    assertThat(TableValidation.compression("c", null)).hasSize(1);
    assertThat(TableValidation.bloom("b", "ROWPREFIX_FIXED_LENGTH")).isEmpty();
    assertThat(TableValidation.bloom("b", "ROWPREFIX_DELIMITED")).hasSize(1);
    assertThat(TableValidation.dataBlockEncoding("e", "fast_diff")).isEmpty();
    assertThat(TableValidation.dataBlockEncoding("e", "PREFIX_TREE")).hasSize(1);
  }

  @Test
  void ttlIsForeverOrAtLeastOneSecond() {
    assertThat(TableValidation.ttl("t", "FOREVER")).isEmpty();
    assertThat(TableValidation.parseTtl("forever")).contains(FamilyPlan.FOREVER);
    assertThat(TableValidation.parseTtl("86400")).contains(86_400L);
    assertThat(TableValidation.parseTtl("2147483647")).contains(FamilyPlan.FOREVER);
    for (String bad : List.of("0", "-1", "1.5", "1d", "", "2147483648", "99999999999")) {
      assertThat(TableValidation.ttl("t", bad)).as(bad).hasSize(1);
    }
    assertThat(TableValidation.ttl("t", null)).hasSize(1);
  }

  @Test
  void versionsKeepAtLeastOneAndTheMinimumNotAboveTheMaximum() {
    assertThat(TableValidation.versions("min", 0, "max", 1)).isEmpty();
    assertThat(TableValidation.versions("min", 3, "max", 3)).isEmpty();
    assertThat(TableValidation.versions("min", 0, "max", 0)).extracting(FieldError::field).containsExactly("max");
    assertThat(TableValidation.versions("min", 4, "max", 3)).extracting(FieldError::field).containsExactly("min");
    assertThat(TableValidation.versions("min", -1, "max", 3)).extracting(FieldError::field).containsExactly("min");
  }

  @Test
  void sampleCountsAreOneToOneHundredThousand() {
    assertThat(TableValidation.sampleCount("n", 1)).isEmpty();
    assertThat(TableValidation.sampleCount("n", 100_000)).isEmpty();
    assertThat(TableValidation.sampleCount("n", 0)).hasSize(1);
    assertThat(TableValidation.sampleCount("n", 100_001)).hasSize(1);
  }
}
