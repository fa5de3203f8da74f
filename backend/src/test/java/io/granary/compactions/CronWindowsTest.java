package io.granary.compactions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class CronWindowsTest {
  static final Instant T = Instant.parse("2026-11-21T00:30:00Z");

  @Test
  void aDailyWindowIsOpenOnlyBetweenItsStartAndEndInItsZone() {
    CronWindows w = CronWindows.of("0 1 * * *", "Europe/Berlin", 240); // 01:00 Berlin = 00:00 UTC in winter
    assertThat(w.openAt(Instant.parse("2026-11-20T23:59:59Z"))).isEmpty();
    CronWindows.Window open = w.openAt(T).orElseThrow();
    assertThat(open.start()).isEqualTo(Instant.parse("2026-11-21T00:00:00Z"));
    assertThat(open.end()).isEqualTo(Instant.parse("2026-11-21T04:00:00Z"));
    assertThat(w.openAt(Instant.parse("2026-11-21T03:59:59Z"))).contains(open);
    assertThat(w.openAt(Instant.parse("2026-11-21T04:00:00Z"))).isEmpty();
  }

  @Test
  void theWindowStartsExactlyAtTheCronTime() {
    CronWindows w = CronWindows.of("15 2 * * *", "UTC", 10);
    assertThat(w.openAt(Instant.parse("2026-11-21T02:15:00Z")).orElseThrow().start())
        .isEqualTo(Instant.parse("2026-11-21T02:15:00Z"));
    assertThat(w.openAt(Instant.parse("2026-11-21T02:14:59Z"))).isEmpty();
  }

  @Test
  void nextStartsAreInOrder() {
    assertThat(CronWindows.of("0 1 * * *", "UTC", 60).nextStarts(T, 3)).containsExactly(
        Instant.parse("2026-11-21T01:00:00Z"), Instant.parse("2026-11-22T01:00:00Z"),
        Instant.parse("2026-11-23T01:00:00Z"));
  }

  @Test
  void macrosAndFiveFieldsParseAndOtherShapesDoNot() {
    assertThat(CronWindows.parse("@daily")).isNotNull();
    assertThat(CronWindows.parse("*/15 * * * 1-5")).isNotNull();
    assertThatThrownBy(() -> CronWindows.parse("0 0 1 * * *")).hasMessageContaining("expected 5 fields");
    assertThatThrownBy(() -> CronWindows.parse("61 * * * *")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> CronWindows.parse(" ")).hasMessageContaining("required");
  }

  @Test
  void theShortestPeriodIsTheSmallestGapBetweenStarts() {
    ZoneId utc = ZoneId.of("UTC");
    assertThat(CronWindows.shortestPeriod(CronWindows.parse("0 1 * * *"), utc, T)).contains(Duration.ofDays(1));
    // 01:00 and 03:00 every day: the 2 h gap counts, not the 22 h one
    assertThat(CronWindows.shortestPeriod(CronWindows.parse("0 1,3 * * *"), utc, T)).contains(Duration.ofHours(2));
    assertThat(CronWindows.shortestPeriod(CronWindows.parse("*/10 * * * *"), utc, T)).contains(Duration.ofMinutes(10));
  }
}
