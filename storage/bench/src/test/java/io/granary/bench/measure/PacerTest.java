package io.granary.bench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class PacerTest {
  @Test
  void intendedStartsFollowTheRateFromTheOffset() {
    Pacer p = new Pacer(1_000, 4, 100);
    assertEquals(1_100, p.next());
    assertEquals(1_100 + 250_000_000, p.next());
    assertEquals(1_100 + 500_000_000, p.next());
  }

  @Test
  void aRateMustBePositive() {
    assertThrows(IllegalArgumentException.class, () -> new Pacer(0, 0, 0));
    assertThrows(IllegalArgumentException.class, () -> new Pacer(0, -5, 0));
  }

  @Test
  void latencyPercentilesAreMilliseconds() {
    org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(OpStats.HIGHEST_MICROS, 3);
    for (int i = 1; i <= 100; i++) {
      h.recordValue(i * 1000L);
    }
    Latency l = Latency.of(h);
    assertEquals(50, l.p50(), 0.1);
    assertEquals(99, l.p99(), 0.1);
    assertEquals(100, l.max(), 0.1);
    assertEquals(0, Latency.of(new org.HdrHistogram.Histogram(3)).p99());
  }
}
