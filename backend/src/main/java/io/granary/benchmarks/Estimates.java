package io.granary.benchmarks;

import java.util.Arrays;

/**
 * The median of repeated runs with a distribution-free confidence interval: the order statistics
 * (k, n+1-k) around the median cover it with probability 1 - 2·P(Binomial(n, ½) < k). With fewer
 * than 6 runs no pair reaches 95%, so the interval is the full range and its actual coverage is said.
 */
public final class Estimates {
  private Estimates() {}

  public record Estimate(int n, double median, double low, double high, double confidence) {}

  public static Estimate of(double[] values) {
    int n = values.length;
    if (n == 0) {
      return new Estimate(0, 0, 0, 0, 0);
    }
    double[] v = values.clone();
    Arrays.sort(v);
    double median = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    if (n == 1) {
      return new Estimate(1, median, v[0], v[0], 0);
    }
    // the narrowest interval (largest k) that still covers the median with >= 95%
    int best = 1;
    for (int k = 1; k <= n / 2; k++) {
      if (coverage(n, k) >= 0.95) {
        best = k;
      }
    }
    return new Estimate(n, median, v[best - 1], v[n - best], Math.round(coverage(n, best) * 1000) / 1000.0);
  }

  /** P(X_(k) <= median <= X_(n+1-k)) = 1 - 2 · P(Binomial(n, 1/2) <= k - 1). */
  static double coverage(int n, int k) {
    double tail = 0;
    for (int i = 0; i < k; i++) {
      tail += binom(n, i) / Math.pow(2, n);
    }
    return 1 - 2 * tail;
  }

  private static double binom(int n, int k) {
    double r = 1;
    for (int i = 1; i <= k; i++) {
      r = r * (n - k + i) / i;
    }
    return r;
  }
}
