package io.granary.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EstimatesTest {
  @Test
  void fewRunsGiveTheFullRangeWithItsTrueCoverage() {
    Estimates.Estimate e = Estimates.of(new double[] {30, 10, 20});
    assertEquals(20, e.median());
    assertEquals(10, e.low());
    assertEquals(30, e.high());
    assertEquals(0.75, e.confidence(), 1e-9);
  }

  @Test
  void sixRunsReachNinetyFivePercentAndMoreRunsNarrowTheInterval() {
    Estimates.Estimate six = Estimates.of(new double[] {1, 2, 3, 4, 5, 6});
    assertEquals(3.5, six.median());
    assertTrue(six.confidence() >= 0.95);
    assertEquals(1, six.low());
    assertEquals(6, six.high());
    double[] twenty = new double[20];
    for (int i = 0; i < 20; i++) {
      twenty[i] = i + 1;
    }
    Estimates.Estimate e = Estimates.of(twenty);
    assertTrue(e.confidence() >= 0.95 && e.confidence() < 0.99, "coverage " + e.confidence());
    // the textbook pair for n = 20 is (6, 15)
    assertEquals(6, e.low());
    assertEquals(15, e.high());
  }

  @Test
  void oneOrNoRunHasNoInterval() {
    assertEquals(0, Estimates.of(new double[0]).n());
    Estimates.Estimate one = Estimates.of(new double[] {7});
    assertEquals(7, one.median());
    assertEquals(0, one.confidence());
  }
}
