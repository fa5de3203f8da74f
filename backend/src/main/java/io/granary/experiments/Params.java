package io.granary.experiments;

import io.granary.shared.problem.FieldError;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * One experiment parameter as the catalog shows it, and its reading from a launch: a list of options
 * ({@code choices}), a list of whole numbers ({@code integers}) or one ({@code integer}). A missing
 * value takes the default; a bad one becomes a field error on {@code params.<name>}.
 */
record Params(String name, String label, Kind kind, List<String> options, long min, long max, String unit,
    String help) {
  enum Kind { choices, integers, integer }

  static Params choices(String name, String label, List<String> options, String help) {
    return new Params(name, label, Kind.choices, options, 0, 0, null, help);
  }

  static Params integers(String name, String label, long min, long max, String unit, String help) {
    return new Params(name, label, Kind.integers, List.of(), min, max, unit, help);
  }

  static Params integer(String name, String label, long min, long max, String unit, String help) {
    return new Params(name, label, Kind.integer, List.of(), min, max, unit, help);
  }

  String field() {
    return "params." + name;
  }

  /** The chosen options, distinct, in the catalog's order; null (with an error) when invalid. */
  List<String> choicesOf(JsonNode given, Map<String, Object> defaults, List<FieldError> errors) {
    JsonNode v = given.path(name);
    if (v.isMissingNode() || v.isNull()) {
      @SuppressWarnings("unchecked")
      List<String> d = (List<String>) defaults.get(name);
      return d;
    }
    if (!v.isArray() || v.isEmpty()) {
      errors.add(new FieldError(field(), "choose one or more of " + String.join(", ", options)));
      return null;
    }
    LinkedHashSet<String> picked = new LinkedHashSet<>();
    for (JsonNode e : v) {
      String s = e.isString() ? e.asString() : e.toString();
      if (!options.contains(s)) {
        errors.add(new FieldError(field(), "'" + (s.length() > 40 ? s.substring(0, 40) + "…" : s)
            + "' is not one of " + String.join(", ", options)));
        return null;
      }
      picked.add(s);
    }
    return options.stream().filter(picked::contains).toList();
  }

  /** The whole numbers, distinct and sorted; null (with an error) when invalid. */
  List<Long> integersOf(JsonNode given, Map<String, Object> defaults, List<FieldError> errors) {
    JsonNode v = given.path(name);
    if (v.isMissingNode() || v.isNull()) {
      List<Long> out = new ArrayList<>();
      for (Object o : (List<?>) defaults.get(name)) {
        out.add(((Number) o).longValue());
      }
      return out;
    }
    if (!v.isArray() || v.isEmpty() || v.size() > 16) {
      errors.add(new FieldError(field(), "give 1 to 16 whole numbers from " + min + " to " + max + unitText()));
      return null;
    }
    java.util.TreeSet<Long> out = new java.util.TreeSet<>();
    for (JsonNode e : v) {
      Long n = whole(e);
      if (n == null || n < min || n > max) {
        errors.add(new FieldError(field(), "each value must be a whole number from " + min + " to " + max + unitText()
            + ", got " + abbreviated(e)));
        return null;
      }
      out.add(n);
    }
    return List.copyOf(out);
  }

  /** One whole number; null (with an error) when invalid. */
  Long integerOf(JsonNode given, Map<String, Object> defaults, List<FieldError> errors) {
    JsonNode v = given.path(name);
    if (v.isMissingNode() || v.isNull()) {
      return ((Number) defaults.get(name)).longValue();
    }
    Long n = whole(v);
    if (n == null || n < min || n > max) {
      errors.add(new FieldError(field(), "must be a whole number from " + min + " to " + max + unitText() + ", got "
          + abbreviated(v)));
      return null;
    }
    return n;
  }

  private String unitText() {
    return unit == null ? "" : " " + unit;
  }

  private static Long whole(JsonNode e) {
    if (!e.isNumber()) {
      return null;
    }
    if (e.isIntegralNumber()) {
      return e.canConvertToLong() ? e.asLong() : null;
    }
    double d = e.asDouble();
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? (long) d : null;
  }

  private static String abbreviated(JsonNode e) {
    String s = e.toString();
    return s.length() > 40 ? s.substring(0, 40) + "…" : s;
  }
}
