package io.granary.engine;

import java.util.List;

/** A table to create, or one read back from HBase, in plain types. */
public record TableSpec(String name, List<Family> families, Settings settings, List<byte[]> splitKeys) {
  public TableSpec {
    families = List.copyOf(families);
    splitKeys = splitKeys == null ? List.of() : List.copyOf(splitKeys);
  }

  /** ttlSeconds = Integer.MAX_VALUE means forever, as in HBase. */
  public record Family(String name, String compression, String bloomFilter, int blockSizeBytes,
      String dataBlockEncoding, int ttlSeconds, int minVersions, int maxVersions, boolean inMemory,
      boolean blockCacheEnabled) {}

  /** Null fields keep HBase's defaults. */
  public record Settings(Long maxFileSizeBytes, Long memstoreFlushSizeBytes, String durability,
      Boolean compactionEnabled, String splitPolicy) {
    public static final Settings DEFAULTS = new Settings(null, null, null, null, null);
  }
}
