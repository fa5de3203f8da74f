package io.granary.engine;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.Bytes;
import org.springframework.stereotype.Component;

/** Table DDL and description through the HBase Admin API. */
@Component
public class EngineTables {
  private final EngineConnections connections;

  public EngineTables(EngineConnections connections) {
    this.connections = connections;
  }

  public boolean exists(ClusterEndpoints e, String table) throws IOException {
    try (Admin admin = connections.hbase(e).getAdmin()) {
      return admin.tableExists(TableName.valueOf(table));
    }
  }

  public boolean namespaceExists(ClusterEndpoints e, String namespace) throws IOException {
    try (Admin admin = connections.hbase(e).getAdmin()) {
      for (NamespaceDescriptor d : admin.listNamespaceDescriptors()) {
        if (d.getName().equals(namespace)) {
          return true;
        }
      }
      return false;
    }
  }

  /** Creates the table with its split keys; returns when HBase has assigned every region. */
  public void create(ClusterEndpoints e, TableSpec spec) throws IOException {
    TableDescriptor d = descriptor(TableDescriptorBuilder.newBuilder(TableName.valueOf(spec.name())), spec);
    try (Admin admin = connections.hbaseForLongCalls(e).getAdmin()) {
      if (spec.splitKeys().isEmpty()) {
        admin.createTable(d);
      } else {
        admin.createTable(d, spec.splitKeys().toArray(new byte[0][]));
      }
    }
  }

  /**
   * Makes the table's families and settings what {@code spec} says, in one modifyTable call
   * (families absent from the spec are deleted); other attributes of the table are kept.
   */
  public void alter(ClusterEndpoints e, TableSpec spec) throws IOException {
    TableName name = TableName.valueOf(spec.name());
    try (Admin admin = connections.hbaseForLongCalls(e).getAdmin()) {
      TableDescriptor current = admin.getDescriptor(name);
      TableDescriptorBuilder b = TableDescriptorBuilder.newBuilder(current);
      for (ColumnFamilyDescriptor f : current.getColumnFamilies()) {
        if (spec.families().stream().noneMatch(x -> x.name().equals(f.getNameAsString()))) {
          b.removeColumnFamily(f.getName());
        }
      }
      TableSpec.Settings s = spec.settings();
      // alter starts from the current descriptor: a null setting means "back to HBase's default"
      b.removeValue(Bytes.toBytes(TableDescriptorBuilder.MAX_FILESIZE));
      b.removeValue(Bytes.toBytes(TableDescriptorBuilder.MEMSTORE_FLUSHSIZE));
      b.removeValue(Bytes.toBytes(TableDescriptorBuilder.DURABILITY));
      b.removeValue(Bytes.toBytes(TableDescriptorBuilder.COMPACTION_ENABLED));
      b.removeValue(Bytes.toBytes(TableDescriptorBuilder.SPLIT_POLICY));
      admin.modifyTable(descriptor(b, spec));
    }
  }

