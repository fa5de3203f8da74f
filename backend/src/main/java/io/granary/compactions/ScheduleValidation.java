package io.granary.compactions;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import io.granary.shared.problem.FieldError;
import io.granary.shared.web.PlainText;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.scheduling.support.CronExpression;

/** Checks a schedule's fields on their own; whether its target exists is the service's call. */
public final class ScheduleValidation {
  static final int MAX_NAME = 80;
  static final int MAX_PATTERN = 200;

  private ScheduleValidation() {}

  public static List<FieldError> validate(Schedule.Input in, Instant now) {
    List<FieldError> errors = new ArrayList<>();
    if (in.name() == null || in.name().isBlank()) {
      errors.add(new FieldError("name", "a name is required"));
    } else if (in.name().length() > MAX_NAME) {
      errors.add(new FieldError("name", "at most " + MAX_NAME + " characters"));
    } else if (PlainText.problem(in.name()) != null) {
      errors.add(new FieldError("name", PlainText.problem(in.name())));
    }
    if (in.targetKind() == null) {
      errors.add(new FieldError("targetKind", "TABLE, NAMESPACE or PATTERN"));
    } else if (in.targetKind() == Schedule.TargetKind.REGION || in.targetKind() == Schedule.TargetKind.SERVER) {
      errors.add(new FieldError("targetKind", "a schedule targets a TABLE, NAMESPACE or PATTERN"));
    }
    if (in.target() == null || in.target().isBlank()) {
      errors.add(new FieldError("target", "a target is required"));
    } else if (in.targetKind() == Schedule.TargetKind.PATTERN) {
      if (in.target().length() > MAX_PATTERN) {
        errors.add(new FieldError("target", "at most " + MAX_PATTERN + " characters"));
      } else {
        // RE2 syntax: matching is linear in the name's length, so no pattern can backtrack for minutes
        try {
          Pattern.compile(in.target());
        } catch (PatternSyntaxException e) {
          errors.add(new FieldError("target", "not a valid regular expression (RE2 syntax: no backreferences or"
              + " lookaround): " + e.getDescription()));
        }
      }
    } else if (in.target().length() > MAX_NAME * 4) {
      errors.add(new FieldError("target", "at most " + MAX_NAME * 4 + " characters"));
    }
    CronExpression cron = null;
    try {
      cron = CronWindows.parse(in.cron());
    } catch (IllegalArgumentException e) {
      errors.add(new FieldError("cron", "not a valid cron expression: " + e.getMessage()));
    }
    ZoneId zone = null;
    try {
      zone = ZoneId.of(in.timeZone() == null ? "" : in.timeZone());
    } catch (DateTimeException e) {
      errors.add(new FieldError("timeZone", "unknown time zone '" + in.timeZone() + "' (e.g. UTC, Europe/Berlin)"));
    }
    if (in.durationMinutes() == null || in.durationMinutes() < 1) {
      errors.add(new FieldError("durationMinutes", "must be at least 1 minute"));
    } else if (cron != null && zone != null) {
      Optional<Duration> period = CronWindows.shortestPeriod(cron, zone, now);
      if (period.isEmpty()) {
        errors.add(new FieldError("cron", "never fires"));
      } else if (Duration.ofMinutes(in.durationMinutes()).compareTo(period.get()) > 0) {
        errors.add(new FieldError("durationMinutes", "the window (" + in.durationMinutes()
            + " min) is longer than the shortest time between two starts (" + period.get().toMinutes()
            + " min): windows would overlap"));
      }
    }
    if (in.maxPerServer() == null || in.maxPerServer() < 1) {
      errors.add(new FieldError("maxPerServer", "must be at least 1"));
    }
    if (in.maxPerCluster() == null || in.maxPerCluster() < 1) {
      errors.add(new FieldError("maxPerCluster", "must be at least 1"));
    }
    if (in.selection() == null) {
      errors.add(new FieldError("selection", "ALL or THRESHOLD"));
    } else if (in.selection() == Schedule.Selection.THRESHOLD && in.minStoreFiles() == null
        && in.maxLocalityPercent() == null && in.minHoursSinceMajor() == null) {
      errors.add(new FieldError("selection", "THRESHOLD needs at least one threshold"));
    }
    positive(errors, "minStoreFilesPerStore", in.minStoreFiles());
    positive(errors, "minHoursSinceMajor", in.minHoursSinceMajor());
    if (in.maxLocalityPercent() != null && (in.maxLocalityPercent() < 1 || in.maxLocalityPercent() > 100)) {
      errors.add(new FieldError("maxLocalityPercent", "between 1 and 100"));
    }
    return errors;
  }

  private static void positive(List<FieldError> errors, String field, Integer v) {
    if (v != null && v < 1) {
      errors.add(new FieldError(field, "must be at least 1"));
    }
  }
}
