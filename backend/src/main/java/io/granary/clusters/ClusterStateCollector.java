package io.granary.clusters;

import io.granary.engine.ClusterSnapshot;
import io.granary.engine.EngineGateway;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Component;

/**
 * Refreshes every cluster's state into the cache. Each cluster is collected on its own thread
 * with its own timeout: a tick starts a collection for every cluster that has none in flight and
 * never waits for one, so an unreachable cluster neither delays another nor the next tick.
 */
@Component
public class ClusterStateCollector implements DisposableBean {
  private static final Logger log = LoggerFactory.getLogger(ClusterStateCollector.class);

  private final ClusterRepository clusters;
  private final EngineGateway engine;
  private final ClusterStateCache cache;
  private final ClustersProperties props;
  private final TaskScheduler scheduler;
  private final AtomicInteger threads = new AtomicInteger();
  // one thread per cluster in flight at most: a hung engine call holds only its own cluster's thread
  private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "cluster-collector-" + threads.incrementAndGet());
    t.setDaemon(true);
    return t;
  });
  private final Map<Long, InFlight> inFlight = new ConcurrentHashMap<>();
  private final Map<Long, Future<?>> probes = new ConcurrentHashMap<>();

  private record InFlight(Instant started, Future<?> future) {}

  public ClusterStateCollector(ClusterRepository clusters, EngineGateway engine, ClusterStateCache cache,
      ClustersProperties props, TaskScheduler scheduler) {
    this.clusters = clusters;
    this.engine = engine;
    this.cache = cache;
    this.props = props;
    this.scheduler = scheduler;
  }

  @EventListener(ApplicationReadyEvent.class)
  public void start() {
    scheduler.scheduleWithFixedDelay(this::collectAll, props.collectInterval());
  }

  /** Starts a collection of every cluster that has none running; abandons those past the timeout. */
  public void collectAll() {
    Set<Long> known = new HashSet<>();
    for (Cluster c : clusters.findAll()) {
      known.add(c.id());
      probe(c);
      InFlight f = inFlight.get(c.id());
      if (f != null && !f.future().isDone()) {
        if (Duration.between(f.started(), Instant.now()).compareTo(props.collectTimeout()) > 0) {
          abandon(c, f);
        }
        continue;
      }
      if (!cache.pinned(c.id())) {
        start(c);
      }
    }
    inFlight.keySet().retainAll(known);
    probes.keySet().retainAll(known);
  }

  /**
   * Between full collections, asks each RegionServer of the last snapshot whether it still answers
   * (no HBase RPC), so a dead server shows within one tick even while a collection waits on it.
   */
  private void probe(Cluster c) {
    Future<?> running = probes.get(c.id());
    ClusterSnapshot last = cache.get(c.id()).snapshot();
    if ((running != null && !running.isDone()) || last == null || cache.pinned(c.id())) {
      return;
    }
    probes.put(c.id(), pool.submit(() -> cache.recordSilent(c.id(),
        engine.silentRegionServers(c.endpoints(), last.hbase().regionServers()))));
  }

  private synchronized CompletableFuture<Void> start(Cluster c) {
    InFlight running = inFlight.get(c.id());
    if (running != null && !running.future().isDone() && running.future() instanceof CompletableFuture<?> cf) {
      return cf.thenApply(x -> null);
    }
    CompletableFuture<Void> f = CompletableFuture.runAsync(() -> collectNow(c), pool);
    inFlight.put(c.id(), new InFlight(Instant.now(), f));
    return f;
  }

  /** Reports a collection past its timeout; a new one starts only once it returns, so none pile up. */
  private void abandon(Cluster c, InFlight f) {
    String why = "collection has taken longer than " + props.collectTimeout().toSeconds() + " s";
    cache.recordFailure(c.id(), why);
    engine.unresponsive(c.id(), why);
  }

  private void collectNow(Cluster c) {
    try {
      cache.recordSuccess(c.id(), engine.collect(c.endpoints()));
    } catch (RuntimeException e) {
      log.warn("collecting cluster {} failed", c.name(), e);
      cache.recordFailure(c.id(), e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }

  /** Collects one cluster now and waits for it (bounded by the timeout), e.g. right after a change. */
  public void collect(Cluster c) {
    if (cache.pinned(c.id())) {
      return;
    }
    CompletableFuture<Void> f = start(c);
    try {
      f.get(props.collectTimeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      InFlight current = inFlight.get(c.id());
      if (current != null) {
        abandon(c, current);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException e) {
      log.warn("collecting cluster {} failed", c.name(), e.getCause());
    }
  }

  @Override
  public void destroy() {
    pool.shutdownNow();
  }
}