  private static TableDescriptor descriptor(TableDescriptorBuilder t, TableSpec spec) {
    for (TableSpec.Family f : spec.families()) {
      ColumnFamilyDescriptor cf = ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes(f.name()))
          .setCompressionType(Compression.Algorithm.valueOf(f.compression()))
          .setBloomFilterType(BloomType.valueOf(f.bloomFilter()))
          .setBlocksize(f.blockSizeBytes())
          .setDataBlockEncoding(DataBlockEncoding.valueOf(f.dataBlockEncoding()))
          .setTimeToLive(f.ttlSeconds())
          .setMinVersions(f.minVersions())
          .setMaxVersions(f.maxVersions())
          .setInMemory(f.inMemory())
          .setBlockCacheEnabled(f.blockCacheEnabled())
          .build();
      t.removeColumnFamily(cf.getName());
      t.setColumnFamily(cf);
    }
    TableSpec.Settings s = spec.settings();
    if (s.maxFileSizeBytes() != null) {
      t.setMaxFileSize(s.maxFileSizeBytes());
    }
    if (s.memstoreFlushSizeBytes() != null) {
      t.setMemStoreFlushSize(s.memstoreFlushSizeBytes());
    }
    if (s.durability() != null) {
      t.setDurability(Durability.valueOf(s.durability()));
    }
    if (s.compactionEnabled() != null) {
      t.setCompactionEnabled(s.compactionEnabled());
    }
    if (s.splitPolicy() != null) {
      t.setRegionSplitPolicyClassName(s.splitPolicy());
    }
    return t.build();
  }

  public boolean isEnabled(ClusterEndpoints e, String table) throws IOException {
    try (Admin admin = connections.hbase(e).getAdmin()) {
      return admin.isTableEnabled(TableName.valueOf(table));
    }
  }

  /** Flushes the table's MemStores (or one region's, by full region name) to HFiles; returns when done. */
  public void flush(ClusterEndpoints e, String table, byte[] regionName) throws IOException {
    try (Admin admin = connections.hbaseForLongCalls(e).getAdmin()) {
      if (regionName == null) {
        admin.flush(TableName.valueOf(table));
      } else {
        admin.flushRegion(regionName);
      }
    }
  }

  public void enable(ClusterEndpoints e, String table) throws IOException {
    try (Admin admin = connections.hbaseForLongCalls(e).getAdmin()) {
      admin.enableTable(TableName.valueOf(table));
    }
  }

  public void disable(ClusterEndpoints e, String table) throws IOException {
    try (Admin admin = connections.hbaseForLongCalls(e).getAdmin()) {
      admin.disableTable(TableName.valueOf(table));
    }
  }

  /** HBase truncates disabled tables only: disables first when needed; the result is enabled. */
  public void truncate(ClusterEndpoints e, String table, boolean preserveSplits) throws IOException {
    TableName name = TableName.valueOf(table);
    try (Admin admin = connections.hbaseForLongCalls(e).getAdmin()) {
      if (admin.isTableEnabled(name)) {
        admin.disableTable(name);
      }
      admin.truncateTable(name, preserveSplits);
    }
  }

  /** Disables (when enabled) and deletes the table with all its data. */
  public void drop(ClusterEndpoints e, String table) throws IOException {
    TableName name = TableName.valueOf(table);
    try (Admin admin = connections.hbaseForLongCalls(e).getAdmin()) {
      if (admin.isTableEnabled(name)) {
        admin.disableTable(name);
      }
      admin.deleteTable(name);
    }
  }

  public void createNamespace(ClusterEndpoints e, String namespace) throws IOException {
    try (Admin admin = connections.hbaseForLongCalls(e).getAdmin()) {
      admin.createNamespace(NamespaceDescriptor.create(namespace).build());
    }
  }

  /** What one codec probe found: whether HBase wrote and read back a flushed HFile with the codec. */
  public record CodecResult(String codec, boolean available, String detail) {}

  /**
   * Creates a one-family table with the codec in namespace {@code granary}, writes compressible
   * rows, flushes them into an HFile, reads every row back from it and drops the table. Any
   * failure (the master's compression sanity check, a region that cannot open) means unavailable.
   */
  public CodecResult probeCodec(ClusterEndpoints e, String codec) {
    TableName name = TableName.valueOf("granary", "codec_probe_" + codec.toLowerCase(Locale.ROOT));
    byte[] family = Bytes.toBytes("p");
    int rows = 500;
    byte[] value = Bytes.toBytes("granary codec probe ".repeat(10));
    try (Admin admin = connections.hbaseForLongCalls(e).getAdmin()) {
      if (Arrays.stream(admin.listNamespaceDescriptors()).noneMatch(d -> d.getName().equals("granary"))) {
        admin.createNamespace(NamespaceDescriptor.create("granary").build());
      }
      if (admin.tableExists(name)) {
        drop(e, name.getNameAsString());
      }
      try {
        admin.createTable(TableDescriptorBuilder.newBuilder(name)
            .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(family)
                .setCompressionType(Compression.Algorithm.valueOf(codec)).setBlockCacheEnabled(false).build())
            .build());
        try (Table t = connections.hbaseForLongCalls(e).getTable(name)) {
          List<Put> puts = new ArrayList<>();
          for (int i = 0; i < rows; i++) {
            puts.add(new Put(Bytes.toBytes(String.format("row%05d", i)))
                .addColumn(family, family, value));
          }
          t.put(puts);
          admin.flush(name);
          long hfileBytes = hfileBytes(e, name);
          if (hfileBytes <= 0) {
            return new CodecResult(codec, false, "the flush wrote no HFile");
          }
          int read = 0;
          try (ResultScanner scanner = t.getScanner(new Scan().setCacheBlocks(false))) {
            for (Result r : scanner) {
              if (!Arrays.equals(r.getValue(family, family), value)) {
                return new CodecResult(codec, false, "row " + Bytes.toString(r.getRow()) + " read back wrong");
              }
              read++;
            }
          }
          if (read != rows) {
            return new CodecResult(codec, false, "read back " + read + " of " + rows + " rows");
          }
          return new CodecResult(codec, true, "flushed " + rows + " rows (" + rows * value.length + " value bytes) into a "
              + hfileBytes + "-byte HFile and read them back");
        }
      } finally {
        if (admin.tableExists(name)) {
          drop(e, name.getNameAsString());
        }
      }
    } catch (IOException | RuntimeException ex) {
      return new CodecResult(codec, false, EngineErrors.describe(ex));
    }
  }

  /** Bytes of the table's HFiles under the HBase root (data/ns/table/region/family/file). */
  private long hfileBytes(ClusterEndpoints e, TableName name) throws IOException {
    Path dir = new Path("/hbase/data/" + name.getNamespaceAsString() + "/"
        + name.getQualifierAsString());
    long bytes = 0;
    RemoteIterator<LocatedFileStatus> it = connections.hdfs(e).listFiles(dir, true);
    while (it.hasNext()) {
      LocatedFileStatus f = it.next();
      String p = f.getPath().toString();
      if (!p.contains("/.tmp/") && !p.contains("/recovered.edits/") && !f.getPath().getName().startsWith(".")
          && p.contains("/p/")) {
        bytes += f.getLen();
      }
    }
    return bytes;
  }

  public Optional<TableState> describe(ClusterEndpoints e, String table) throws IOException {
    TableName name = TableName.valueOf(table);
    try (Admin admin = connections.hbase(e).getAdmin()) {
      TableDescriptor d;
      try {
        d = admin.getDescriptor(name);
      } catch (TableNotFoundException notFound) {
        return Optional.empty();
      }
      List<TableSpec.Family> families = new ArrayList<>();
      for (ColumnFamilyDescriptor f : d.getColumnFamilies()) {
        families.add(new TableSpec.Family(f.getNameAsString(), f.getCompressionType().name(),
            f.getBloomFilterType().name(), f.getBlocksize(), f.getDataBlockEncoding().name(), f.getTimeToLive(),
            f.getMinVersions(), f.getMaxVersions(), f.isInMemory(), f.isBlockCacheEnabled()));
      }
      TableSpec.Settings settings = new TableSpec.Settings(d.getMaxFileSize() < 0 ? null : d.getMaxFileSize(),
          d.getMemStoreFlushSize() < 0 ? null : d.getMemStoreFlushSize(), d.getDurability().name(),
          d.isCompactionEnabled(), d.getRegionSplitPolicyClassName());
      List<TableState.Region> regions = new ArrayList<>();
      try (RegionLocator locator = connections.hbase(e).getRegionLocator(name)) {
        for (HRegionLocation loc : locator.getAllRegionLocations()) {
          RegionInfo r = loc.getRegion();
          regions.add(new TableState.Region(r.getEncodedName(), r.getStartKey(), r.getEndKey(),
              loc.getServerName() == null ? null : loc.getServerName().getServerName()));
        }
      }
      regions.sort(Comparator.comparing(TableState.Region::startKey, Bytes::compareTo));
      List<byte[]> splits = regions.stream().skip(1).map(TableState.Region::startKey).toList();
      return Optional.of(new TableState(new TableSpec(table, families, settings, splits),
          admin.isTableEnabled(name), List.copyOf(regions)));
    }
  }

  /** User tables (not hbase:*), optionally of one namespace, with region counts. */
  public List<TableState.Summary> list(ClusterEndpoints e, String namespace) throws IOException {
    List<TableState.Summary> out = new ArrayList<>();
    try (Admin admin = connections.hbase(e).getAdmin()) {
      TableName[] names = namespace == null ? admin.listTableNames() : admin.listTableNamesByNamespace(namespace);
      for (TableName n : names) {
        if (n.isSystemTable()) {
          continue;
        }
        out.add(new TableState.Summary(n.getNamespaceAsString(), n.getNameAsString(),
            admin.isTableEnabled(n), admin.getRegions(n).size()));
      }
    }
    out.sort(Comparator.comparing(TableState.Summary::name));
    return out;
  }

  // ---- rows (the console's put/get/scan), in the HBase shell's binary-safe form: printable ASCII as
  // is, any other byte as \xNN (Bytes.toStringBinary / toBytesBinary)

  public record RowCell(String family, String qualifier, String value, long timestamp) {}

  public record Row(String key, List<RowCell> cells) {}

  /** The number of bytes {@code shellForm} stands for. */
  public static int byteLength(String shellForm) {
    return Bytes.toBytesBinary(shellForm).length;
  }

  public void putRows(ClusterEndpoints e, String table, List<Row> rows) throws IOException {
    List<Put> puts = new ArrayList<>(rows.size());
    for (Row r : rows) {
      Put p = new Put(Bytes.toBytesBinary(r.key()));
      r.cells().forEach(c -> p.addColumn(Bytes.toBytes(c.family()), Bytes.toBytesBinary(c.qualifier()),
          Bytes.toBytesBinary(c.value())));
      puts.add(p);
    }
    try (Table t = connections.hbase(e).getTable(TableName.valueOf(table))) {
      t.put(puts);
    }
  }

  public Optional<Row> getRow(ClusterEndpoints e, String table, String key) throws IOException {
    try (Table t = connections.hbase(e).getTable(TableName.valueOf(table))) {
      Result r = t.get(new Get(Bytes.toBytesBinary(key)));
      return r.isEmpty() ? Optional.empty() : Optional.of(row(r));
    }
  }

  /** Up to {@code limit} + 1 rows from {@code start} (null: the first): one more tells that more follow. */
  public List<Row> scanRows(ClusterEndpoints e, String table, String start, int limit) throws IOException {
    Scan scan = new Scan().setLimit(limit + 1).setCaching(limit + 1);
    if (start != null) {
      scan.withStartRow(Bytes.toBytesBinary(start), true);
    }
    List<Row> out = new ArrayList<>();
    try (Table t = connections.hbase(e).getTable(TableName.valueOf(table));
        ResultScanner rs = t.getScanner(scan)) {
      for (Result r : rs) {
        out.add(row(r));
        if (out.size() > limit) {
          break;
        }
      }
    }
    return out;
  }

  private static Row row(Result r) {
    List<RowCell> cells = new ArrayList<>();
    for (Cell c : r.rawCells()) {
      cells.add(new RowCell(Bytes.toString(CellUtil.cloneFamily(c)), Bytes.toStringBinary(CellUtil.cloneQualifier(c)),
          Bytes.toStringBinary(CellUtil.cloneValue(c)), c.getTimestamp()));
    }
    return new Row(Bytes.toStringBinary(r.getRow()), cells);
  }
}
