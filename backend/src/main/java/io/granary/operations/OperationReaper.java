package io.granary.operations;

import java.time.Clock;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Component;

/**
 * Nothing stays RUNNING forever: at start-up, operations left by a previous process are failed;
 * afterwards this instance heartbeats its own and fails any that stopped being heartbeated.
 */
@Component
public class OperationReaper {
  static final String RESTART_MESSAGE = "interrupted: the control plane stopped while it ran";
  private static final Logger log = LoggerFactory.getLogger(OperationReaper.class);

  private final OperationRepository repo;
  private final OperationsService service;
  private final OperationsProperties props;
  private final TaskScheduler scheduler;
  private final Clock clock;

  public OperationReaper(OperationRepository repo, OperationsService service, OperationsProperties props,
      TaskScheduler scheduler, Clock clock) {
    this.repo = repo;
    this.service = service;
    this.props = props;
    this.scheduler = scheduler;
    this.clock = clock;
  }

  @EventListener(ApplicationReadyEvent.class)
  public void reconcileAtStartup() {
    reap(props.singleInstance());
    scheduler.scheduleWithFixedDelay(this::tick, props.heartbeat());
  }

  void tick() {
    repo.heartbeat(service.runnerId());
    reap(false);
  }

  /** Fails orphaned operations now; {@code allOtherRunners} as at a single-instance start-up. */
  public int reap(boolean allOtherRunners) {
    Instant staleBefore = clock.instant().minus(props.staleAfter());
    var failed = repo.failOrphans(service.runnerId(), allOtherRunners, staleBefore, RESTART_MESSAGE);
    failed.forEach(op -> {
      log.warn("operation {} ({}) failed: {}", op.id(), op.type(), RESTART_MESSAGE);
      service.publishReaped(op);
    });
    return failed.size();
  }
}
