package io.granary.experiments;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Medians over repetitions and the shapes every figure shares. */
final class Figures {
  private Figures() {}

  static Double median(List<Double> values) {
    if (values == null || values.isEmpty()) {
      return null;
    }
    double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(v);
    int n = v.length;
    return round(n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2);
  }

  static Double ratio(Double a, Double b) {
    return a == null || b == null || b == 0 ? null : Math.round(a / b * 100) / 100.0;
  }

  static String times(double ratio) {
    return String.format(Locale.ROOT, ratio >= 10 ? "%.0f×" : "%.2f×", ratio);
  }

  static double round(double v) {
    return Math.round(v * 10) / 10.0;
  }

  /** One bar series per name, its median per category (null where it has no result). */
  static List<ExperimentType.Series> bars(List<String> names, List<String> categories,
      Map<String, Map<String, List<Double>>> byCategory) {
    List<ExperimentType.Series> out = new ArrayList<>();
    for (String name : names) {
      List<Double> values = new ArrayList<>();
      for (String c : categories) {
        values.add(median(byCategory.getOrDefault(c, Map.of()).get(name)));
      }
      out.add(new ExperimentType.Series(name, "bar", values));
    }
    return out;
  }
}
