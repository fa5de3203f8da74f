package io.granary.benchmarks;

import io.granary.shared.problem.FieldError;
import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;

/**
 * A YCSB workload file (what {@code bin/ycsb -P} reads): checked here so a bad one fails at launch
 * with its field named, then handed to the bench agent unchanged. The run's own fields default to
 * what the file sets, as YCSB's client would read them.
 */
final class YcsbFile {
  static final int MAX_CHARS = 16_384;
  static final String CORE_WORKLOAD = "site.ycsb.workloads.CoreWorkload";
  static final Set<String> DISTRIBUTIONS = Set.of("uniform", "zipfian", "latest", "hotspot", "sequential",
      "exponential");
  private static final List<String> PROPORTIONS = List.of("readproportion", "updateproportion", "scanproportion",
      "insertproportion", "readmodifywriteproportion");

  private final Properties props;

  private YcsbFile(Properties props) {
    this.props = props;
  }

  /** The parsed file, or null with the problems added to {@code errors} under {@code field}. */
  static YcsbFile parse(String text, String field, List<FieldError> errors) {
    int before = errors.size();
    if (text.length() > MAX_CHARS) {
      errors.add(new FieldError(field, "a workload file of at most " + MAX_CHARS + " characters"));
      return null;
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x20 && c != '\n' && c != '\r' && c != '\t' || c == 0x7f) {
        long line = 1 + text.substring(0, i).chars().filter(ch -> ch == '\n').count();
        errors.add(new FieldError(field, "control character U+" + String.format(Locale.ROOT, "%04X", (int) c)
            + " on line " + line));
        return null;
      }
    }
    Properties p = new Properties();
    try {
      p.load(new StringReader(text));
    } catch (IOException | IllegalArgumentException e) {
      errors.add(new FieldError(field, "not a Java properties file: " + e.getMessage()));
      return null;
    }
    String workload = p.getProperty("workload");
    if (workload != null && !CORE_WORKLOAD.equals(workload.trim())) {
      errors.add(new FieldError(field, "workload=" + workload.trim() + ": only YCSB's " + CORE_WORKLOAD + " runs here"));
    }
    for (String key : PROPORTIONS) {
      String v = p.getProperty(key);
      if (v != null) {
        Double d = number(v);
        if (d == null || d < 0 || d > 1) {
          errors.add(new FieldError(field, key + "=" + v.trim() + ": a proportion between 0 and 1"));
        }
      }
    }
    integer(p, "recordcount", 1, 1_000_000_000L, field, errors);
    integer(p, "operationcount", 0, 10_000_000_000L, field, errors);
    integer(p, "fieldcount", 1, 1000, field, errors);
    integer(p, "fieldlength", 1, 1 << 20, field, errors);
    integer(p, "maxscanlength", 1, 10_000, field, errors);
    String dist = p.getProperty("requestdistribution");
    if (dist != null && !DISTRIBUTIONS.contains(dist.trim())) {
      errors.add(new FieldError(field, "requestdistribution=" + dist.trim() + ": one of "
          + String.join(", ", DISTRIBUTIONS.stream().sorted().toList())));
    }
    oneOf(p, "insertorder", Set.of("hashed", "ordered"), field, errors);
    oneOf(p, "readallfields", Set.of("true", "false"), field, errors);
    oneOf(p, "writeallfields", Set.of("true", "false"), field, errors);
    return errors.size() > before ? null : new YcsbFile(p);
  }

  Long recordCount() {
    return longOf("recordcount");
  }

  Long operationCount() {
    return longOf("operationcount");
  }

  Integer fieldCount() {
    Long v = longOf("fieldcount");
    return v == null ? null : v.intValue();
  }

  Integer fieldLength() {
    Long v = longOf("fieldlength");
    return v == null ? null : v.intValue();
  }

  Integer maxScanLength() {
    Long v = longOf("maxscanlength");
    return v == null ? null : v.intValue();
  }

  private Long longOf(String key) {
    String v = props.getProperty(key);
    return v == null ? null : Long.parseLong(v.trim());
  }

  private static Double number(String v) {
    try {
      double d = Double.parseDouble(v.trim());
      return Double.isFinite(d) ? d : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static void integer(Properties p, String key, long min, long max, String field, List<FieldError> errors) {
    String v = p.getProperty(key);
    if (v == null) {
      return;
    }
    try {
      long n = Long.parseLong(v.trim());
      if (n < min || n > max) {
        errors.add(new FieldError(field, key + "=" + n + ": must be between " + min + " and " + max));
      }
    } catch (NumberFormatException e) {
      errors.add(new FieldError(field, key + "=" + v.trim() + ": a whole number"));
    }
  }

  private static void oneOf(Properties p, String key, Set<String> values, String field, List<FieldError> errors) {
    String v = p.getProperty(key);
    if (v != null && !values.contains(v.trim())) {
      errors.add(new FieldError(field, key + "=" + v.trim() + ": one of " + String.join(", ", values.stream().sorted().toList())));
    }
  }
}
