package io.granary.experiments.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DesignTest {
  static List<Factor> twoLevel(int k) {
    List<Factor> f = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      f.add(new Factor(String.valueOf((char) ('A' + i)), "f" + i, List.of("lo", "hi"), false));
    }
    return f;
  }

  @Test
  void aFullFactorialHasEveryCombinationOnce() {
    List<Factor> f = List.of(new Factor("a", "a", List.of("x", "y"), false),
        new Factor("r", "r", List.of("1", "5", "30"), true), new Factor("c", "c", List.of("N", "G", "Z"), false));
    Design d = Design.full(f);
    assertThat(d.runs()).isEqualTo(18);
    Set<String> seen = new HashSet<>();
    d.points().forEach(p -> seen.add(java.util.Arrays.toString(p)));
    assertThat(seen).hasSize(18);
    assertThat(d.resolutionName()).isEqualTo("full");
  }

  /** The smallest resolution-IV fractions of the design tables (Montgomery, table 8.14). */
  @Test
  void fractionsAreTheSmallestOfResolutionFourOrMore() {
    int[][] expected = {{4, 8, 4}, {5, 16, 5}, {6, 16, 4}, {7, 16, 4}, {8, 16, 4}, {9, 32, 4}, {10, 32, 4}};
    for (int[] e : expected) {
      Design d = Design.fractional(twoLevel(e[0]));
      assertThat(d.runs()).as("%d factors", e[0]).isEqualTo(e[1]);
      assertThat(d.resolution()).as("%d factors", e[0]).isEqualTo(e[2]);
      assertThat(d.fractional()).isTrue();
    }
    assertThat(Design.fractional(twoLevel(4)).generators()).containsExactly("D = A·B·C");
    assertThat(Design.fractional(twoLevel(4)).definingRelation()).containsExactly("A·B·C·D");
    // three factors have no resolution-IV fraction: every run
    assertThat(Design.fractional(twoLevel(3)).runs()).isEqualTo(8);
  }

  /** Balanced and orthogonal: each factor at each level in half the runs, every pair in each combination a quarter. */
  @Test
  void fractionsAreBalancedAndOrthogonal() {
    for (int k = 4; k <= 10; k++) {
      Design d = Design.fractional(twoLevel(k));
      int n = d.runs();
      for (int a = 0; a < k; a++) {
        int high = 0;
        for (int[] p : d.points()) {
          high += p[a];
        }
        assertThat(high).as("k=%d factor %d", k, a).isEqualTo(n / 2);
        for (int b = a + 1; b < k; b++) {
          int both = 0;
          for (int[] p : d.points()) {
            both += p[a] * p[b];
          }
          assertThat(both).as("k=%d factors %d,%d", k, a, b).isEqualTo(n / 4);
        }
      }
      // resolution IV: no main effect column equals a two-factor interaction column
      for (int a = 0; a < k; a++) {
        for (int b = 0; b < k; b++) {
          for (int c = b + 1; c < k; c++) {
            if (a == b || a == c) {
              continue;
            }
            boolean equal = true;
            boolean opposite = true;
            for (int[] p : d.points()) {
              int main = p[a] == 1 ? 1 : -1;
              int inter = (p[b] == 1 ? 1 : -1) * (p[c] == 1 ? 1 : -1);
              equal &= main == inter;
              opposite &= main == -inter;
            }
            assertThat(equal || opposite).as("k=%d: %d aliased with %d·%d", k, a, b, c).isFalse();
          }
        }
      }
    }
  }

  @Test
  void aFractionTakesTwoLevelFactorsOnly() {
    List<Factor> f = new ArrayList<>(twoLevel(4));
    f.add(new Factor("regions", "Regions", List.of("1", "5", "30"), true));
    assertThatThrownBy(() -> Design.fractional(f)).hasMessageContaining("Regions has 3 levels");
  }

  @Test
  void theRunOrderIsEveryRunOnceShuffledBySeed() {
    Design d = Design.fractional(twoLevel(5));
    List<Design.Run> a = d.runOrder(List.of("put", "get"), 2, 7);
    assertThat(a).hasSize(16 * 2 * 2).doesNotHaveDuplicates();
    assertThat(d.runOrder(List.of("put", "get"), 2, 7)).isEqualTo(a);
    assertThat(d.runOrder(List.of("put", "get"), 2, 8)).isNotEqualTo(a).containsExactlyInAnyOrderElementsOf(a);
  }
}
