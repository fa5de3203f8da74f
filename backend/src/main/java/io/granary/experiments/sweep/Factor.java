package io.granary.experiments.sweep;

import java.util.ArrayList;
import java.util.List;

/**
 * One factor of a sweep and the levels chosen for it. How a level enters the regression:
 * two levels are coded −1/+1; more levels of a quantity (regions 1/5/30) are one linear term over
 * the level's rank, −1 … +1; more levels of a kind (compression NONE/GZ/ZSTD) are one indicator
 * column per level after the first.
 */
public record Factor(String key, String label, List<String> levels, boolean ordered) {
  public Factor {
    if (levels.size() < 2) {
      throw new IllegalArgumentException(key + " needs at least two levels");
    }
    levels = List.copyOf(levels);
  }

  public int size() {
    return levels.size();
  }

  /** Indicator columns: a factor of kinds with more than two levels. */
  public boolean indicators() {
    return !ordered && levels.size() > 2;
  }

  /** The model's column names for this factor's main effect. */
  public List<String> columns() {
    if (!indicators()) {
      return List.of(key);
    }
    List<String> out = new ArrayList<>();
    for (int i = 1; i < levels.size(); i++) {
      out.add(key + "=" + levels.get(i));
    }
    return out;
  }

  /** The coded values of level {@code i}, one per column. */
  public double[] code(int i) {
    if (!indicators()) {
      return new double[] {levels.size() == 2 ? (i == 0 ? -1 : 1) : -1 + 2.0 * i / (levels.size() - 1)};
    }
    double[] c = new double[levels.size() - 1];
    if (i > 0) {
      c[i - 1] = 1;
    }
    return c;
  }
}
