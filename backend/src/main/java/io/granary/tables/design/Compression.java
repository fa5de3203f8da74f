package io.granary.tables.design;

import java.util.Optional;

/** The column-family compression codecs the console offers (HBase names; the shell upper-cases them too). */
public enum Compression {
  NONE, GZ, SNAPPY, LZ4, ZSTD;

  public static Optional<Compression> parse(String text) {
    return Options.parse(values(), text);
  }
}
