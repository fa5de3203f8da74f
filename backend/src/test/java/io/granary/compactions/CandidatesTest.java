package io.granary.compactions;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.engine.EngineCompactions.RegionStat;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class CandidatesTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");

  static RegionStat region(String name, int stores, int files, float locality, Instant lastMajor) {
    return new RegionStat("t", name, name.getBytes(), new byte[0], "rs1,16020,1", stores, files, 0, locality,
        lastMajor, 0);
  }

  @Test
  void allSelectsEveryRegionMostNeedingFirst() {
    List<Candidates.Pick> picks = Candidates.select(List.of(region("a", 1, 2, 1f, null), region("b", 1, 7, 1f, null),
        region("c", 2, 8, 1f, null)), Thresholds.NONE, NOW);
    assertThat(picks).extracting(p -> p.region().encodedName()).containsExactly("b", "c", "a");
    assertThat(picks).allMatch(Candidates.Pick::selected);
  }

  @Test
  void regionsUnderEveryThresholdAreSkippedWithTheReason() {
    Thresholds t = new Thresholds(4, 80, 24);
    List<Candidates.Pick> picks = Candidates.select(List.of(
        region("many-files", 1, 6, 1f, NOW.minusSeconds(3600)),
        region("remote", 1, 1, 0.5f, NOW.minusSeconds(3600)),
        region("old", 1, 1, 1f, NOW.minusSeconds(48 * 3600)),
        region("fine", 1, 2, 0.95f, NOW.minusSeconds(3600))), t, NOW);
    assertThat(picks).filteredOn(Candidates.Pick::selected).extracting(p -> p.region().encodedName())
        .containsExactly("many-files", "remote", "old");
    Candidates.Pick fine = picks.stream().filter(p -> !p.selected()).findFirst().orElseThrow();
    assertThat(fine.region().encodedName()).isEqualTo("fine");
    assertThat(fine.reason()).contains("2.0 store files per store < 4", "locality 95% ≥ 80%",
        "last major compaction 1 h ago < 24 h");
    assertThat(picks.get(0).reason()).isEqualTo("6.0 store files per store ≥ 4");
  }

  @Test
  void aNeverCompactedRegionIsOldEnough() {
    List<Candidates.Pick> picks = Candidates.select(List.of(region("new", 1, 1, 1f, null)),
        new Thresholds(null, null, 1), NOW);
    assertThat(picks.get(0).selected()).isTrue();
    assertThat(picks.get(0).reason()).isEqualTo("never major-compacted");
  }
}
