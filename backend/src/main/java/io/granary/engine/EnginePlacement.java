package io.granary.engine;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.UnknownRegionException;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.util.Bytes;
import org.springframework.stereotype.Component;

/**
 * Which regions a RegionServer holds, and getting them back onto it: a rolling restart checks
 * after each RegionServer step that the regions it held before are on its new instance (HBase's
 * RegionMover load skips a region whose location it cannot read and still succeeds).
 */
@Component
public class EnginePlacement {
  private static final long POLL_MS = 500;
  private static final long RETRY_MOVE_MS = 10_000;

  private final EngineConnections connections;

  public EnginePlacement(EngineConnections connections) {
    this.connections = connections;
  }

  /** The regions (encoded name → table) of the live RegionServer registered under one of {@code names}; empty when none is live. */
  public Map<String, String> regionsOn(ClusterEndpoints e, Set<String> names) throws IOException {
    try (Admin admin = connections.hbase(e).getAdmin()) {
      Map<String, String> out = new TreeMap<>();
      for (ServerName sn : admin.getRegionServers()) {
        if (matches(sn, names)) {
          for (RegionInfo r : admin.getRegions(sn)) {
            out.put(r.getEncodedName(), r.getTable().getNameAsString());
          }
        }
      }
      return out;
    }
  }

  /**
   * @param server the RegionServer instance the regions were checked on
   * @param back regions open there at the end
   * @param movedBack regions this call moved there (the mover had left them elsewhere)
   * @param gone regions that no longer exist (split, merged, table dropped): nothing to return
   * @param notBack regions that exist but are not open there by the deadline
   */
  public record Return(String server, int back, List<String> movedBack, List<String> gone, List<String> notBack) {}

  /**
   * Waits until each of {@code regions} (encoded name → table) is open on the live RegionServer
   * registered under one of {@code names}, moving each one found elsewhere there (again every 10 s
   * while it is not).
   */
  public Return returnRegions(ClusterEndpoints e, Set<String> names, Map<String, String> regions, Duration timeout)
      throws IOException, InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    try (Admin admin = connections.hbaseForLongCalls(e).getAdmin()) {
      ServerName target = null;
      while (target == null) {
        for (ServerName sn : admin.getRegionServers()) {
          if (matches(sn, names)) {
            target = sn;
          }
        }
        if (target == null) {
          if (System.nanoTime() > deadline) {
            throw new IOException("no live RegionServer registered as " + names + " to return its regions to");
          }
          Thread.sleep(POLL_MS);
        }
      }
      Set<String> pending = new TreeSet<>(regions.keySet());
      Set<String> moved = new TreeSet<>();
      Set<String> gone = new TreeSet<>();
      Map<String, Long> lastMove = new HashMap<>();
      while (true) {
        Set<String> onTarget = new HashSet<>();
        admin.getRegions(target).forEach(r -> onTarget.add(r.getEncodedName()));
        pending.removeIf(onTarget::contains);
        if (pending.isEmpty() || System.nanoTime() > deadline) {
          break;
        }
        Map<String, Set<String>> existing = new HashMap<>();
        for (String r : List.copyOf(pending)) {
          String table = regions.get(r);
          Set<String> ofTable = existing.computeIfAbsent(table, t -> tableRegions(admin, t));
          if (ofTable != null && !ofTable.contains(r)) {
            pending.remove(r);
            gone.add(r);
            continue;
          }
          Long last = lastMove.get(r);
          if (last == null || System.nanoTime() - last > RETRY_MOVE_MS * 1_000_000) {
            lastMove.put(r, System.nanoTime());
            try {
              admin.move(Bytes.toBytes(r), target);
              moved.add(r);
            } catch (UnknownRegionException x) {
              pending.remove(r);
              gone.add(r);
            } catch (IOException x) {
              // in transition or its server busy: asked again in 10 s
            }
          }
        }
        Thread.sleep(POLL_MS);
      }
      int back = (int) regions.keySet().stream().filter(r -> !pending.contains(r) && !gone.contains(r)).count();
      moved.removeAll(pending);
      return new Return(target.getServerName(), back, new ArrayList<>(moved), new ArrayList<>(gone),
          new ArrayList<>(pending));
    }
  }

  /** The table's regions as the master lists them; empty for a dropped table, null when unknown just now. */
  private static Set<String> tableRegions(Admin admin, String table) {
    Set<String> out = new HashSet<>();
    try {
      TableName tn = TableName.valueOf(table);
      if (!admin.tableExists(tn)) {
        return out;
      }
      admin.getRegions(tn).forEach(r -> out.add(r.getEncodedName()));
      return out;
    } catch (IOException e) {
      return null;
    }
  }

  /** A server registers under its host name or its IP; host names compare case-insensitively. */
  static boolean matches(ServerName sn, Set<String> names) {
    String host = sn.getHostname().toLowerCase(Locale.ROOT);
    return names.stream().anyMatch(n -> n != null && n.toLowerCase(Locale.ROOT).equals(host));
  }
}
