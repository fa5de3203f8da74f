package io.granary.clusters;

import io.granary.engine.ClusterSnapshot;
import io.granary.engine.EngineGateway;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Component;

/** Refreshes every cluster's state into the cache on a fixed delay, each cluster bounded in time. */
@Component
public class ClusterStateCollector implements DisposableBean {
  private static final Logger log = LoggerFactory.getLogger(ClusterStateCollector.class);

  private final ClusterRepository clusters;
  private final EngineGateway engine;
  private final ClusterStateCache cache;
  private final ClustersProperties props;
  private final TaskScheduler scheduler;
  private final ExecutorService pool = Executors.newFixedThreadPool(4, r -> {
    Thread t = new Thread(r, "cluster-collector");
    t.setDaemon(true);
    return t;
  });

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

  public void collectAll() {
    for (Cluster c : clusters.findAll()) {
      collect(c);
    }
  }

  public void collect(Cluster c) {
    if (cache.pinned(c.id())) {
      return;
    }
    Future<ClusterSnapshot> f = pool.submit(() -> engine.collect(c.endpoints()));
    try {
      cache.recordSuccess(c.id(), f.get(props.collectTimeout().toMillis(), TimeUnit.MILLISECONDS));
    } catch (TimeoutException e) {
      f.cancel(true);
      cache.recordFailure(c.id(), "collection took longer than " + props.collectTimeout().toSeconds() + " s");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      log.warn("collecting cluster {} failed", c.name(), e);
      cache.recordFailure(c.id(), e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }

  @Override
  public void destroy() {
    pool.shutdownNow();
  }
}
