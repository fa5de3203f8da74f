package io.granary.erasurecoding;

import io.granary.clusters.Cluster;
import io.granary.clusters.ClustersService;
import io.granary.engine.ClusterEndpoints;
import io.granary.engine.EngineErasureCoding;
import io.granary.operations.Operation;
import io.granary.operations.OperationCancelledException;
import io.granary.operations.OperationContext;
import io.granary.operations.OperationsProperties;
import io.granary.operations.OperationsService;
import io.granary.operations.Orphans;
import io.granary.shared.problem.ProblemException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Component;

/**
 * Converts a directory file by file (see {@link EngineErasureCoding#rewrite}); every finished file
 * is recorded, so a conversion whose control plane stopped is adopted and continues with the files
 * not yet done. A file found already under the policy (renamed just before a crash) is only
 * recorded, never copied twice.
 */
@Component
public class ConversionRunner {
  public static final String TYPE = "EC_CONVERSION";
  private static final Logger log = LoggerFactory.getLogger(ConversionRunner.class);
  private static final long HEARTBEAT_BYTES = 8L << 20;

  private final ConversionRepository repo;
  private final EngineErasureCoding engine;
  private final ClustersService clusters;
  private final OperationsService operations;
  private final OperationsProperties operationProps;
  private final ErasureCodingProperties props;
  private final TaskScheduler scheduler;
  private final Clock clock;
  private final Set<Long> active = ConcurrentHashMap.newKeySet();
  private volatile boolean firstTick = true;

  public ConversionRunner(ConversionRepository repo, EngineErasureCoding engine, ClustersService clusters,
      OperationsService operations, OperationsProperties operationProps, ErasureCodingProperties props,
      TaskScheduler scheduler, Clock clock) {
    this.repo = repo;
    this.engine = engine;
    this.clusters = clusters;
    this.operations = operations;
    this.operationProps = operationProps;
    this.props = props;
    this.scheduler = scheduler;
    this.clock = clock;
  }

  @EventListener(ApplicationReadyEvent.class)
  public void schedule() {
    scheduler.scheduleWithFixedDelay(this::adoptOrphans, props.tick());
  }

  public String runnerId() {
    return operations.runnerId();
  }

  public Operation launch(Conversion c, String user, String note) {
    Operation op = operations.start(TYPE, c.clusterId(), "EC conversion of " + c.path(), c.shellCommand(), user,
        ctx -> execute(c.id(), note, ctx));
    repo.setOperation(c.id(), op.id());
    return op;
  }

  synchronized void adoptOrphans() {
    Instant staleBefore = clock.instant().minus(props.staleAfter());
    try {
      for (Conversion c : repo.running()) {
        if (active.contains(c.id())) {
          continue;
        }
        if (Orphans.adoptable(c.runnerId(), c.heartbeatAt(), runnerId(), firstTick && operationProps.singleInstance(),
            staleBefore) && repo.adopt(c.id(), c.runnerId(), runnerId())) {
          try {
            launch(c, c.createdBy(), "resumed: the control plane that ran this conversion stopped");
            log.info("EC conversion {} of {} resumed", c.id(), c.path());
          } catch (ProblemException busy) {
            log.info("EC conversion {} waits: {}", c.id(), busy.getMessage());
          }
        }
      }
    } catch (RuntimeException e) {
      log.warn("adopting EC conversions failed", e);
    }
    firstTick = false;
  }

  private String execute(long id, String note, OperationContext ctx) throws Exception {
    if (!active.add(id)) {
      throw new IllegalStateException("conversion " + id + " is already running here");
    }
    try {
      Conversion c = repo.find(id).orElseThrow();
      if (note != null) {
        ctx.info(note);
      }
      Cluster cluster = clusters.get(c.clusterId());
      try {
        return convert(c, cluster.endpoints(), ctx);
      } catch (OperationCancelledException e) {
        repo.finish(id, Conversion.State.CANCELLED, "cancelled; files done so far stay converted");
        engine.delete(cluster.endpoints(), c.tmpDir());
        throw e;
      } catch (InterruptedException | InterruptedIOException e) {
        // stopping: the conversion stays RUNNING and is adopted when a control plane is back
        Thread.currentThread().interrupt();
        throw e;
      } catch (Exception e) {
        repo.finish(id, Conversion.State.FAILED, e.getMessage());
        throw e;
      }
    } finally {
      active.remove(id);
    }
  }

