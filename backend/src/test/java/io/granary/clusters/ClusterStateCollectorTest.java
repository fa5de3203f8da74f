package io.granary.clusters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.granary.engine.ClusterSnapshot;
import io.granary.engine.EngineGateway;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.scheduling.TaskScheduler;

class ClusterStateCollectorTest {
  static final Duration TIMEOUT = Duration.ofMillis(300);

  ClusterRepository repo = mock(ClusterRepository.class);
  EngineGateway engine = mock(EngineGateway.class);
  ClustersProperties props = new ClustersProperties(Duration.ofSeconds(1), TIMEOUT, Duration.ofSeconds(60), null, null);
  ClusterStateCache cache = new ClusterStateCache(props, Clock.systemUTC());
  ClusterStateCollector collector = new ClusterStateCollector(repo, engine, cache, props, mock(TaskScheduler.class));
  CountDownLatch release = new CountDownLatch(1);

  static Cluster cluster(long id) {
    return new Cluster(id, "c" + id, ClusterKind.LOCAL, "127.0.0.1:" + (2181 + id),
        "hdfs://127.0.0.1:" + (8020 + id),
        null, null, Instant.now());
  }

  static ClusterSnapshot snapshot() {
    return new ClusterSnapshot(Instant.now(), ClusterSnapshot.Hdfs.unreachable("test"),
        ClusterSnapshot.Hbase.unreachable("test"), ClusterSnapshot.NativeSupport.unknown());
  }

  @AfterEach
  void stop() {
    release.countDown();
    collector.destroy();
  }

  @Test
  void aHungClusterNeitherDelaysAnotherNorPilesUpCollections() throws Exception {
    Cluster hung = cluster(1);
    Cluster fine = cluster(2);
    when(repo.findAll()).thenReturn(List.of(hung, fine));
    AtomicInteger hungCalls = new AtomicInteger();
    AtomicInteger fineCalls = new AtomicInteger();
    when(engine.collect(hung.endpoints())).thenAnswer(i -> {
      hungCalls.incrementAndGet();
      release.await();
      return snapshot();
    });
    when(engine.collect(fine.endpoints())).thenAnswer(i -> {
      fineCalls.incrementAndGet();
      return snapshot();
    });

    long t0 = System.nanoTime();
    collector.collectAll();
    assertThat(Duration.ofNanos(System.nanoTime() - t0)).as("a tick waits for no cluster").isLessThan(TIMEOUT);
    awaitTrue(() -> cache.get(2).snapshot() != null);
    collector.collectAll();
    awaitTrue(() -> fineCalls.get() >= 2);

    Thread.sleep(TIMEOUT.toMillis() + 100);
    collector.collectAll();
    assertThat(cache.get(1).collectionError()).contains("longer than");
    assertThat(hungCalls).as("no second collection while one hangs").hasValue(1);
    awaitTrue(() -> fineCalls.get() >= 3);

    release.countDown();
    awaitTrue(() -> cache.get(1).snapshot() != null);
    collector.collectAll();
    awaitTrue(() -> hungCalls.get() == 2);
  }

  @Test
  void collectingOneClusterOnDemandWaitsForItAndRecordsIt() {
    Cluster c = cluster(3);
    when(engine.collect(c.endpoints())).thenReturn(snapshot());
    collector.collect(c);
    assertThat(cache.get(3).snapshot()).isNotNull();
  }

  static void awaitTrue(java.util.function.BooleanSupplier done) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    while (!done.getAsBoolean()) {
      assertThat(System.nanoTime()).as("condition within 5 s").isLessThan(deadline);
      Thread.sleep(10);
    }
  }
}
