package io.granary.tables;

import io.granary.clusters.ClusterState;
import io.granary.engine.ClusterSnapshot;
import io.granary.engine.Locality;
import io.granary.tables.keys.RowKeys;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tables and regions of one cluster as the state cache last saw them, indexed for paging: built
 * once per snapshot, then every list or region page is a slice of sorted lists.
 */
public final class TableCatalog {
  public static final TableCatalog EMPTY = new TableCatalog(null, List.of(), List.of());

  /**
   * End keys are the next region's start key (empty for the last region). {@code locality} is NaN
   * where it does not apply; {@code localityNote} then says why.
   */
  public record Region(String table, String encodedName, byte[] startKey, byte[] endKey, String server,
      long sizeBytes, long memstoreBytes, int storeFiles, float locality, long readRequests, long writeRequests,
      double readsPerSecond, double writesPerSecond, String localityNote) {
    public Region(String table, String encodedName, byte[] startKey, byte[] endKey, String server, long sizeBytes,
        long memstoreBytes, int storeFiles, float locality, long readRequests, long writeRequests,
        double readsPerSecond, double writesPerSecond) {
      this(table, encodedName, startKey, endKey, server, sizeBytes, memstoreBytes, storeFiles, locality, readRequests,
          writeRequests, readsPerSecond, writesPerSecond, null);
    }

    public String startKeyText() {
      return RowKeys.toStringBinary(startKey);
    }

    public String endKeyText() {
      return RowKeys.toStringBinary(endKey);
    }
  }

  public record Table(String name, String namespace, boolean enabled, List<Region> regions, long sizeBytes,
      long memstoreBytes, int storeFiles, double readsPerSecond, double writesPerSecond, String ecPolicy) {
    public Table(String name, String namespace, boolean enabled, List<Region> regions, long sizeBytes,
        long memstoreBytes, int storeFiles, double readsPerSecond, double writesPerSecond) {
      this(name, namespace, enabled, regions, sizeBytes, memstoreBytes, storeFiles, readsPerSecond, writesPerSecond,
          null);
    }
  }

  private final Instant collectedAt;
  private final List<Table> tables;
  private final Map<String, Table> byName = new HashMap<>();
  private final Map<String, Integer> namespaces = new LinkedHashMap<>();

  TableCatalog(Instant collectedAt, List<String> namespaces, List<Table> tables) {
    this.collectedAt = collectedAt;
    this.tables = List.copyOf(tables);
    namespaces.forEach(n -> this.namespaces.put(n, 0));
    for (Table t : tables) {
      byName.put(t.name(), t);
      this.namespaces.merge(t.namespace(), 1, Integer::sum);
    }
  }

  public static TableCatalog of(ClusterState state) {
    ClusterSnapshot snap = state.snapshot();
    if (snap == null) {
      return EMPTY;
    }
    Map<String, List<ClusterSnapshot.RegionLoad>> loads = new HashMap<>();
    for (ClusterSnapshot.RegionLoad r : snap.tables().regions()) {
      loads.computeIfAbsent(r.table(), k -> new ArrayList<>()).add(r);
    }
    List<Table> tables = new ArrayList<>();
    for (ClusterSnapshot.TableInfo info : snap.tables().tables()) {
      List<ClusterSnapshot.RegionLoad> rs = loads.getOrDefault(info.name(), new ArrayList<>());
      rs.sort(Comparator.comparing(ClusterSnapshot.RegionLoad::startKey, RowKeys.ORDER));
      List<Region> regions = new ArrayList<>(rs.size());
      long size = 0;
      long memstore = 0;
      int files = 0;
      double reads = 0;
      double writes = 0;
      for (int i = 0; i < rs.size(); i++) {
        ClusterSnapshot.RegionLoad r = rs.get(i);
        byte[] end = i + 1 < rs.size() ? rs.get(i + 1).startKey() : new byte[0];
        ClusterState.Rates rate = state.regionRates().get(r.encodedName());
        double rr = rate == null ? 0 : rate.readsPerSecond();
        double wr = rate == null ? 0 : rate.writesPerSecond();
        regions.add(new Region(r.table(), r.encodedName(), r.startKey(), end, r.server(), r.storeFileBytes(),
            r.memstoreBytes(), r.storeFiles(), r.locality(), r.readRequests(), r.writeRequests(), rr, wr,
            info.ecPolicy() == null ? null : Locality.stripedNote(info.ecPolicy())));
        size += r.storeFileBytes();
        memstore += r.memstoreBytes();
        files += r.storeFiles();
        reads += rr;
        writes += wr;
      }
      tables.add(new Table(info.name(), info.namespace(), info.enabled(), List.copyOf(regions), size, memstore, files,
          reads, writes, info.ecPolicy()));
    }
    tables.sort(Comparator.comparing(Table::name));
    return new TableCatalog(snap.collectedAt(), snap.tables().namespaces(), tables);
  }

  public Instant collectedAt() {
    return collectedAt;
  }

  public List<Table> tables() {
    return tables;
  }

  public Table table(String name) {
    return byName.get(name);
  }

  /** Namespace to table count, in name order. */
  public Map<String, Integer> namespaces() {
    return namespaces;
  }
}
