package io.granary.engine;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionLocator;
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
    TableDescriptorBuilder t = TableDescriptorBuilder.newBuilder(TableName.valueOf(spec.name()));
    for (TableSpec.Family f : spec.families()) {
      t.setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes(f.name()))
          .setCompressionType(Compression.Algorithm.valueOf(f.compression()))
          .setBloomFilterType(BloomType.valueOf(f.bloomFilter()))
          .setBlocksize(f.blockSizeBytes())
          .setDataBlockEncoding(DataBlockEncoding.valueOf(f.dataBlockEncoding()))
          .setTimeToLive(f.ttlSeconds())
          .setMinVersions(f.minVersions())
          .setMaxVersions(f.maxVersions())
          .setInMemory(f.inMemory())
          .setBlockCacheEnabled(f.blockCacheEnabled())
          .build());
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
    try (Admin admin = connections.hbase(e).getAdmin()) {
      if (spec.splitKeys().isEmpty()) {
        admin.createTable(t.build());
      } else {
        admin.createTable(t.build(), spec.splitKeys().toArray(new byte[0][]));
      }
    }
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
}
