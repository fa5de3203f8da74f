package io.granary.provisioning.config;

import static io.granary.provisioning.config.KnownKey.Type.BOOL;
import static io.granary.provisioning.config.KnownKey.Type.BYTES;
import static io.granary.provisioning.config.KnownKey.Type.DURATION_MS;
import static io.granary.provisioning.config.KnownKey.Type.FLOAT;
import static io.granary.provisioning.config.KnownKey.Type.INT;
import static io.granary.provisioning.model.Role.DATANODE;
import static io.granary.provisioning.model.Role.HBASE_MASTER;
import static io.granary.provisioning.model.Role.NAMENODE;
import static io.granary.provisioning.model.Role.REGIONSERVER;
import static io.granary.provisioning.model.Role.ZKFC;
import static io.granary.provisioning.model.Role.ZOOKEEPER;

import io.granary.provisioning.model.ConfigFile;
import io.granary.provisioning.model.Role;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;

/**
 * The catalog of well-known keys: overrides and role-group overrides of these are checked against
 * their type (a wrong one is an error), and the console offers typed inputs for them. Other keys
 * are allowed (outside the file's namespaces with a warning). Defaults are those of HBase 2.6,
 * Hadoop 3.4 and ZooKeeper 3.8; the plan may size the value differently.
 */
public final class KnownKeys {
  private static final long MIB = 1024 * 1024;

  private static final List<KnownKey> ALL;

  static {
    List<KnownKey> k = new ArrayList<>();
    ConfigFile hbase = ConfigFile.HBASE_SITE;
    k.add(
        key(hbase, "hbase.regionserver.handler.count", INT, 1, null, "30",
            "RPC handler threads of each RegionServer, and of each HMaster unless"
                + " hbase.master.handler.count is set; Granary sizes it from the cores",
            HBASE_MASTER, REGIONSERVER));
    k.add(
        key(hbase, "hbase.master.handler.count", INT, 1, null, null,
            "RPC handler threads of each HMaster; unset: hbase.regionserver.handler.count",
            HBASE_MASTER));
    k.add(
        key(hbase, "hbase.hregion.memstore.flush.size", BYTES, MIB, null, "134217728",
            "a region's MemStore is flushed to an HFile at this size", REGIONSERVER));
    k.add(
        key(hbase, "hbase.hregion.memstore.block.multiplier", INT, 1, null, "4",
            "writes to a region block while its MemStore holds this many times the flush size",
            REGIONSERVER));
    k.add(
        key(hbase, "hbase.hregion.max.filesize", BYTES, 2 * MIB, null,
            "10737418240", "a region splits once one of its stores is larger", REGIONSERVER));
    k.add(
        key(hbase, "hfile.block.cache.size", FLOAT, BigDecimal.ZERO, new BigDecimal("0.8"), "0.4",
            "share of the RegionServer heap for the block cache; with the MemStore share at most"
                + " 0.8; Granary sets it by workload",
            REGIONSERVER));
    k.add(
        key(hbase, "hbase.regionserver.global.memstore.size", FLOAT, BigDecimal.ZERO,
            new BigDecimal("0.8"), "0.4",
            "share of the RegionServer heap for all MemStores; with the block cache share at most"
                + " 0.8; Granary sets it by workload",
            REGIONSERVER));
    k.add(
        key(hbase, "hbase.hstore.compactionThreshold", INT, 2, null, "3",
            "a store is compacted once it has this many HFiles", REGIONSERVER));
    k.add(
        key(hbase, "hbase.hstore.blockingStoreFiles", INT, 1, null, "16",
            "writes to a region block while one of its stores has more HFiles, until a compaction",
            REGIONSERVER));
    k.add(
        key(hbase, "hbase.hregion.majorcompaction", DURATION_MS, 0, null, "604800000",
            "time between major compactions of a region; 0: none by time", REGIONSERVER));
    k.add(
        key(hbase, "hbase.ipc.server.callqueue.read.ratio", FLOAT, BigDecimal.ZERO,
            BigDecimal.ONE, "0",
            "share of the RPC call queues that serve only reads; 0: reads and writes share them",
            REGIONSERVER));
    k.add(
        key(hbase, "hbase.client.scanner.caching", INT, 1, null, "2147483647",
            "rows a scanner fetches per RPC (within hbase.client.scanner.max.result.size)",
            HBASE_MASTER, REGIONSERVER));
    k.add(
        key(hbase, "hbase.rpc.timeout", DURATION_MS, 1, null, "60000",
            "how long an RPC between HBase servers may take", HBASE_MASTER, REGIONSERVER));
    k.add(
        key(hbase, "zookeeper.session.timeout", DURATION_MS, 1, null, "90000",
            "ZooKeeper session of the HBase servers: a RegionServer silent this long is declared"
                + " dead (ZooKeeper caps it at its maxSessionTimeout)",
            HBASE_MASTER, REGIONSERVER));
    k.add(
        key(hbase, "hbase.balancer.period", DURATION_MS, 1, null, "300000",
            "how often the active HMaster runs the balancer", HBASE_MASTER));

    ConfigFile hdfs = ConfigFile.HDFS_SITE;
    k.add(
        key(hdfs, "dfs.namenode.handler.count", INT, 1, null, "10",
            "RPC handler threads of each NameNode; Granary sizes it from the DataNode count",
            NAMENODE));
    k.add(
        key(hdfs, "dfs.datanode.handler.count", INT, 1, null, "10",
            "RPC handler threads of each DataNode", DATANODE));
    k.add(
        key(hdfs, "dfs.replication", INT, 1, 512, "3",
            "replicas of each block a client writes (HBase's files: what its servers read);"
                + " Granary sets min(3, DataNodes)",
            NAMENODE, HBASE_MASTER, REGIONSERVER));
    k.add(
        key(hdfs, "dfs.blocksize", BYTES, MIB, null, "134217728",
            "block size of the files a client writes; the NameNode refuses less than 1 MiB",
            NAMENODE, HBASE_MASTER, REGIONSERVER));
    k.add(
        key(hdfs, "dfs.datanode.balance.bandwidthPerSec", BYTES, 1, null, "100m",
            "bytes per second each DataNode may spend on the balancer", DATANODE));
    k.add(
        key(hdfs, "dfs.datanode.balance.max.concurrent.moves", INT, 1, null, "100",
            "block moves each DataNode makes at once for the balancer", DATANODE));
    k.add(
        key(hdfs, "dfs.datanode.max.transfer.threads", INT, 1, null, "4096",
            "threads a DataNode reads and writes blocks with; HBase keeps many streams open",
            DATANODE));
    k.add(
        key(hdfs, "dfs.datanode.du.reserved", BYTES, 0, null, "0",
            "space per data disk the DataNode leaves free", DATANODE));
    k.add(
        key(hdfs, "dfs.namenode.safemode.extension", DURATION_MS, 0, null, "30000",
            "how long the NameNode stays in safe mode once enough blocks are reported", NAMENODE));
    k.add(
        key(hdfs, "dfs.permissions.enabled", BOOL, null, null, "true",
            "whether the NameNode checks HDFS permissions", NAMENODE));

    ConfigFile core = ConfigFile.CORE_SITE;
    k.add(
        key(core, "io.file.buffer.size", BYTES, 1, Integer.MAX_VALUE, "4096",
            "buffer size of HDFS streams",
            ConfigFile.CORE_SITE.readers().toArray(Role[]::new)));
    k.add(
        key(core, "ha.zookeeper.session-timeout.ms", DURATION_MS, 1, null, "10000",
            "HA: a failed active NameNode's ZKFC loses its lock after this long", ZKFC));

    ConfigFile zoo = ConfigFile.ZOO_CFG;
    k.add(
        key(zoo, "tickTime", DURATION_MS, 1, null, "3000",
            "ZooKeeper's time unit; sessions last 2 to 20 ticks unless min/maxSessionTimeout say"
                + " otherwise",
            ZOOKEEPER));
    k.add(
        key(zoo, "initLimit", INT, 1, null, null,
            "ticks a follower may take to connect and sync to the leader", ZOOKEEPER));
    k.add(
        key(zoo, "syncLimit", INT, 1, null, null,
            "ticks a follower may fall behind the leader", ZOOKEEPER));
    k.add(
        key(zoo, "maxClientCnxns", INT, 0, null, "60",
            "connections from one client address; 0: no limit", ZOOKEEPER));
    k.add(
        key(zoo, "maxSessionTimeout", DURATION_MS, 1, null, null,
            "the longest session ZooKeeper grants; unset: 20 ticks", ZOOKEEPER));
    k.add(
        key(zoo, "autopurge.purgeInterval", INT, 0, null, "0",
            "hours between purges of old snapshots and logs; 0: never", ZOOKEEPER));
    k.sort(Comparator.comparing(KnownKey::file).thenComparing(KnownKey::key));
    ALL = List.copyOf(k);
  }

