package io.granary.experiments.sweep;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The points of a sweep, each a level index per factor. A full factorial is every combination; a
 * fractional factorial (two-level factors only) is the smallest regular 2^(k−p) fraction whose
 * resolution is at least IV, so no main effect is aliased with another main effect or with a
 * two-factor interaction. Its generators are found by search: each added factor is a product of
 * three or more base factors, chosen for the highest resolution, then the fewest shortest words of
 * the defining relation (minimum aberration).
 */
public record Design(List<Factor> factors, List<int[]> points, boolean fractional, int resolution,
    List<String> generators, List<String> definingRelation) {

  /** The resolution of a full factorial: no word in its defining relation. */
  public static final int FULL = Integer.MAX_VALUE;
  static final int MIN_RESOLUTION = 4;
  private static final int MAX_FACTORS = 16;

  public int runs() {
    return points.size();
  }

  public static Design full(List<Factor> factors) {
    List<int[]> points = new ArrayList<>();
    int[] idx = new int[factors.size()];
    while (true) {
      points.add(idx.clone());
      int f = factors.size() - 1;
      while (f >= 0 && ++idx[f] == factors.get(f).size()) {
        idx[f] = 0;
        f--;
      }
      if (f < 0) {
        return new Design(factors, points, false, FULL, List.of(), List.of());
      }
    }
  }

  /**
   * The smallest resolution-IV (or better) regular fraction of two-level factors; a full factorial
   * when no fraction reaches IV (fewer than 5 factors need every run except for 4 factors: 8 of 16).
   */
  public static Design fractional(List<Factor> factors) {
    int k = factors.size();
    for (Factor f : factors) {
      if (f.size() != 2) {
        throw new IllegalArgumentException("a fractional design takes two-level factors; " + f.label() + " has "
            + f.size() + " levels (choose two, or a full factorial)");
      }
    }
    if (k > MAX_FACTORS) {
      throw new IllegalArgumentException("at most " + MAX_FACTORS + " factors, got " + k);
    }
    for (int base = 1; base < k; base++) {
      Choice best = bestGenerators(base, k - base);
      if (best != null && best.resolution >= MIN_RESOLUTION) {
        return build(factors, base, best);
      }
    }
    return full(factors);
  }

  private record Choice(int[] generators, int resolution, int shortest) {}

  /** The best p generator words over {@code base} factors, or null when there are too few candidates. */
  static Choice bestGenerators(int base, int p) {
    List<Integer> candidates = new ArrayList<>();
    for (int w = 1; w < (1 << base); w++) {
      if (Integer.bitCount(w) >= 3) {
        candidates.add(w);
      }
    }
    if (candidates.size() < p) {
      return null;
    }
    Choice[] best = {null};
    int[] chosen = new int[p];
    search(candidates, 0, 0, chosen, base, best);
    return best[0];
  }

  private static void search(List<Integer> candidates, int from, int depth, int[] chosen, int base, Choice[] best) {
    if (depth == chosen.length) {
      int[] words = definingWords(chosen, base);
      int res = Integer.MAX_VALUE;
      int shortest = 0;
      for (int w : words) {
        int len = Integer.bitCount(w);
        if (len < res) {
          res = len;
          shortest = 1;
        } else if (len == res) {
          shortest++;
        }
      }
      Choice c = new Choice(chosen.clone(), res, shortest);
      Choice b = best[0];
      if (b == null || c.resolution > b.resolution || (c.resolution == b.resolution && c.shortest < b.shortest)) {
        best[0] = c;
      }
      return;
    }
    for (int i = from; i <= candidates.size() - (chosen.length - depth); i++) {
      chosen[depth] = candidates.get(i);
      search(candidates, i + 1, depth + 1, chosen, base, best);
    }
  }

  /**
   * Every non-empty product of the defining words "generator × its added factor", as bit sets over
   * all factors (base factors first, then the added ones).
   */
  static int[] definingWords(int[] generators, int base) {
    int p = generators.length;
    int[] words = new int[(1 << p) - 1];
    for (int s = 1; s < (1 << p); s++) {
      int w = 0;
      for (int j = 0; j < p; j++) {
        if ((s & (1 << j)) != 0) {
          w ^= generators[j] | (1 << (base + j));
        }
      }
      words[s - 1] = w;
    }
    return words;
  }

  private static Design build(List<Factor> factors, int base, Choice c) {
    int k = factors.size();
    List<int[]> points = new ArrayList<>();
    for (int run = 0; run < (1 << base); run++) {
      int[] p = new int[k];
      int[] sign = new int[k];
      for (int b = 0; b < base; b++) {
        // the base factors in standard order: the first changes slowest
        int bit = (run >> (base - 1 - b)) & 1;
        p[b] = bit;
        sign[b] = bit == 1 ? 1 : -1;
      }
      for (int j = 0; j < c.generators.length; j++) {
        int s = 1;
        for (int b = 0; b < base; b++) {
          if ((c.generators[j] & (1 << b)) != 0) {
            s *= sign[b];
          }
        }
        p[base + j] = s > 0 ? 1 : 0;
      }
      points.add(p);
    }
    List<String> gens = new ArrayList<>();
    for (int j = 0; j < c.generators.length; j++) {
      gens.add(factors.get(base + j).key() + " = " + word(factors, c.generators[j]));
    }
    List<String> relation = new ArrayList<>();
    for (int w : definingWords(c.generators, base)) {
      relation.add(word(factors, w));
    }
    relation.sort((a, b) -> Integer.compare(a.split("·").length, b.split("·").length));
    return new Design(factors, points, true, c.resolution, gens, relation);
  }

  static String word(List<Factor> factors, int bits) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < factors.size(); i++) {
      if ((bits & (1 << i)) != 0) {
        names.add(factors.get(i).key());
      }
    }
    return String.join("·", names);
  }

  /** The resolution as design tables write it. */
  public String resolutionName() {
    return resolution == FULL ? "full" : switch (resolution) {
      case 3 -> "III";
      case 4 -> "IV";
      case 5 -> "V";
      case 6 -> "VI";
      case 7 -> "VII";
      case 8 -> "VIII";
      default -> String.valueOf(resolution);
    };
  }

  /** One run of the sweep: a point of the design, one operation, one repetition. */
  public record Run(int point, String operation, int repetition) {}

  /** Every point × operation × repetition, in a random order from {@code seed} (the protocol's randomization). */
  public List<Run> runOrder(List<String> operations, int repetitions, long seed) {
    List<Run> runs = new ArrayList<>();
    for (int r = 1; r <= repetitions; r++) {
      for (int p = 0; p < points.size(); p++) {
        for (String op : operations) {
          runs.add(new Run(p, op, r));
        }
      }
    }
    Collections.shuffle(runs, new Random(seed));
    return runs;
  }
}
