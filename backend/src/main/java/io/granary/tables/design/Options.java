package io.granary.tables.design;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** Case-insensitive lookup of the option enums, as the HBase shell upper-cases COMPRESSION, BLOOMFILTER, .... */
final class Options {
  private Options() {}

  static <E extends Enum<E>> Optional<E> parse(E[] values, String text) {
    if (text == null) {
      return Optional.empty();
    }
    String upper = text.strip().toUpperCase(Locale.ROOT);
    return Arrays.stream(values).filter(v -> v.name().equals(upper)).findFirst();
  }

  static String list(Enum<?>[] values) {
    return Arrays.stream(values).map(Enum::name).collect(Collectors.joining(", "));
  }
}
