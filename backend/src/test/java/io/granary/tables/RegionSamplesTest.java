package io.granary.tables;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RegionSamplesTest {
  static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");

  static byte[] k(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  static RegionSamples.Sample s(int second, String region, String start, String end, String server, long reads,
      long writes) {
    return new RegionSamples.Sample(T0.plusSeconds(second), region, k(start), k(end), server, reads, writes);
  }

  @Test
  void ratesAreDifferencesOfNeighbouringSamplesPerRangeInKeyOrder() {
    List<RegionSamples.Sample> samples = List.of(
        s(0, "b", "m", "", "rs1", 0, 0), s(0, "a", "", "m", "rs1", 0, 0),
        s(10, "a", "", "m", "rs1", 100, 1000), s(10, "b", "m", "", "rs1", 0, 10),
        s(20, "a", "", "m", "rs1", 100, 3000), s(20, "b", "m", "", "rs1", 50, 20));
    RegionSamples.Heatmap h = RegionSamples.heatmap(RegionSamples.Metric.WRITES, samples);
    assertThat(h.times()).containsExactly(T0.plusSeconds(10), T0.plusSeconds(20));
    assertThat(h.ranges()).extracting(r -> new String(r.startKey(), StandardCharsets.UTF_8)).containsExactly("", "m");
    assertThat(h.values().get(0)).containsExactly(100.0, 200.0);
    assertThat(h.values().get(1)).containsExactly(1.0, 1.0);
    RegionSamples.Heatmap total = RegionSamples.heatmap(RegionSamples.Metric.TOTAL, samples);
    assertThat(total.values().get(1)).containsExactly(1.0, 6.0);
  }

  @Test
  void aNeighbourNotYetReportedDoesNotWidenARegionIntoASecondRange() {
    // at 10 s region "c" (from "t") was not reported yet, so "b" looked like m..(end)
    List<RegionSamples.Sample> samples = List.of(
        s(0, "a", "", "m", "rs1", 0, 0), s(0, "b", "m", "", "rs1", 0, 0),
        s(10, "a", "", "m", "rs1", 0, 10), s(10, "b", "m", "", "rs1", 0, 20),
        s(20, "a", "", "m", "rs1", 0, 20), s(20, "b", "m", "t", "rs1", 0, 40), s(20, "c", "t", "", "rs2", 0, 5),
        s(30, "a", "", "m", "rs1", 0, 30), s(30, "b", "m", "t", "rs1", 0, 60), s(30, "c", "t", "", "rs2", 0, 15));
    RegionSamples.Heatmap h = RegionSamples.heatmap(RegionSamples.Metric.WRITES, samples);
    assertThat(h.ranges()).extracting(RegionSamples.Range::label).containsExactly("..m", "m..t", "t..");
    assertThat(h.values().get(1)).containsExactly(2.0, 2.0, 2.0);
    assertThat(h.values().get(2)).containsExactly(null, null, 1.0);
  }

  @Test
  void aRegionThatMovedOrIsNewHasNoValueForThatInterval() {
    List<RegionSamples.Sample> samples = List.of(
        s(0, "a", "", "", "rs1", 0, 500),
        s(10, "a", "", "", "rs2", 0, 10),
        s(20, "a", "", "", "rs2", 0, 110));
    RegionSamples.Heatmap h = RegionSamples.heatmap(RegionSamples.Metric.WRITES, samples);
    assertThat(h.values().get(0)).containsExactly(null, 10.0);
  }

  @Test
  void theRangeTakingMostWritesIsCalledOutAndAnEvenSpreadIsNot() {
    List<RegionSamples.Sample> skewed = new ArrayList<>();
    List<RegionSamples.Sample> even = new ArrayList<>();
    String[] starts = {"", "4", "8", "c"};
    for (int t = 0; t <= 20; t += 10) {
      for (int i = 0; i < 4; i++) {
        String end = i == 3 ? "" : starts[i + 1];
        skewed.add(s(t, "r" + i, starts[i], end, "rs1", 0, i == 3 ? t * 100L : t));
        even.add(s(t, "r" + i, starts[i], end, "rs1", 0, t * 10L));
      }
    }
    RegionSamples.Heatmap h = RegionSamples.heatmap(RegionSamples.Metric.WRITES, skewed);
    assertThat(h.hot()).hasSize(1);
    assertThat(new String(h.hot().get(0).range().startKey(), StandardCharsets.UTF_8)).isEqualTo("c");
    assertThat(h.hot().get(0).share()).isGreaterThan(0.9);
    assertThat(h.hot().get(0).message()).contains("97% of the writes").contains("4 ranges would be 25%");
    assertThat(RegionSamples.heatmap(RegionSamples.Metric.WRITES, even).hot()).isEmpty();
  }

  @Test
  void longWindowsAreAveragedIntoAtMostTheColumnLimit() {
    List<RegionSamples.Sample> samples = new ArrayList<>();
    for (int t = 0; t <= 1000; t++) {
      samples.add(s(t, "a", "", "", "rs1", 0, t * (long) t));
    }
    RegionSamples.Heatmap h = RegionSamples.downsampled(RegionSamples.heatmap(RegionSamples.Metric.WRITES, samples), 240);
    assertThat(h.times()).hasSize(200);
    assertThat(h.times().get(0)).isEqualTo(T0.plusSeconds(5));
    // intervals 1..5 write 1, 3, 5, 7, 9 per second: the column is their mean
    assertThat(h.values().get(0).get(0)).isEqualTo(5.0);
    assertThat(h.times().get(199)).isEqualTo(T0.plusSeconds(1000));
  }

  @Test
  void oneSampleGivesNoColumns() {
    RegionSamples.Heatmap h = RegionSamples.heatmap(RegionSamples.Metric.TOTAL, List.of(s(0, "a", "", "", "rs1", 1, 1)));
    assertThat(h.times()).isEmpty();
    assertThat(h.ranges()).isEmpty();
    assertThat(h.hot()).isEmpty();
  }
}
