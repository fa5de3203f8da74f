package io.granary.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** What a benchmark needs from the engine: its target table and the cluster's configuration digest. */
@Component
public class EngineBenchmarks {
  /** The ceiling probe's own table (default namespace, one family). */
  public static final String CEILING_TABLE = "granary_bench_ceiling";
  public static final String CEILING_FAMILY = "f";
  /** The ceiling table's regions, one probed row each ("0-ceiling" … "7-ceiling"), spread by the balancer. */
  public static final int CEILING_REGIONS = 8;

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private final EngineConnections connections;

  public EngineBenchmarks(EngineConnections connections) {
    this.connections = connections;
  }

  /** A table as a benchmark sees it; {@code descriptor} is HBase's own rendering (as `describe` prints). */
  public record Target(String table, boolean enabled, List<String> families, String descriptor, int regions) {}

  public Optional<Target> target(ClusterEndpoints e, String table) throws IOException {
    try (Admin admin = connections.hbase(e).getAdmin()) {
      TableName name = TableName.valueOf(table);
      if (!admin.tableExists(name)) {
        return Optional.empty();
      }
      TableDescriptor d = admin.getDescriptor(name);
      List<String> families = new ArrayList<>();
      for (ColumnFamilyDescriptor f : d.getColumnFamilies()) {
        families.add(f.getNameAsString());
      }
      return Optional.of(new Target(name.getNameAsString(), admin.isTableEnabled(name), families, d.toString(),
          admin.getRegions(name).size()));
    }
  }

  /** Creates the ceiling table when missing. */
  public void ensureCeilingTable(ClusterEndpoints e) throws IOException {
    try (Admin admin = connections.hbaseForLongCalls(e).getAdmin()) {
      TableName name = TableName.valueOf(CEILING_TABLE);
      if (!admin.tableExists(name)) {
        byte[][] splits = new byte[CEILING_REGIONS - 1][];
        for (int i = 1; i < CEILING_REGIONS; i++) {
          splits[i - 1] = org.apache.hadoop.hbase.util.Bytes.toBytes(Integer.toString(i));
        }
        admin.createTable(TableDescriptorBuilder.newBuilder(name)
            .setColumnFamily(ColumnFamilyDescriptorBuilder.of(CEILING_FAMILY)).build(), splits);
      }
    }
  }

  /**
   * "sha256:…" over the master's effective configuration (sorted key=value lines, from its
   * /conf servlet), so two runs on differently configured clusters are told apart; empty when
   * the master's web UI does not answer.
   */
  public Optional<String> configDigest(ClusterEndpoints e) throws IOException {
    try (Admin admin = connections.hbase(e).getAdmin()) {
      return MasterConf.json(EngineHttp.of(e), admin, null).map(EngineBenchmarks::digest);
    }
  }

  static String digest(String confJson) {
    TreeMap<String, String> sorted = new TreeMap<>();
    JsonNode props = JSON.readTree(confJson).path("properties");
    for (JsonNode p : props) {
      sorted.put(p.path("key").asString(), p.path("value").asString());
    }
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sorted.forEach((k, v) -> sha.update((k + "=" + v + "\n").getBytes(StandardCharsets.UTF_8)));
      return "sha256:" + HexFormat.of().formatHex(sha.digest()).substring(0, 16) + " (" + sorted.size() + " keys)";
    } catch (NoSuchAlgorithmException ex) {
      throw new IllegalStateException(ex);
    }
  }
}
