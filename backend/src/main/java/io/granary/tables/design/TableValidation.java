package io.granary.tables.design;

import io.granary.engine.client.SaltedKeys;
import io.granary.shared.problem.FieldError;
import io.granary.tables.keys.SplitAlgorithmType;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Field checks for the create-table form, mirroring what HBase would reject (TableName, ColumnFamilyDescriptor,
 * TableDescriptorChecker) so the user sees it on the field, not as an engine error. Each returns an empty list when
 * the value is fine; the caller names the field (e.g. "families[1].blockSize").
 */
public final class TableValidation {
  public static final int MAX_NAME_LENGTH = 255;
  public static final int MIN_BLOCK_SIZE = 1024;
  public static final int MAX_BLOCK_SIZE = 16 * 1024 * 1024;
  public static final int MAX_REGIONS = 10_000;

  private static final Pattern NAMESPACE = Pattern.compile("[a-zA-Z0-9_]+");
  private static final Pattern QUALIFIER = Pattern.compile("[a-zA-Z0-9_][a-zA-Z0-9_.-]*");
  // HBase keeps these names for itself: ZooKeeper's znode and the directory of WAL edits being replayed
  private static final String DISALLOWED_TABLE_NAME = "zookeeper";
  private static final String RECOVERED_EDITS = "recovered.edits";

  private TableValidation() {}

  /** A namespace to create: HBase's characters, at most 128 of them. */
  public static List<FieldError> namespaceName(String field, String name) {
    if (name == null || name.length() > 128 || !NAMESPACE.matcher(name).matches()) {
      return error(field, "1 to 128 letters, digits or '_'");
    }
    return List.of();
  }

  /** {@code [namespace:]qualifier}; HBase's own rules, restricted to ASCII letters. */
  public static List<FieldError> tableName(String field, String name) {
    if (name == null || name.isEmpty()) {
      return error(field, "a table name is required");
    }
    if (name.length() > MAX_NAME_LENGTH) {
      return error(field, "at most " + MAX_NAME_LENGTH + " characters, namespace included");
    }
    int colon = name.indexOf(':');
    if (colon != name.lastIndexOf(':')) {
      return error(field, "at most one ':' (namespace:table)");
    }
    String qualifier = name.substring(colon + 1);
    if (colon >= 0) {
      String namespace = name.substring(0, colon);
      if (namespace.isEmpty()) {
        return error(field, "the namespace before ':' is empty");
      }
      if (!NAMESPACE.matcher(namespace).matches()) {
        return error(field, "the namespace may contain only letters, digits and '_'");
      }
      if (namespace.equals(DISALLOWED_TABLE_NAME)) {
        return error(field, "HBase reserves the name 'zookeeper'");
      }
    }
    if (qualifier.isEmpty()) {
      return error(field, "the table name after ':' is empty");
    }
    if (qualifier.startsWith(".") || qualifier.startsWith("-")) {
      return error(field, "a table name cannot start with '.' or '-'");
    }
    if (!QUALIFIER.matcher(qualifier).matches()) {
      return error(field, "a table name may contain only letters, digits, '_', '-' and '.'");
    }
    if (qualifier.equals(DISALLOWED_TABLE_NAME)) {
      return error(field, "HBase reserves the name 'zookeeper'");
    }
    return List.of();
  }

