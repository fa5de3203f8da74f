package io.granary.tables.design;

import java.util.Optional;

/** Column-family data block encodings (HBase {@code DataBlockEncoding}) the console offers. */
public enum DataBlockEncoding {
  NONE, PREFIX, DIFF, FAST_DIFF, ROW_INDEX_V1;

  public static Optional<DataBlockEncoding> parse(String text) {
    return Options.parse(values(), text);
  }
}
