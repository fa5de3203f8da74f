package io.granary.tables.design;

/** A planned column family, as far as lint needs it. {@code ttlSeconds} is {@link #FOREVER} when no TTL is set. */
public record FamilyPlan(String name, Compression compression, BloomType bloom, long ttlSeconds) {
  /** HBase's own "no TTL" value (HConstants.FOREVER). */
  public static final long FOREVER = Integer.MAX_VALUE;

  public boolean hasTtl() {
    return ttlSeconds != FOREVER;
  }
}
