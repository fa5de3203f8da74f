package io.granary.experiments.sweep;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.regression.OLSMultipleLinearRegression;

/**
 * Ordinary least squares of one response (an operation's seconds) on the sweep's factors: main
 * effects and two-factor interactions, with standard errors, t and p values, R² and adjusted R²
 * (Apache Commons Math). A column that is a linear combination of earlier ones (an alias in a
 * fractional design, or a constant) is left out and named with what it is aliased to; so are the
 * interactions when too few runs remain to estimate them with error degrees of freedom.
 */
public final class Regression {
  private Regression() {}

  public record Term(String name, double coefficient, double standardError, double t, double p) {}

  public record Fit(List<Term> terms, double rSquared, double adjustedRSquared, int observations, int errorDf,
      double criticalT, List<String> omitted) {}

  /** A model column: its name, the factors it involves and its values per observation. */
  public record Column(String name, List<String> factors, double[] values) {}

  /** Main effects, then the two-factor interactions, coded as {@link Factor} says. */
  public static List<Column> columns(List<Factor> factors, List<int[]> levels, boolean interactions) {
    int n = levels.size();
    List<Column> mains = new ArrayList<>();
    for (int f = 0; f < factors.size(); f++) {
      Factor factor = factors.get(f);
      List<String> names = factor.columns();
      for (int c = 0; c < names.size(); c++) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
          v[i] = factor.code(levels.get(i)[f])[c];
        }
        mains.add(new Column(names.get(c), List.of(factor.key()), v));
      }
    }
    List<Column> out = new ArrayList<>(mains);
    if (interactions) {
      for (int a = 0; a < mains.size(); a++) {
        for (int b = a + 1; b < mains.size(); b++) {
          Column x = mains.get(a);
          Column y = mains.get(b);
          if (x.factors().equals(y.factors())) {
            continue;
          }
          double[] v = new double[n];
          for (int i = 0; i < n; i++) {
            v[i] = x.values()[i] * y.values()[i];
          }
          out.add(new Column(x.name() + " × " + y.name(), List.of(x.factors().get(0), y.factors().get(0)), v));
        }
      }
    }
    return out;
  }

  /** The fit of {@code y} on the intercept and {@code columns}. */
  public static Fit fit(List<Column> columns, double[] y) {
    int n = y.length;
    List<Column> kept = new ArrayList<>();
    List<String> omitted = new ArrayList<>();
    List<double[]> basis = new ArrayList<>();
    basis.add(normalized(constant(n)));
    for (Column c : columns) {
      double[] residual = residual(c.values(), basis);
      if (norm(residual) <= 1e-9 * Math.max(1, norm(c.values()))) {
        omitted.add(c.name() + aliasOf(c, kept));
        continue;
      }
      // an interaction is estimable only with error degrees of freedom left for the test
      if (c.factors().size() > 1 && n - (kept.size() + 2) < 1) {
        omitted.add(c.name() + " (too few runs)");
        continue;
      }
      kept.add(c);
      basis.add(normalized(residual));
    }
    int p = kept.size() + 1;
    if (n - p < 1) {
      throw new IllegalArgumentException(n + " observations cannot estimate " + p + " coefficients with an error term");
    }
    double[][] x = new double[n][kept.size()];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < kept.size(); j++) {
        x[i][j] = kept.get(j).values()[i];
      }
    }
    OLSMultipleLinearRegression ols = new OLSMultipleLinearRegression();
    ols.newSampleData(y, x);
    double[] beta = ols.estimateRegressionParameters();
    double[] se = ols.estimateRegressionParametersStandardErrors();
    int df = n - p;
    TDistribution t = new TDistribution(df);
    List<Term> terms = new ArrayList<>();
    for (int j = 0; j < p; j++) {
      double tv = se[j] == 0 ? (beta[j] == 0 ? 0 : Double.POSITIVE_INFINITY) : beta[j] / se[j];
      double pv = Double.isInfinite(tv) ? 0 : 2 * (1 - t.cumulativeProbability(Math.abs(tv)));
      terms.add(new Term(j == 0 ? "(intercept)" : kept.get(j - 1).name(), beta[j], se[j], tv, pv));
    }
    double r2 = ols.calculateRSquared();
    double adj = ols.calculateAdjustedRSquared();
    return new Fit(terms, r2, adj, n, df, t.inverseCumulativeProbability(0.975), omitted);
  }

  private static String aliasOf(Column c, List<Column> kept) {
    for (Column k : kept) {
      if (same(c.values(), k.values(), 1) || same(c.values(), k.values(), -1)) {
        return " (aliased with " + (same(c.values(), k.values(), 1) ? "" : "−") + k.name() + ")";
      }
    }
    return " (a combination of earlier terms)";
  }

  private static boolean same(double[] a, double[] b, int sign) {
    for (int i = 0; i < a.length; i++) {
      if (Math.abs(a[i] - sign * b[i]) > 1e-9) {
        return false;
      }
    }
    return true;
  }

  private static double[] constant(int n) {
    double[] v = new double[n];
    java.util.Arrays.fill(v, 1);
    return v;
  }

  private static double[] residual(double[] v, List<double[]> orthonormal) {
    double[] r = v.clone();
    for (double[] q : orthonormal) {
      double d = dot(r, q);
      for (int i = 0; i < r.length; i++) {
        r[i] -= d * q[i];
      }
    }
    return r;
  }

  private static double[] normalized(double[] v) {
    double n = norm(v);
    double[] out = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = v[i] / n;
    }
    return out;
  }

  private static double dot(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  private static double norm(double[] v) {
    return Math.sqrt(dot(v, v));
  }
}
