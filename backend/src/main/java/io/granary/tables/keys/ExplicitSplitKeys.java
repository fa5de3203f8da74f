package io.granary.tables.keys;

import io.granary.shared.problem.FieldError;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** Split keys pasted by a user, one per line in {@code \xNN} text (what {@link #format} prints). */
public final class ExplicitSplitKeys {
  public static final String FIELD = "keys";
  /** 10,000 regions at most, as the NUMREGIONS limit. */
  public static final int MAX_KEYS = 9_999;
  static final int MAX_ERRORS = 20;

  private ExplicitSplitKeys() {}

  /** Sorted, distinct keys plus notes on what was fixed up; {@code errors} non-empty means no keys. */
  public record Parsed(List<byte[]> keys, List<String> messages, List<FieldError> errors) {
    public Parsed {
      keys = List.copyOf(keys);
      messages = List.copyOf(messages);
      errors = List.copyOf(errors);
    }

    public boolean ok() {
      return errors.isEmpty();
    }
  }

  /**
   * One key per line ({@code \n} or {@code \r\n}; a final line break is not an extra key). Keys are sorted in HBase's
   * unsigned byte order and de-duplicated; empty keys and malformed escapes are field errors naming the line.
   */
  public static Parsed parse(String text) {
    List<String> lines = lines(text == null ? "" : text);
    List<FieldError> errors = new ArrayList<>();
    List<byte[]> keys = new ArrayList<>();
    boolean spaced = false;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isEmpty()) {
        // the empty row is the table's start key: it cannot also be a split point
        errors.add(new FieldError(FIELD, "line " + (i + 1) + ": empty key (remove blank lines)"));
        continue;
      }
      RowKeys.Decoded d = RowKeys.parseBinary(line);
      if (!d.ok()) {
        errors.add(new FieldError(FIELD, "line " + (i + 1) + ": " + d.error()));
        continue;
      }
      spaced |= !line.strip().equals(line);
      keys.add(d.bytes());
    }
    if (lines.isEmpty()) {
      errors.add(new FieldError(FIELD, "no split keys given"));
    }
    if (errors.size() > MAX_ERRORS) {
      int more = errors.size() - MAX_ERRORS;
      errors.subList(MAX_ERRORS, errors.size()).clear();
      errors.add(new FieldError(FIELD, "and " + more + " more problem" + (more == 1 ? "" : "s")));
    }
    if (!errors.isEmpty()) {
      return new Parsed(List.of(), List.of(), errors);
    }
    TreeSet<byte[]> distinct = new TreeSet<>(RowKeys.ORDER);
    distinct.addAll(keys);
    if (distinct.size() > MAX_KEYS) {
      return new Parsed(List.of(), List.of(), List.of(new FieldError(FIELD,
          distinct.size() + " distinct keys: at most " + MAX_KEYS + " (10,000 regions)")));
    }
    List<String> messages = new ArrayList<>();
    int duplicates = keys.size() - distinct.size();
    if (duplicates > 0) {
      messages.add(duplicates + (duplicates == 1 ? " duplicate key removed" : " duplicate keys removed"));
    }
    if (!isSorted(keys)) {
      messages.add("keys were not sorted; sorted them");
    }
    if (spaced) {
      messages.add("some keys start or end with spaces; the spaces are part of the key");
    }
    return new Parsed(new ArrayList<>(distinct), messages, List.of());
  }

  /** One key per line in {@link RowKeys#toStringBinary} form; {@link #parse} reads it back unchanged. */
  public static String format(List<byte[]> keys) {
    StringBuilder sb = new StringBuilder();
    for (byte[] k : keys) {
      sb.append(RowKeys.toStringBinary(k)).append('\n');
    }
    return sb.toString();
  }

  private static List<String> lines(String text) {
    List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
    if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
      lines.remove(lines.size() - 1);
    }
    lines.replaceAll(l -> l.endsWith("\r") ? l.substring(0, l.length() - 1) : l);
    return lines;
  }

  private static boolean isSorted(List<byte[]> keys) {
    for (int i = 1; i < keys.size(); i++) {
      if (RowKeys.compare(keys.get(i - 1), keys.get(i)) > 0) {
        return false;
      }
    }
    return true;
  }
}
