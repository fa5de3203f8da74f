package io.granary.compactions;

import java.time.Instant;
import java.util.Optional;

/**
 * Claims the open window of a schedule for one runner by inserting the unique (schedule, window
 * start) run row: of any number of control planes on one database, exactly one gets it.
 */
public final class WindowClaimer {
  private final CompactionRepository repo;
  private final String runnerId;

  public WindowClaimer(CompactionRepository repo, String runnerId) {
    this.repo = repo;
    this.runnerId = runnerId;
  }

  /** The new run when this runner claimed the window open at {@code now}; empty if none is open or it was taken. */
  public Optional<Run> claimDue(Schedule s, Instant now) {
    Optional<CronWindows.Window> w = s.windows().openAt(now);
    if (w.isEmpty() || repo.windowClaimed(s.id(), w.get().start())) {
      return Optional.empty();
    }
    return repo.insertRun(s.clusterId(), s, Run.Trigger.SCHEDULE, true, s.targetKind(), s.target(), null,
        w.get().start(), w.get().end(), s.maxPerServer(), s.maxPerCluster(), ShellCommands.window(s), "scheduler",
        runnerId);
  }
}