  /** Printable ASCII; no ':' (it separates family and qualifier), '\' or '/' (HBase refuses them); no leading '.'. */
  public static List<FieldError> familyName(String field, String name) {
    if (name == null || name.isEmpty()) {
      return error(field, "a column family name is required");
    }
    if (name.length() > MAX_NAME_LENGTH) {
      return error(field, "at most " + MAX_NAME_LENGTH + " characters");
    }
    if (name.startsWith(".")) {
      return error(field, "a column family name cannot start with '.'");
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c < ' ' || c > '~') {
        return error(field, "only printable ASCII characters are allowed");
      }
      if (c == ':' || c == '\\' || c == '/') {
        return error(field, "a column family name cannot contain '" + c + "'");
      }
    }
    if (name.equals(RECOVERED_EDITS)) {
      return error(field, "HBase reserves the name 'recovered.edits'");
    }
    return List.of();
  }

  public static List<FieldError> blockSize(String field, long bytes) {
    if (bytes < MIN_BLOCK_SIZE || bytes > MAX_BLOCK_SIZE) {
      return error(field, "block size must be between 1 KiB (1024) and 16 MiB (16777216) bytes");
    }
    return List.of();
  }

  /** NUMREGIONS goes with a split algorithm: required with one, meaningless without (the shell refuses both). */
  public static List<FieldError> numRegions(String field, SplitAlgorithmType algorithm, Integer numRegions) {
    if (algorithm == null) {
      return numRegions == null ? List.of() : error(field, "a region count needs a split algorithm");
    }
    if (numRegions == null) {
      return error(field, "a region count is required with " + algorithm.hbaseName());
    }
    if (numRegions < 2 || numRegions > MAX_REGIONS) {
      return error(field, "the region count must be between 2 and " + MAX_REGIONS);
    }
    return List.of();
  }

  public static List<FieldError> saltBuckets(String field, int buckets) {
    if (buckets < SaltedKeys.MIN_BUCKETS || buckets > SaltedKeys.MAX_BUCKETS) {
      return error(field, "salt buckets must be between " + SaltedKeys.MIN_BUCKETS + " and " + SaltedKeys.MAX_BUCKETS);
    }
    return List.of();
  }

  public static List<FieldError> compression(String field, String value) {
    return oneOf(field, Compression.parse(value), Compression.values());
  }

  public static List<FieldError> bloom(String field, String value) {
    return oneOf(field, BloomType.parse(value), BloomType.values());
  }

  public static List<FieldError> dataBlockEncoding(String field, String value) {
    return oneOf(field, DataBlockEncoding.parse(value), DataBlockEncoding.values());
  }

  /** "forever" (any case) or whole seconds, 1 up to HBase's maximum 2147483647 (which also means forever). */
  public static List<FieldError> ttl(String field, String value) {
    return parseTtl(value).isPresent() ? List.of()
        : error(field, "TTL must be \"forever\" or a whole number of seconds, at least 1");
  }

  /** The TTL in seconds, {@link FamilyPlan#FOREVER} for "forever"; empty when {@link #ttl} reports an error. */
  public static Optional<Long> parseTtl(String value) {
    if (value == null) {
      return Optional.empty();
    }
    String v = value.strip();
    if (v.toLowerCase(Locale.ROOT).equals("forever")) {
      return Optional.of(FamilyPlan.FOREVER);
    }
    if (!v.matches("[0-9]{1,10}")) {
      return Optional.empty();
    }
    long seconds = Long.parseLong(v);
    return seconds >= 1 && seconds <= FamilyPlan.FOREVER ? Optional.of(seconds) : Optional.empty();
  }

  /** MIN_VERSIONS and VERSIONS: at least one version kept, and the minimum not above it. */
  public static List<FieldError> versions(String minField, int minVersions, String maxField, int maxVersions) {
    if (maxVersions < 1) {
      return error(maxField, "keep at least 1 version");
    }
    if (minVersions < 0) {
      return error(minField, "minimum versions cannot be negative");
    }
    if (minVersions > maxVersions) {
      return error(minField, "minimum versions (" + minVersions + ") cannot exceed versions (" + maxVersions + ")");
    }
    return List.of();
  }

  public static List<FieldError> sampleCount(String field, int count) {
    if (count < 1 || count > SampleKeys.MAX_SAMPLES) {
      return error(field, "between 1 and " + SampleKeys.MAX_SAMPLES + " samples");
    }
    return List.of();
  }

  private static List<FieldError> oneOf(String field, Optional<?> parsed, Enum<?>[] values) {
    return parsed.isPresent() ? List.of() : error(field, "must be one of " + Options.list(values));
  }

  private static List<FieldError> error(String field, String message) {
    return List.of(new FieldError(field, message));
  }
}