  private String convert(Conversion c, ClusterEndpoints e, OperationContext ctx) throws Exception {
    long start = System.nanoTime();
    long[] copied = {0};
    long[] sinceBeat = {0};
    for (ConversionRepository.FileRow f : repo.pending(c.id())) {
      if (!repo.heartbeat(c.id(), runnerId())) {
        return "handed to another control plane";
      }
      if (ctx.cancelRequested()) {
        throw new OperationCancelledException();
      }
      Optional<EngineErasureCoding.FileInfo> now = engine.file(e, f.path());
      if (now.isEmpty()) {
        repo.fileFailed(c.id(), f.seq(), "the file is gone");
        ctx.warn(f.path() + ": gone, skipped");
        continue;
      }
      if (!now.get().policy().equals(c.policy())) {
        try {
          // one temporary name per attempt: a copy a dead control plane left open keeps its lease
          engine.rewrite(e, f.path(), c.tmpDir() + "/" + f.seq() + "-" + runnerId(), c.policy(), n -> {
            copied[0] += n;
            sinceBeat[0] += n;
            if (sinceBeat[0] >= HEARTBEAT_BYTES) {
              sinceBeat[0] = 0;
              repo.heartbeat(c.id(), runnerId());
            }
            throttle(c.throttleMbps(), copied[0], start);
          }, ctx::cancelRequested);
        } catch (InterruptedIOException cancelled) {
          if (ctx.cancelRequested()) {
            throw new OperationCancelledException();
          }
          throw cancelled;
        } catch (IOException ex) {
          repo.fileFailed(c.id(), f.seq(), ex.getMessage());
          ctx.warn(f.path() + ": not converted, the original is untouched: " + ex.getMessage());
          continue;
        }
      }
      repo.fileDone(c.id(), f.seq(), engine.spaceConsumed(e, f.path()));
      Conversion.Totals t = repo.find(c.id()).orElseThrow().totals();
      int finished = t.done() + t.failed();
      ctx.progress(t.files() == 0 ? 100 : finished * 100 / t.files(), finished % 10 == 0 || finished == t.files()
          ? finished + "/" + t.files() + " files, " + (t.rawBefore() - t.rawNow()) / (1 << 20) + " MiB reclaimed" : null);
    }
    engine.delete(e, c.tmpDir());
    Conversion.Totals t = repo.find(c.id()).orElseThrow().totals();
    String summary = t.done() + " of " + t.files() + " files under " + c.policy() + ", "
        + (t.rawBefore() - t.rawNow()) / (1 << 20) + " MiB reclaimed" + (t.failed() > 0 ? ", " + t.failed()
        + " failed (left as they were)" : "");
    if (t.failed() > 0) {
      repo.finish(c.id(), Conversion.State.FAILED, summary);
      throw new IllegalStateException(summary);
    }
    repo.finish(c.id(), Conversion.State.SUCCEEDED, summary);
    return summary;
  }

  /** Sleeps while the copy is ahead of the rate (MB/s; 0 = unthrottled). */
  static void throttle(int mbps, long bytes, long startNanos) {
    if (mbps <= 0) {
      return;
    }
    long dueNanos = (long) (bytes / (mbps * 1_048_576.0) * 1e9);
    long ahead = dueNanos - (System.nanoTime() - startNanos);
    if (ahead > 1_000_000) {
      try {
        Thread.sleep(ahead / 1_000_000);
      } catch (InterruptedException ex) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
