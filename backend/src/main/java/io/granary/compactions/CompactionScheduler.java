package io.granary.compactions;

import io.granary.clusters.Cluster;
import io.granary.clusters.ClustersService;
import io.granary.operations.OperationsProperties;
import io.granary.operations.Orphans;
import io.granary.shared.problem.ProblemException;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Component;

/**
 * On every tick: starts the windows that opened (claimed once across control planes), adopts runs
 * whose control plane died (resuming them where they stopped), and keeps the compaction switch of
 * every RegionServer as the schedules with "pause outside windows" want it.
 */
@Component
public class CompactionScheduler {
  private static final Logger log = LoggerFactory.getLogger(CompactionScheduler.class);

  private final CompactionRepository repo;
  private final CompactionRunner runner;
  private final ClustersService clusters;
  private final CompactionsProperties props;
  private final OperationsProperties operations;
  private final TaskScheduler scheduler;
  private final Clock clock;
  private final WindowClaimer claimer;
  private final CompactionSwitch compactionSwitch;
  private volatile boolean firstTick = true;

  public CompactionScheduler(CompactionRepository repo, CompactionRunner runner, ClustersService clusters,
      CompactionSwitch compactionSwitch, CompactionsProperties props, OperationsProperties operations,
      TaskScheduler scheduler, Clock clock) {
    this.repo = repo;
    this.runner = runner;
    this.clusters = clusters;
    this.compactionSwitch = compactionSwitch;
    this.props = props;
    this.operations = operations;
    this.scheduler = scheduler;
    this.clock = clock;
    this.claimer = new WindowClaimer(repo, runner.runnerId());
  }

  @EventListener(ApplicationReadyEvent.class)
  public void schedule() {
    scheduler.scheduleWithFixedDelay(this::tick, props.tick());
  }

  synchronized void tick() {
    Instant now = clock.instant();
    try {
      resumeOrphans(now);
      for (Schedule s : repo.enabledSchedules()) {
        startDue(s, now);
      }
      for (Cluster c : clusters.list()) {
        reconcileSwitch(c, now);
      }
    } catch (RuntimeException e) {
      log.warn("compaction scheduler tick failed", e);
    }
    firstTick = false;
  }

  private void startDue(Schedule s, Instant now) {
    try {
      claimer.claimDue(s, now).ifPresent(run -> {
        log.info("compaction schedule {}: window {} – {} claimed as run {}", s.name(), run.windowStart(),
            run.windowEnd(), run.id());
        launch(run, "window " + run.windowStart() + " – " + run.windowEnd() + " opened");
      });
    } catch (RuntimeException e) {
      log.warn("compaction schedule {} could not start", s.name(), e);
    }
  }

  /**
   * Runs that no live runner drives: a dead runner's, or ours whose launch was refused (their
   * heartbeat goes stale like a dead runner's).
   */
  private void resumeOrphans(Instant now) {
    Instant staleBefore = now.minus(props.staleAfter());
    for (Run r : repo.running()) {
      if (runner.isActive(r.id())) {
        continue;
      }
      if (Orphans.adoptable(r.runnerId(), r.heartbeatAt(), runner.runnerId(), firstTick && operations.singleInstance(),
          staleBefore) && repo.adopt(r.id(), r.runnerId(), runner.runnerId())) {
        log.info("compaction run {} resumed (was driven by {})", r.id(), r.runnerId());
        launch(repo.run(r.id()).orElseThrow(), "resumed: the control plane that drove this run stopped");
      }
    }
  }

  private void launch(Run run, String note) {
    try {
      runner.launch(run, run.createdBy(), note);
    } catch (ProblemException busy) {
      // e.g. the previous operation on this target is not reaped yet: the next tick tries again
      log.info("compaction run {} waits: {}", run.id(), busy.getMessage());
    }
  }

  private void reconcileSwitch(Cluster c, Instant now) {
    try {
      compactionSwitch.reconcile(c, now);
    } catch (IOException | RuntimeException e) {
      log.debug("compaction switch of cluster {} not reconciled: {}", c.name(), e.getMessage());
    }
  }
}
