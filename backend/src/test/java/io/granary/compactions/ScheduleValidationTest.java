package io.granary.compactions;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.compactions.Schedule.Selection;
import io.granary.compactions.Schedule.TargetKind;
import io.granary.shared.problem.FieldError;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScheduleValidationTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");

  static Schedule.Input valid() {
    return new Schedule.Input("nightly", TargetKind.TABLE, "usertable", "0 1 * * *", "Europe/Berlin", 240, 1, 2,
        Selection.THRESHOLD, 3, null, null, false, true);
  }

  static List<String> fields(Schedule.Input in) {
    return ScheduleValidation.validate(in, NOW).stream().map(FieldError::field).toList();
  }

  @Test
  void aValidScheduleHasNoErrors() {
    assertThat(fields(valid())).isEmpty();
  }

  @Test
  void eachBadFieldIsNamed() {
    Schedule.Input v = valid();
    assertThat(fields(new Schedule.Input(" ", v.targetKind(), v.target(), v.cron(), v.timeZone(), v.durationMinutes(),
        v.maxPerServer(), v.maxPerCluster(), v.selection(), 3, null, null, false, true))).containsExactly("name");
    assertThat(fields(new Schedule.Input(v.name(), v.targetKind(), v.target(), "every night", v.timeZone(),
        v.durationMinutes(), v.maxPerServer(), v.maxPerCluster(), v.selection(), 3, null, null, false, true)))
        .containsExactly("cron");
    assertThat(fields(new Schedule.Input(v.name(), v.targetKind(), v.target(), v.cron(), "Mars/Olympus",
        v.durationMinutes(), v.maxPerServer(), v.maxPerCluster(), v.selection(), 3, null, null, false, true)))
        .containsExactly("timeZone");
    assertThat(fields(new Schedule.Input(v.name(), v.targetKind(), v.target(), v.cron(), v.timeZone(), 240, 0, -1,
        v.selection(), 3, null, null, false, true))).containsExactly("maxPerServer", "maxPerCluster");
    assertThat(fields(new Schedule.Input(v.name(), TargetKind.PATTERN, "usertable[", v.cron(), v.timeZone(), 240, 1,
        1, v.selection(), 3, null, null, false, true))).containsExactly("target");
    assertThat(fields(new Schedule.Input(v.name(), v.targetKind(), v.target(), v.cron(), v.timeZone(), 240, 1, 1,
        Selection.THRESHOLD, null, null, null, false, true))).containsExactly("selection");
    assertThat(fields(new Schedule.Input(v.name(), v.targetKind(), v.target(), v.cron(), v.timeZone(), 240, 1, 1,
        Selection.THRESHOLD, 0, 101, null, false, true))).containsExactly("minStoreFilesPerStore", "maxLocalityPercent");
  }

  @Test
  void aWindowLongerThanItsPeriodIsRefused() {
    Schedule.Input v = valid();
    List<FieldError> errors = ScheduleValidation.validate(new Schedule.Input(v.name(), v.targetKind(), v.target(),
        "0 */4 * * *", v.timeZone(), 241, 1, 1, Selection.ALL, null, null, null, false, true), NOW);
    assertThat(errors).singleElement().satisfies(f -> {
      assertThat(f.field()).isEqualTo("durationMinutes");
      assertThat(f.message()).contains("longer than the shortest time between two starts (240 min)");
    });
    assertThat(ScheduleValidation.validate(new Schedule.Input(v.name(), v.targetKind(), v.target(), "0 */4 * * *",
        v.timeZone(), 240, 1, 1, Selection.ALL, null, null, null, false, true), NOW)).isEmpty();
  }

  @Test
  void regionAndServerAreNotScheduleTargets() {
    Schedule.Input v = valid();
    assertThat(fields(new Schedule.Input(v.name(), TargetKind.SERVER, "h,1,2", v.cron(), v.timeZone(), 60, 1, 1,
        Selection.ALL, null, null, null, false, true))).containsExactly("targetKind");
  }

  static Schedule.Input pattern(String name, String target) {
    Schedule.Input v = valid();
    return new Schedule.Input(name, TargetKind.PATTERN, target, v.cron(), v.timeZone(), v.durationMinutes(),
        v.maxPerServer(), v.maxPerCluster(), v.selection(), 3, null, null, false, true);
  }

  @Test
  void patternsAreRe2SoBackreferencesAndLookaroundAreRefused() {
    assertThat(fields(pattern("p", "(a)\\1"))).containsExactly("target");
    assertThat(fields(pattern("p", "(?=usr).*"))).containsExactly("target");
    assertThat(fields(pattern("p", "x".repeat(201)))).containsExactly("target");
    assertThat(fields(pattern("p", "ns:user.*"))).isEmpty();
  }

  @Test
  @org.junit.jupiter.api.Timeout(20)
  void aNestedQuantifierMatchesInLinearTime() {
    // java.util.regex needs ~2^40 steps for this input; RE2 answers at once
    assertThat(fields(pattern("p", "(a+)+b"))).isEmpty();
    Schedule.Input in = pattern("p", "(a+)+b");
    Run run = new Run(0L, 0L, null, null, Run.Trigger.MANUAL, true, in.targetKind(), in.target(), null, null, null,
        1, 1, Run.State.RUNNING, null, false, null, null, null, null, "test", null, null);
    var matcher = CompactionRunner.matcher(run);
    String name = "a".repeat(40) + "c";
    assertThat(matcher.test(new io.granary.engine.EngineCompactions.RegionStat(name, "r", new byte[0], new byte[0],
        "s", 1, 1, 1L, 1.0f, null, 0L))).isFalse();
  }

  @Test
  void markupInTheNameIsRefused() {
    assertThat(fields(pattern("<b>x</b>", "a.*"))).containsExactly("name");
    assertThat(fields(pattern("tab\tname", "a.*"))).containsExactly("name");
  }
}
