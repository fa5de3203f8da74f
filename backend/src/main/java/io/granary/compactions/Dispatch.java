package io.granary.compactions;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Which pending regions may start now without exceeding the per-server and per-cluster caps. */
public final class Dispatch {
  private Dispatch() {}

  /** {@code pending} in priority order; {@code runningServers} has one entry per region compacting now. */
  public static List<RunRegion> startable(List<RunRegion> pending, List<String> runningServers, int maxPerServer,
      int maxPerCluster) {
    Map<String, Integer> perServer = new HashMap<>();
    runningServers.forEach(s -> perServer.merge(s, 1, Integer::sum));
    int total = runningServers.size();
    List<RunRegion> out = new ArrayList<>();
    for (RunRegion r : pending) {
      if (total >= maxPerCluster) {
        break;
      }
      if (perServer.getOrDefault(r.server(), 0) >= maxPerServer) {
        continue;
      }
      out.add(r);
      perServer.merge(r.server(), 1, Integer::sum);
      total++;
    }
    return out;
  }
}
