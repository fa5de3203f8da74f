package io.granary.provisioning.config;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import com.fasterxml.jackson.annotation.JsonValue;
import io.granary.provisioning.model.ConfigFile;
import io.granary.provisioning.model.Role;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A well-known config key with its type, for typed validation of overrides and typed inputs in the
 * console ({@link KnownKeys#all()}).
 *
 * @param file the file the key belongs in
 * @param min lower bound, inclusive (for {@link Type#BYTES} in bytes, for {@link
 *     Type#DURATION_MS} in milliseconds); null: none
 * @param max upper bound, inclusive; null: none
 * @param defaultValue what the daemon uses when the key is unset (upstream's default, not
 *     Granary's sizing); null when it depends on other keys
 * @param roles the roles whose behaviour the key changes, in {@link Role} order; each reads {@code
 *     file}
 */
@JsonInclude(Include.NON_NULL)
public record KnownKey(
    String key,
    ConfigFile file,
    Type type,
    BigDecimal min,
    BigDecimal max,
    String defaultValue,
    String description,
    List<Role> roles) {

  public KnownKey {
    roles = List.copyOf(roles);
  }

  /** A value's type; the id is what the API and the console use. */
  public enum Type {
    INT("int", "a whole number"),
    FLOAT("float", "a number"),
    BOOL("bool", "true or false"),
    /** Hadoop's binary prefixes k, m, g, t, p, e (no fraction); the plan writes plain bytes. */
    BYTES("bytes", "a size in bytes, optionally with k, m, g or t (e.g. 128m)"),
    DURATION_MS("duration-ms", "a whole number of milliseconds"),
    STRING("string", "text");

    private final String id;
    private final String what;

    Type(String id, String what) {
      this.id = id;
      this.what = what;
    }

    @JsonValue
    public String id() {
      return id;
    }

    /** "a whole number", for messages. */
    public String what() {
      return what;
    }
  }

  private static final Pattern INT = Pattern.compile("[+-]?\\d+");
  private static final Pattern FLOAT =
      Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
  private static final Pattern BYTES =
      Pattern.compile("(\\d+)([kmgtpe]?)", Pattern.CASE_INSENSITIVE);
  private static final Pattern DIGITS = Pattern.compile("\\d+");
  private static final String PREFIXES = "kmgtpe";
  private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

  /**
   * Why {@code value} does not fit this key's type and bounds, as a message naming the expected
   * type; empty when it fits.
   */
  public Optional<String> problem(String value) {
    String v = value == null ? "" : value.trim();
    boolean fits =
        switch (type) {
          case BOOL -> v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false");
          case STRING -> true;
          default -> number(v).filter(this::inBounds).isPresent();
        };
    if (fits) {
      return Optional.empty();
    }
    return Optional.of(
        key + " takes " + type.id() + " (" + type.what() + bounds() + "); got '" + v + "'");
  }

  /**
   * The value as the daemons read it: a size as plain bytes (HBase reads most sizes with {@code
   * getLong}, which takes no prefix), a boolean in lower case, anything else trimmed. Call it on a
   * value without a {@link #problem}.
   */
  public String normalize(String value) {
    String v = value.trim();
    return switch (type) {
      case BYTES -> bytes(v).map(BigInteger::toString).orElse(v);
      case BOOL -> v.toLowerCase(Locale.ROOT);
      default -> v;
    };
  }

  /** ", at least 1" / ", between 0 and 0.8" / ""; sizes also with their prefix. */
  String bounds() {
    if (min != null && max != null) {
      return ", between " + bound(min) + " and " + bound(max);
    }
    if (min != null) {
      return ", at least " + bound(min);
    }
    return max != null ? ", at most " + bound(max) : "";
  }

  private String bound(BigDecimal b) {
    String plain = b.toPlainString();
    if (type != Type.BYTES || b.signum() <= 0) {
      return plain;
    }
    BigInteger n = b.toBigInteger();
    for (int i = PREFIXES.length(); i > 0; i--) {
      BigInteger unit = BigInteger.valueOf(1024).pow(i);
      if (n.mod(unit).signum() == 0) {
        return plain + " (" + n.divide(unit) + PREFIXES.charAt(i - 1) + ")";
      }
    }
    return plain;
  }

  /** "128m" → 134217728, as Hadoop's {@code getLongBytes} reads it; empty if not a size. */
  static Optional<BigInteger> bytes(String v) {
    Matcher m = BYTES.matcher(v);
    if (!m.matches()) {
      return Optional.empty();
    }
    BigInteger n = new BigInteger(m.group(1));
    if (!m.group(2).isEmpty()) {
      int power = PREFIXES.indexOf(m.group(2).toLowerCase(Locale.ROOT)) + 1;
      n = n.multiply(BigInteger.valueOf(1024).pow(power));
    }
    return n.compareTo(LONG_MAX) <= 0 ? Optional.of(n) : Optional.empty();
  }

  /** The value as a number of this type (a size in bytes); empty when it is not one. */
  private Optional<BigDecimal> number(String v) {
    return switch (type) {
      case INT -> INT.matcher(v).matches() ? within(v, Integer.MAX_VALUE) : Optional.empty();
      case FLOAT -> FLOAT.matcher(v).matches() ? Optional.of(new BigDecimal(v)) : Optional.empty();
      case BYTES -> bytes(v).map(BigDecimal::new);
      case DURATION_MS ->
          DIGITS.matcher(v).matches() ? within(v, Long.MAX_VALUE) : Optional.empty();
      case BOOL, STRING -> Optional.empty();
    };
  }

  private boolean inBounds(BigDecimal n) {
    return (min == null || n.compareTo(min) >= 0) && (max == null || n.compareTo(max) <= 0);
  }

  /** Only what the daemon's {@code getInt} / {@code getLong} can read. */
  private static Optional<BigDecimal> within(String v, long limit) {
    BigDecimal n = new BigDecimal(v);
    return n.abs().compareTo(BigDecimal.valueOf(limit)) <= 0 ? Optional.of(n) : Optional.empty();
  }
}
