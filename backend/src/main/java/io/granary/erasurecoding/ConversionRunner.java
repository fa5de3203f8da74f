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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
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
  /** How often the progress also becomes an event in the operation's log. */
  private static final long PROGRESS_EVENT_NANOS = 15_000_000_000L;

  private final ConversionRepository repo;
  private final EngineErasureCoding engine;
  private final ClustersService clusters;
  private final OperationsService operations;
  private final OperationsProperties operationProps;
  private final ErasureCodingProperties props;
  private final TaskScheduler scheduler;
  private final Clock clock;
  private final Set<Long> active = ConcurrentHashMap.newKeySet();
  private final Map<Long, Live> live = new ConcurrentHashMap<>();
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

  /** A conversion this control plane is copying: files in flight, bytes copied in this pass. */
  private record Live(AtomicInteger copying, AtomicLong copied) {}

  /** Files this control plane is copying right now for a conversion (0 when it copies none). */
  public int filesCopying(long id) {
    Live l = live.get(id);
    return l == null ? 0 : l.copying().get();
  }

  /**
   * Copies the pending files, {@code parallelFiles} at once: each copy is encoded by this JVM's HDFS
   * client with the coder reported first. Progress is in bytes, once a second.
   */
  private String convert(Conversion c, ClusterEndpoints e, OperationContext ctx) throws Exception {
    int parallel = props.parallelFiles();
    String coder = engine.coder(e, c.policy());
    repo.copying(c.id(), coder, parallel);
    ctx.info("encoding with " + coder + ", up to " + parallel + " files at once");
    long start = System.nanoTime();
    Live l = new Live(new AtomicInteger(), new AtomicLong());
    AtomicLong sinceBeat = new AtomicLong();
    AtomicBoolean handedOver = new AtomicBoolean();
    long doneBefore = repo.find(c.id()).orElseThrow().totals().bytesDone();
    live.put(c.id(), l);
    ExecutorService pool = Executors.newFixedThreadPool(parallel, r -> {
      Thread t = new Thread(r, "ec-convert-" + c.id());
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<?>> files = new ArrayList<>();
      for (ConversionRepository.FileRow f : repo.pending(c.id())) {
        files.add(pool.submit(() -> {
          convertFile(c, e, ctx, f, l, sinceBeat, start, handedOver);
          return null;
        }));
      }
      pool.shutdown();
      long lastEvent = System.nanoTime();
      while (!pool.awaitTermination(1, TimeUnit.SECONDS)) {
        boolean event = System.nanoTime() - lastEvent > PROGRESS_EVENT_NANOS;
        progress(c, ctx, l, doneBefore, start, event);
        lastEvent = event ? System.nanoTime() : lastEvent;
      }
      rethrow(files);
    } finally {
      pool.shutdownNow();
      live.remove(c.id());
      repo.copied(c.id(), l.copied().get(), (System.nanoTime() - start) / 1_000_000);
    }
    if (handedOver.get()) {
      return "handed to another control plane";
    }
    progress(c, ctx, l, doneBefore, start, true);
    engine.delete(e, c.tmpDir());
    Conversion done = repo.find(c.id()).orElseThrow();
    Conversion.Totals t = done.totals();
    Double rate = done.copy().mibPerSecond();
    String summary = t.done() + " of " + t.files() + " files under " + c.policy() + ", "
        + (t.rawBefore() - t.rawNow()) / (1 << 20) + " MiB reclaimed" + (t.failed() > 0 ? ", " + t.failed()
        + " failed (left as they were)" : "") + (rate == null ? "" : ", copied at " + rate + " MiB/s");
    if (t.failed() > 0) {
      repo.finish(c.id(), Conversion.State.FAILED, summary);
      throw new IllegalStateException(summary);
    }
    repo.finish(c.id(), Conversion.State.SUCCEEDED, summary);
    return summary;
  }

  /** One file: copy it under the policy unless it already is, then record its new raw size. */
  private void convertFile(Conversion c, ClusterEndpoints e, OperationContext ctx, ConversionRepository.FileRow f,
      Live l, AtomicLong sinceBeat, long start, AtomicBoolean handedOver) throws Exception {
    if (handedOver.get()) {
      return;
    }
    if (ctx.cancelRequested()) {
      throw new OperationCancelledException();
    }
    if (!repo.heartbeat(c.id(), runnerId())) {
      handedOver.set(true);
      return;
    }
    Optional<EngineErasureCoding.FileInfo> now = engine.file(e, f.path());
    if (now.isEmpty()) {
      repo.fileFailed(c.id(), f.seq(), "the file is gone");
      ctx.warn(f.path() + ": gone, skipped");
      return;
    }
    if (!now.get().policy().equals(c.policy())) {
      l.copying().incrementAndGet();
      try {
        // one temporary name per attempt: a copy a dead control plane left open keeps its lease
        engine.rewrite(e, f.path(), c.tmpDir() + "/" + f.seq() + "-" + runnerId(), c.policy(), n -> {
          long total = l.copied().addAndGet(n);
          if (sinceBeat.addAndGet(n) >= HEARTBEAT_BYTES) {
            sinceBeat.set(0);
            repo.heartbeat(c.id(), runnerId());
          }
          throttle(c.throttleMbps(), total, start);
        }, () -> ctx.cancelRequested() || handedOver.get() || Thread.currentThread().isInterrupted());
      } catch (InterruptedIOException cancelled) {
        if (ctx.cancelRequested()) {
          throw new OperationCancelledException();
        }
        throw cancelled;
      } catch (IOException ex) {
        repo.fileFailed(c.id(), f.seq(), ex.getMessage());
        ctx.warn(f.path() + ": not converted, the original is untouched: " + ex.getMessage());
        return;
      } finally {
        l.copying().decrementAndGet();
      }
    }
    repo.fileDone(c.id(), f.seq(), engine.spaceConsumed(e, f.path()));
  }

  /** Progress in bytes (files done before this pass, plus what this pass copied); an event now and then. */
  private void progress(Conversion c, OperationContext ctx, Live l, long doneBefore, long start, boolean event) {
    Conversion.Totals t = repo.find(c.id()).orElseThrow().totals();
    long copied = Math.min(t.bytes(), doneBefore + l.copied().get());
    int finished = t.done() + t.failed();
    int pct = t.bytes() == 0 ? (finished == t.files() ? 100 : 0)
        : finished == t.files() ? 100 : (int) Math.min(99, copied * 100 / t.bytes());
    double seconds = (System.nanoTime() - start) / 1e9;
    ctx.progress(pct, event ? String.format(java.util.Locale.ROOT,
        "%d/%d files, %d copying at once, %d of %d MiB, %.1f MiB/s", finished, t.files(), l.copying().get(),
        copied >> 20, t.bytes() >> 20, seconds > 0 ? (l.copied().get() >> 20) / seconds : 0) : null);
  }

  /** The first cancel, then the first stop, then any other failure of the file tasks. */
  private static void rethrow(List<Future<?>> files) throws Exception {
    Exception first = null;
    for (Future<?> f : files) {
      try {
        f.get();
      } catch (ExecutionException ex) {
        Exception cause = ex.getCause() instanceof Exception x ? x : new IllegalStateException(ex.getCause());
        if (cause instanceof OperationCancelledException) {
          throw cause;
        }
        if (first == null || cause instanceof InterruptedIOException && !(first instanceof InterruptedIOException)) {
          first = cause;
        }
      } catch (java.util.concurrent.CancellationException ignored) {
        // not started: the pool was stopped
      }
    }
    if (first != null) {
      throw first;
    }
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
