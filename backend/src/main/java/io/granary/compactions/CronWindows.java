package io.granary.compactions;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.scheduling.support.CronExpression;

/**
 * A schedule's calendar: crontab (5 fields or a macro) in a time zone, each start opening a
 * window of a fixed duration.
 */
public final class CronWindows {
  /** How many upcoming starts are looked at to find the shortest period. */
  private static final int PERIOD_SAMPLES = 400;

  private final CronExpression cron;
  private final ZoneId zone;
  private final Duration duration;

  public record Window(Instant start, Instant end) {
    public boolean contains(Instant t) {
      return !t.isBefore(start) && t.isBefore(end);
    }
  }

  private CronWindows(CronExpression cron, ZoneId zone, Duration duration) {
    this.cron = cron;
    this.zone = zone;
    this.duration = duration;
  }

  public static CronWindows of(String crontab, String zone, int durationMinutes) {
    return new CronWindows(parse(crontab), ZoneId.of(zone), Duration.ofMinutes(durationMinutes));
  }

  /** Parses crontab syntax (minute hour day-of-month month day-of-week, or @daily …); IllegalArgumentException if invalid. */
  public static CronExpression parse(String crontab) {
    if (crontab == null || crontab.isBlank()) {
      throw new IllegalArgumentException("a cron expression is required");
    }
    String t = crontab.trim();
    if (t.startsWith("@")) {
      return CronExpression.parse(t);
    }
    String[] fields = t.split("\\s+");
    if (fields.length != 5) {
      throw new IllegalArgumentException("expected 5 fields (minute hour day-of-month month day-of-week), got "
          + fields.length);
    }
    return CronExpression.parse("0 " + String.join(" ", fields));
  }

  /** The shortest gap between consecutive starts over the next {@value #PERIOD_SAMPLES} starts. */
  public static Optional<Duration> shortestPeriod(CronExpression cron, ZoneId zone, Instant from) {
    ZonedDateTime prev = cron.next(from.atZone(zone));
    Duration min = null;
    for (int i = 0; i < PERIOD_SAMPLES && prev != null; i++) {
      ZonedDateTime next = cron.next(prev);
      if (next == null) {
        break;
      }
      Duration gap = Duration.between(prev, next);
      if (min == null || gap.compareTo(min) < 0) {
        min = gap;
      }
      prev = next;
    }
    return Optional.ofNullable(min);
  }

  /** The window open at {@code now}, if any (validation keeps windows from overlapping). */
  public Optional<Window> openAt(Instant now) {
    ZonedDateTime start = cron.next(now.minus(duration).atZone(zone));
    if (start == null || start.toInstant().isAfter(now)) {
      return Optional.empty();
    }
    Window w = new Window(start.toInstant(), start.toInstant().plus(duration));
    return w.contains(now) ? Optional.of(w) : Optional.empty();
  }

  public List<Instant> nextStarts(Instant after, int count) {
    List<Instant> out = new ArrayList<>();
    ZonedDateTime t = after.atZone(zone);
    for (int i = 0; i < count; i++) {
      t = cron.next(t);
      if (t == null) {
        break;
      }
      out.add(t.toInstant());
    }
    return out;
  }

  public Duration duration() {
    return duration;
  }
}
