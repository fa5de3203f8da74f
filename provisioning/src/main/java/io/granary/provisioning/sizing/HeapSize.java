package io.granary.provisioning.sizing;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** JVM heap sizes: parsed from "512m", "2g" or a plain number of MB; written as -Xmx accepts. */
public final class HeapSize {
  private static final Pattern SIZE =
      Pattern.compile("(\\d+)\\s*([mg]?)b?", Pattern.CASE_INSENSITIVE);

  private HeapSize() {}

  public static OptionalInt parseMb(Object value) {
    if (value instanceof Integer i) {
      return OptionalInt.of(i);
    }
    if (value instanceof Long l && l <= Integer.MAX_VALUE) {
      return OptionalInt.of(l.intValue());
    }
    if (value instanceof BigDecimal d && d.signum() >= 0 && d.stripTrailingZeros().scale() <= 0) {
      return OptionalInt.of(d.intValue());
    }
    if (value instanceof String s) {
      Matcher m = SIZE.matcher(s.trim());
      if (m.matches() && m.group(1).length() <= 7) {
        int n = Integer.parseInt(m.group(1));
        return OptionalInt.of(m.group(2).toLowerCase(Locale.ROOT).equals("g") ? n * 1024 : n);
      }
    }
    return OptionalInt.empty();
  }

  /** "14g" when whole gigabytes, else "640m". */
  public static String format(int mb) {
    return mb % 1024 == 0 ? (mb / 1024) + "g" : mb + "m";
  }

  /** "14 GiB" / "640 MiB", for rule texts. */
  public static String human(int mb) {
    return mb % 1024 == 0 ? (mb / 1024) + " GiB" : mb + " MiB";
  }
}
