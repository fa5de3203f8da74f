package io.granary.tables.design;

import java.util.Optional;

/** Column-family bloom filter types (HBase {@code BloomType}). */
public enum BloomType {
  NONE, ROW, ROWCOL, ROWPREFIX_FIXED_LENGTH;

  public static Optional<BloomType> parse(String text) {
    return Options.parse(values(), text);
  }
}
