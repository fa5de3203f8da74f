package io.granary.node.local;

import io.granary.engine.client.ClientSettings;
import io.granary.node.config.LocalLayout;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.NamespaceNotFoundException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.SystemErasureCodingPolicies;

/** The few client calls the local cluster needs: HDFS layout, a put/get probe, orderly shutdown. */
final class EngineClient {
  static final TableName PROBE_TABLE = TableName.valueOf("granary", "probe");
  private static final byte[] FAMILY = "p".getBytes(StandardCharsets.UTF_8);

  private final LocalLayout layout;

  EngineClient(LocalLayout layout) {
    this.layout = layout;
  }

  Configuration conf() {
    Configuration conf = HBaseConfiguration.create();
    for (String f : new String[] {"core-site.xml", "hdfs-site.xml", "hbase-site.xml"}) {
      conf.addResource(new Path(layout.clientConfDir().resolve(f).toUri()));
    }
    // Fail fast: the caller polls with its own deadline.
    ClientSettings.launcher().forEach(conf::set);
    return conf;
  }

  /**
   * Marks /hbase explicitly replicated before HBase first writes to it: WALs, oldWALs and
   * MasterData then stay replicated even if someone sets an EC policy on "/" (hflush/hsync do not
   * work on striped files). Per-table EC policies set on table directories still apply.
   */
  void prepareHbaseRoot() throws IOException {
    Configuration conf = conf();
    try (FileSystem fs = FileSystem.newInstance(URI.create(layout.namenodeUri()), conf)) {
      DistributedFileSystem dfs = (DistributedFileSystem) fs;
      Path root = new Path("/hbase");
      if (!dfs.exists(root)) {
        dfs.mkdirs(root);
        dfs.setErasureCodingPolicy(root, SystemErasureCodingPolicies.getReplicationPolicy().getName());
      }
    }
  }

  /** Writes and reads back one cell; true when the value round-trips. */
  boolean putGet() throws IOException {
    try (Connection c = ConnectionFactory.createConnection(conf());
        Admin admin = c.getAdmin()) {
      try {
        admin.getNamespaceDescriptor(PROBE_TABLE.getNamespaceAsString());
      } catch (NamespaceNotFoundException e) {
        admin.createNamespace(NamespaceDescriptor.create(PROBE_TABLE.getNamespaceAsString()).build());
      }
      if (!admin.tableExists(PROBE_TABLE)) {
        admin.createTable(
            TableDescriptorBuilder.newBuilder(PROBE_TABLE)
                .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY))
                .build());
      } else if (admin.isTableDisabled(PROBE_TABLE)) {
        // the console refuses to disable it, but the shell does not: health depends on this table
        admin.enableTable(PROBE_TABLE);
      }
      byte[] row = "probe".getBytes(StandardCharsets.UTF_8);
      byte[] value = Long.toString(System.nanoTime()).getBytes(StandardCharsets.UTF_8);
      try (Table t = c.getTable(PROBE_TABLE)) {
        t.put(new Put(row).addColumn(FAMILY, FAMILY, value));
        Result r = t.get(new Get(row));
        return Arrays.equals(value, r.getValue(FAMILY, FAMILY));
      }
    }
  }

  /** Asks the master to flush and close every region and stop the cluster (HMaster stop --shutDownCluster). */
  void shutdownHbase() throws IOException {
    try (Connection c = ConnectionFactory.createConnection(conf());
        Admin admin = c.getAdmin()) {
      admin.shutdown();
    }
  }
}