  private KnownKeys() {}

  /** Every known key, by file ({@link ConfigFile} order), then key. */
  public static List<KnownKey> all() {
    return ALL;
  }

  /**
   * The known key {@code key} of {@code file}. Hadoop and HBase read core-site, hdfs-site and
   * hbase-site into one configuration, so a key of one of them is known in the others too.
   */
  public static Optional<KnownKey> get(ConfigFile file, String key) {
    return ALL.stream()
        .filter(k -> k.key().equals(key))
        .filter(k -> k.file() == file || hadoop(k.file()) && hadoop(file))
        .min(Comparator.comparing(k -> k.file() == file ? 0 : 1));
  }

  /** core-site, hdfs-site, hbase-site: one Configuration in the daemons that read them. */
  private static boolean hadoop(ConfigFile file) {
    return file != ConfigFile.ZOO_CFG;
  }

  private static KnownKey key(
      ConfigFile file,
      String key,
      KnownKey.Type type,
      Number min,
      Number max,
      String defaultValue,
      String description,
      Role... roles) {
    Collection<Role> inOrder = EnumSet.noneOf(Role.class);
    inOrder.addAll(List.of(roles));
    return new KnownKey(
        key,
        file,
        type,
        decimal(min),
        decimal(max),
        defaultValue,
        description,
        List.copyOf(inOrder));
  }

  private static BigDecimal decimal(Number n) {
    return n == null ? null : n instanceof BigDecimal d ? d : new BigDecimal(n.toString());
  }
}
