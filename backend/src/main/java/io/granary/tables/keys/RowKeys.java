package io.granary.tables.keys;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;

/** Row keys as HBase sees them: unsigned lexicographic byte order and the {@code \xNN} text form. */
public final class RowKeys {
  /** HBase's row order ({@code Bytes.compareTo}): unsigned bytes, a prefix sorts before its extensions. */
  public static final Comparator<byte[]> ORDER = Arrays::compareUnsigned;

  private static final char[] HEX_UPPER = "0123456789ABCDEF".toCharArray();

  private RowKeys() {}

  public static int compare(byte[] a, byte[] b) {
    return Arrays.compareUnsigned(a, b);
  }

  /** Same rules as HBase {@code Bytes.toStringBinary}: printable ASCII except {@code \} kept, all else {@code \xNN}. */
  public static String toStringBinary(byte[] key) {
    StringBuilder sb = new StringBuilder(key.length);
    for (byte b : key) {
      int ch = b & 0xFF;
      if (ch >= ' ' && ch <= '~' && ch != '\\') {
        sb.append((char) ch);
      } else {
        sb.append("\\x").append(HEX_UPPER[ch / 16]).append(HEX_UPPER[ch % 16]);
      }
    }
    return sb.toString();
  }

  /** A decoded key, or why the text could not be decoded. */
  public record Decoded(byte[] bytes, String error) {
    public boolean ok() {
      return error == null;
    }
  }

  /**
   * The inverse of {@link #toStringBinary}: {@code \xNN} gives one raw byte, {@code \\} a backslash, other characters
   * their UTF-8 bytes (what the HBase shell sends for a Ruby string). Stricter than HBase {@code Bytes.toBytesBinary},
   * which silently keeps malformed escapes: a typo in a split key should be reported, not stored.
   */
  public static Decoded parseBinary(String text) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(text.length());
    int literalStart = 0;
    int i = 0;
    while (i < text.length()) {
      if (text.charAt(i) != '\\') {
        i++;
        continue;
      }
      out.writeBytes(text.substring(literalStart, i).getBytes(StandardCharsets.UTF_8));
      if (i + 1 < text.length() && text.charAt(i + 1) == '\\') {
        out.write('\\');
        i += 2;
      } else if (i + 3 < text.length() && text.charAt(i + 1) == 'x'
          && hexDigit(text.charAt(i + 2)) >= 0 && hexDigit(text.charAt(i + 3)) >= 0) {
        out.write(hexDigit(text.charAt(i + 2)) * 16 + hexDigit(text.charAt(i + 3)));
        i += 4;
      } else {
        String seen = text.substring(i, Math.min(text.length(), i + 4));
        return new Decoded(null, "malformed escape \"" + seen + "\" at character " + (i + 1)
            + ": use \\xNN (two hex digits) for a byte or \\\\ for a backslash");
      }
      literalStart = i;
    }
    out.writeBytes(text.substring(literalStart).getBytes(StandardCharsets.UTF_8));
    return new Decoded(out.toByteArray(), null);
  }

  private static int hexDigit(char c) {
    if (c >= '0' && c <= '9') {
      return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
      return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
      return c - 'A' + 10;
    }
    return -1;
  }
}
