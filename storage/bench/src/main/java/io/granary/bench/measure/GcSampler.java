package io.granary.bench.measure;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The agent JVM's garbage collections between a mark and now, per collector (YCSB's TOTAL_GC lines). */
final class GcSampler {
  private final Map<String, long[]> mark = new LinkedHashMap<>();

  /** Starts counting from now. */
  void mark() {
    mark.clear();
    for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
      mark.put(b.getName(), new long[] {Math.max(0, b.getCollectionCount()), Math.max(0, b.getCollectionTime())});
    }
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
}
