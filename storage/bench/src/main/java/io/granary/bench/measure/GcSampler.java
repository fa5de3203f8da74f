package io.granary.bench.measure;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The agent JVM's own cost between a mark and now: garbage collections per collector (YCSB's
 * TOTAL_GC lines), each stop-the-world collection's pause (from the JVM's GC notifications), and
 * the bytes the agent allocated. What the agent adds to the latencies it reports shows here.
 */
final class GcSampler implements AutoCloseable {
  private final Map<String, long[]> mark = new LinkedHashMap<>();
  private final AtomicLong pauses = new AtomicLong();
  private final AtomicLong pauseTotalMs = new AtomicLong();
  private final AtomicLong pauseMaxMs = new AtomicLong();
  private final List<NotificationEmitter> emitters = new ArrayList<>();
  private final NotificationListener listener = this::collected;
  private long allocatedMark;
  private long markNs;

  GcSampler() {
    for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (b instanceof NotificationEmitter e) {
        e.addNotificationListener(listener, null, null);
        emitters.add(e);
      }
    }
  }

  /** Starts counting from now. */
  void mark() {
    mark.clear();
    for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
      mark.put(b.getName(), new long[] {Math.max(0, b.getCollectionCount()), Math.max(0, b.getCollectionTime())});
    }
    pauses.set(0);
    pauseTotalMs.set(0);
    pauseMaxMs.set(0);
    allocatedMark = allocated();
    markNs = System.nanoTime();
  }

  /** Collections and their time since {@link #mark()}, one entry per collector. */
  List<RunSummary.Gc> since() {
    List<RunSummary.Gc> out = new ArrayList<>();
    for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
      long[] m = mark.getOrDefault(b.getName(), new long[2]);
      out.add(new RunSummary.Gc(b.getName(), Math.max(0, b.getCollectionCount()) - m[0],
          Math.max(0, b.getCollectionTime()) - m[1]));
    }
    return out;
  }

  /** Pauses and allocation since {@link #mark()}. */
  RunSummary.Cost cost() {
    double seconds = (System.nanoTime() - markNs) / 1e9;
    long allocatedMiB = Math.max(0, allocated() - allocatedMark) >> 20;
    return new RunSummary.Cost(pauses.get(), pauseTotalMs.get(), pauseMaxMs.get(), allocatedMiB,
        seconds > 0 ? Math.round(allocatedMiB / seconds * 10) / 10.0 : 0);
  }

  private void collected(Notification n, Object handback) {
    if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
      return;
    }
    GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
    // concurrent cycles run beside the application; only the stop-the-world ones pause it
    if (info.getGcCause() != null && info.getGcName().contains("Concurrent")) {
      return;
    }
    long ms = info.getGcInfo().getDuration();
    pauses.incrementAndGet();
    pauseTotalMs.addAndGet(ms);
    pauseMaxMs.accumulateAndGet(ms, Math::max);
  }

  /** Bytes this JVM's threads allocated since it started, ended threads included (HotSpot's TLAB accounting). */
  private static long allocated() {
    if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean t
        && t.isThreadAllocatedMemorySupported() && t.isThreadAllocatedMemoryEnabled()) {
      return Math.max(0, t.getTotalThreadAllocatedBytes());
    }
    return 0;
  }

  @Override
  public void close() {
    for (NotificationEmitter e : emitters) {
      try {
        e.removeNotificationListener(listener);
      } catch (ListenerNotFoundException ignored) {
        // already gone
      }
    }
  }
}
