package io.granary.experiments.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class RegressionTest {
  /** statsmodels' OLS of a 72-run sweep (ols_fixture.py beside the fixture made it, offline). */
  @Test
  void matchesStatsmodelsOnAKnownDataSet() throws Exception {
    JsonNode d;
    try (InputStream in = getClass().getResourceAsStream("/experiments/ols-fixture.json")) {
      d = JsonMapper.builder().build().readTree(in);
    }
    List<Factor> factors = new ArrayList<>();
    for (JsonNode f : d.get("factors")) {
      List<String> levels = new ArrayList<>();
      f.get("levels").forEach(l -> levels.add(l.asString()));
      factors.add(new Factor(f.get("key").asString(), f.get("key").asString(), levels, f.get("ordered").asBoolean()));
    }
    List<int[]> levels = new ArrayList<>();
    for (JsonNode row : d.get("levels")) {
      int[] r = new int[row.size()];
      for (int i = 0; i < r.length; i++) {
        r[i] = row.get(i).asInt();
      }
      levels.add(r);
    }
    double[] y = new double[d.get("y").size()];
    for (int i = 0; i < y.length; i++) {
      y[i] = d.get("y").get(i).asDouble();
    }
    Regression.Fit fit = Regression.fit(Regression.columns(factors, levels, true), y);

    assertThat(fit.omitted()).isEmpty();
    assertThat(fit.terms()).hasSize(d.get("terms").size());
    for (int i = 0; i < fit.terms().size(); i++) {
      Regression.Term ours = fit.terms().get(i);
      JsonNode theirs = d.get("terms").get(i);
      assertThat(ours.name()).isEqualTo(theirs.get("name").asString());
      assertThat(ours.coefficient()).as(ours.name()).isCloseTo(theirs.get("coefficient").asDouble(), within(1e-9));
      assertThat(ours.standardError()).as(ours.name()).isCloseTo(theirs.get("standardError").asDouble(), within(1e-9));
      assertThat(ours.t()).as(ours.name()).isCloseTo(theirs.get("t").asDouble(), within(1e-7));
      assertThat(ours.p()).as(ours.name()).isCloseTo(theirs.get("p").asDouble(), within(1e-9));
    }
    assertThat(fit.rSquared()).isCloseTo(d.get("rSquared").asDouble(), within(1e-10));
    assertThat(fit.adjustedRSquared()).isCloseTo(d.get("adjustedRSquared").asDouble(), within(1e-10));
    assertThat(fit.errorDf()).isEqualTo(d.get("errorDf").asInt());
    // t(57) at 97.5%
    assertThat(fit.criticalT()).isCloseTo(2.0025, within(1e-4));
  }

  @Test
  void aliasedInteractionsOfAFractionAreNamedNotFitted() {
    List<Factor> f = new ArrayList<>();
    for (String k : List.of("A", "B", "C", "D")) {
      f.add(new Factor(k, k, List.of("lo", "hi"), false));
    }
    Design d = Design.fractional(f); // 8 runs, D = A·B·C
    List<int[]> levels = new ArrayList<>(d.points());
    levels.addAll(d.points()); // two repetitions
    double[] y = new double[levels.size()];
    for (int i = 0; i < y.length; i++) {
      y[i] = 5 + (levels.get(i)[0] == 1 ? 2 : -2) + (i % 3) * 0.1;
    }
    Regression.Fit fit = Regression.fit(Regression.columns(f, levels, true), y);
    // A·B is aliased with C·D, A·C with B·D, A·D with B·C: three of six interactions stay
    assertThat(fit.terms()).extracting(Regression.Term::name)
        .containsExactly("(intercept)", "A", "B", "C", "D", "A × B", "A × C", "A × D");
    assertThat(fit.omitted()).containsExactly("B × C (aliased with A × D)", "B × D (aliased with A × C)",
        "C × D (aliased with A × B)");
    assertThat(fit.terms().get(1).coefficient()).isCloseTo(2, within(0.1));
  }

  @Test
  void tooFewRunsForTheMainEffectsIsRefused() {
    List<Factor> f = List.of(new Factor("A", "A", List.of("0", "1"), false), new Factor("B", "B", List.of("0", "1"), false));
    List<int[]> levels = List.of(new int[] {0, 0}, new int[] {1, 1}, new int[] {0, 1});
    assertThatThrownBy(() -> Regression.fit(Regression.columns(f, levels, false), new double[] {1, 2, 3}))
        .hasMessageContaining("3 observations cannot estimate 3 coefficients");
  }
}
