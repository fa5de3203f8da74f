package io.granary.engine;

import io.granary.engine.ClusterSnapshot.DataNode;
import io.granary.engine.ClusterSnapshot.DataNodeStatus;
import io.granary.engine.ClusterSnapshot.Hbase;
import io.granary.engine.ClusterSnapshot.Hdfs;
import io.granary.engine.ClusterSnapshot.NativeSupport;
import io.granary.engine.ClusterSnapshot.RegionServer;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FsStatus;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.ClusterMetrics.Option;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.Size;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BalanceRequest;
import org.apache.hadoop.hbase.client.BalanceResponse;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.springframework.stereotype.Component;

/** Reads cluster state and runs cluster-wide actions; the only code that talks to HBase and HDFS. */
@Component
public class EngineGateway {
  private static final String NATIVE_BEAN = "Granary:service=Node,name=NativeSupport";

  private final EngineConnections connections;

  public EngineGateway(EngineConnections connections) {
    this.connections = connections;
  }

  /** A collection past its timeout: until one returns, pages fail fast instead of each waiting as long. */
  public void unresponsive(long clusterId, String why) {
    connections.reachability(clusterId, why, why);
  }

  /** Closes a cluster's clients for good (it was deregistered). */
  public void forget(long clusterId) {
    connections.forget(clusterId);
  }

  public ClusterSnapshot collect(ClusterEndpoints e) {
    // first: each member answers for itself within seconds, even while the calls below wait on a failover
    ClusterSnapshot.Ha ha = HaProbe.probe(e);
    EngineHttp web = EngineHttp.of(e);
    Hdfs hdfs;
    try {
      hdfs = hdfs(connections.hdfsForCollection(e), web);
    } catch (IOException | RuntimeException ex) {
      connections.invalidate(e.clusterId());
      hdfs = Hdfs.unreachable(EngineErrors.describe(ex));
    }
    Hbase hbase;
    ClusterSnapshot.Tables tables = ClusterSnapshot.Tables.EMPTY;
    try {
      HbaseState st = hbase(connections.hbaseForCollection(e), web);
      hbase = st.hbase();
      tables = st.tables();
    } catch (IOException | RuntimeException ex) {
      connections.invalidate(e.clusterId());
      hbase = Hbase.unreachable(EngineErrors.describe(ex));
    }
    connections.reachability(e.clusterId(), hdfs.reachable() ? null : hdfs.error(),
        hbase.reachable() ? null : hbase.error());
    NativeSupport ns = nativeSupport(web, hdfs);
    if (hdfs.reachable() && hdfs.version() == null) {
      hdfs = withVersion(hdfs, dataNodeVersion(web, hdfs));
    }
    return new ClusterSnapshot(Instant.now(), hdfs, hbase, ns, tables, ha);
  }

  private record HbaseState(Hbase hbase, ClusterSnapshot.Tables tables) {}

  private static Hdfs withVersion(Hdfs h, String version) {
    return new Hdfs(h.reachable(), h.error(), version, h.safeMode(), h.capacityBytes(), h.usedBytes(),
        h.remainingBytes(), h.underReplicatedBlocks(), h.missingBlocks(), h.dataNodes());
  }

  private static String dataNodeVersion(EngineHttp web, Hdfs hdfs) {
    for (DataNode d : hdfs.dataNodes()) {
      if (d.state() == DataNodeStatus.LIVE && d.infoAddress() != null) {
        String body = jmx(web, d.infoAddress(), "Hadoop:service=DataNode,name=DataNodeInfo");
        if (body != null) {
          return jsonString(body, "SoftwareVersion");
        }
      }
    }
    return null;
  }

  static String jmx(EngineHttp web, String hostPort, String bean) {
    return web.get(hostPort, "/jmx?qry=" + bean, Duration.ofSeconds(3));
  }

  private static Hdfs hdfs(DistributedFileSystem dfs, EngineHttp web) throws IOException {
    // a DataNode serving HTTPS only (Kerberos) publishes its web port as the secure one
    boolean https = "https".equals(web.scheme());
    List<DataNode> nodes = new ArrayList<>();
    long now = System.currentTimeMillis();
    String version = null;
    for (DatanodeInfo d : dfs.getDataNodeStats(DatanodeReportType.LIVE)) {
      DataNodeStatus st = d.isDecommissioned() ? DataNodeStatus.DECOMMISSIONED
          : d.isDecommissionInProgress() ? DataNodeStatus.DECOMMISSIONING : DataNodeStatus.LIVE;
      nodes.add(dataNode(d, st, now, https));
      if (version == null) {
        version = d.getSoftwareVersion();
      }
    }
    for (DatanodeInfo d : dfs.getDataNodeStats(DatanodeReportType.DEAD)) {
      nodes.add(dataNode(d, DataNodeStatus.DEAD, now, https));
    }
    FsStatus fs = dfs.getStatus();
    return new Hdfs(true, null, version, dfs.isInSafeMode(), fs.getCapacity(), fs.getUsed(), fs.getRemaining(),
        dfs.getLowRedundancyBlocksCount(), dfs.getMissingBlocksCount(), List.copyOf(nodes));
  }

  private static DataNode dataNode(DatanodeInfo d, DataNodeStatus st, long now, boolean https) {
    return new DataNode(d.getXferAddr(), d.getHostName(), https ? d.getInfoSecureAddr() : d.getInfoAddr(), st, d.getCapacity(), d.getDfsUsed(),
        d.getRemaining(), Math.max(0, (now - d.getLastUpdate()) / 1000), d.getNumBlocks());
  }

  private static HbaseState hbase(org.apache.hadoop.hbase.client.Connection c, EngineHttp web) throws IOException {
    try (Admin admin = c.getAdmin()) {
      ClusterMetrics m = admin.getClusterMetrics(EnumSet.of(Option.HBASE_VERSION, Option.CLUSTER_ID, Option.MASTER,
          Option.LIVE_SERVERS, Option.DEAD_SERVERS, Option.REGIONS_IN_TRANSITION, Option.BALANCER_ON));
      Map<String, String> ecPolicies = new HashMap<>();
      List<TableDescriptor> descriptors = admin.listTableDescriptors();
      for (TableDescriptor d : descriptors) {
        if (d.getErasureCodingPolicy() != null) {
          ecPolicies.put(d.getTableName().getNameAsString(), d.getErasureCodingPolicy());
        }
      }
      List<RegionServer> servers = new ArrayList<>();
      List<ClusterSnapshot.RegionLoad> regions = new ArrayList<>();
      List<String> unreachable = new ArrayList<>();
      Set<String> withRegions = new HashSet<>();
      for (var entry : m.getLiveServerMetrics().entrySet()) {
        ServerMetrics sm = entry.getValue();
        // per-region sizes in bytes from the server itself; the master's report rounds them to whole MB
        String infoAddress = entry.getKey().getHostname() + ":" + sm.getInfoServerPort();
        Map<String, RegionBytes.Sizes> bytes = RegionBytes.read(web, infoAddress);
        if (bytes == null) {
          unreachable.add(entry.getKey().getServerName());
        }
        long reads = 0;
        long writes = 0;
        int storeFiles = 0;
        for (RegionMetrics rm : sm.getRegionMetrics().values()) {
          reads += rm.getReadRequestCount();
          writes += rm.getWriteRequestCount();
          storeFiles += rm.getStoreFileCount();
          ClusterSnapshot.RegionLoad load = regionLoad(entry.getKey(), rm, bytes, ecPolicies);
          if (load != null) {
            regions.add(load);
            withRegions.add(load.table());
          }
        }
        servers.add(new RegionServer(entry.getKey().getServerName(), sm.getRegionMetrics().size(),
            sm.getRequestCountPerSecond(), reads, writes,
            (int) sm.getUsedHeapSize().get(Size.Unit.MEGABYTE), (int) sm.getMaxHeapSize().get(Size.Unit.MEGABYTE),
            storeFiles, infoAddress));
      }
      servers.sort((a, b) -> a.name().compareTo(b.name()));
      unreachable.sort(null);
      List<String> dead = m.getDeadServerNames().stream().map(ServerName::getServerName).sorted().toList();
      Boolean balancerOn = m.getBalancerOn();
      // one master call, answered from its table-state cache: reading hbase:meta per table would hang
      // the collection for as long as the server holding meta is down
      Set<TableName> disabled = Set.copyOf(admin.listTableNamesByState(false));
      List<ClusterSnapshot.TableInfo> tables = new ArrayList<>();
      for (TableDescriptor d : descriptors) {
        TableName n = d.getTableName();
        boolean enabled = withRegions.contains(n.getNameAsString()) || !disabled.contains(n);
        tables.add(new ClusterSnapshot.TableInfo(n.getNameAsString(), n.getNamespaceAsString(), enabled,
            d.getErasureCodingPolicy()));
      }
      tables.sort(Comparator.comparing(ClusterSnapshot.TableInfo::name));
      Set<String> namespaces = new HashSet<>();
      try {
        for (NamespaceDescriptor d : admin.listNamespaceDescriptors()) {
          namespaces.add(d.getName());
        }
      } catch (IOException unavailable) {
        // the master reads namespaces from a table of their own: while its server is down, fall back to the
        // namespaces of the tables rather than failing the whole collection
        tables.forEach(t -> namespaces.add(t.namespace()));
        namespaces.add(NamespaceDescriptor.DEFAULT_NAMESPACE_NAME_STR);
      }
      namespaces.remove(NamespaceDescriptor.SYSTEM_NAMESPACE_NAME_STR);
      List<String> namespaceList = new ArrayList<>(namespaces);
      namespaceList.sort(null);
      Hbase hbase = new Hbase(true, null, m.getHBaseVersion(), m.getClusterId(),
          m.getMasterName() == null ? null : m.getMasterName().getServerName(), List.copyOf(servers), dead,
          m.getRegionStatesInTransition().size(), descriptors.size(), balancerOn != null && balancerOn,
          List.copyOf(unreachable));
      return new HbaseState(hbase, new ClusterSnapshot.Tables(List.copyOf(namespaceList), List.copyOf(tables),
          List.copyOf(regions)));
    }
  }

  /** Null for hbase:* regions: the console lists user tables only. */
  private static ClusterSnapshot.RegionLoad regionLoad(ServerName server, RegionMetrics rm,
      Map<String, RegionBytes.Sizes> bytes, Map<String, String> ecPolicies) {
    byte[][] parts;
    try {
      parts = RegionInfo.parseRegionName(rm.getRegionName());
    } catch (IOException e) {
      return null;
    }
    TableName table = TableName.valueOf(parts[0]);
    if (table.isSystemTable()) {
      return null;
    }
    String encoded = RegionInfo.encodeRegionName(rm.getRegionName());
    RegionBytes.Sizes exact = bytes == null ? null : bytes.get(encoded);
    long storeFileBytes = exact != null && exact.storeFileBytes() >= 0 ? exact.storeFileBytes()
        : (long) rm.getStoreFileSize().get(Size.Unit.BYTE);
    long memstoreBytes = exact != null && exact.memstoreBytes() >= 0 ? exact.memstoreBytes()
        : (long) rm.getMemStoreSize().get(Size.Unit.BYTE);
    float locality = ecPolicies.containsKey(table.getNameAsString()) ? Float.NaN
        : Locality.capped(rm.getDataLocality());
    return new ClusterSnapshot.RegionLoad(table.getNameAsString(), encoded, parts[1], server.getServerName(),
        storeFileBytes, memstoreBytes, rm.getStoreFileCount(), locality, rm.getReadRequestCount(),
        rm.getWriteRequestCount());
  }

  /**
   * The RegionServers among {@code servers} that do not answer on their web port now: a quick
   * check (one small request each, bounded by the HTTP timeouts) that needs no HBase RPC, so it
   * sees a dead server while the master still lists it and while calls that need its regions hang.
   */
  public List<String> silentRegionServers(ClusterEndpoints e, List<RegionServer> servers) {
    EngineHttp web = EngineHttp.of(e);
    List<String> silent = new ArrayList<>();
    for (RegionServer rs : servers) {
      if (rs.infoAddress() != null && jmx(web, rs.infoAddress(), "java.lang:type=ClassLoading") == null) {
        silent.add(rs.name());
      }
    }
    return silent;
  }

  /** Reads the report each role publishes over JMX, from the first live DataNode's web endpoint. */
  private static NativeSupport nativeSupport(EngineHttp web, Hdfs hdfs) {
    for (DataNode d : hdfs.dataNodes()) {
      if (d.state() != DataNodeStatus.LIVE || d.infoAddress() == null) {
        continue;
      }
      String body = jmx(web, d.infoAddress(), NATIVE_BEAN);
      if (body != null && body.contains("RsCoder")) {
        return new NativeSupport(true, jsonString(body, "RsCoder"), jsonString(body, "XorCoder"),
            jsonString(body, "Checksum"), "true".equals(jsonLiteral(body, "HadoopNative")), "DataNode " + d.name());
      }
    }
    return NativeSupport.unknown();
  }

  static String jsonString(String json, String key) {
    Matcher m = Pattern.compile("\"" + key + "\"\\s*:\\s*\"([^\"]*)\"").matcher(json);
    return m.find() ? m.group(1) : null;
  }

  static String jsonLiteral(String json, String key) {
    Matcher m = Pattern.compile("\"" + key + "\"\\s*:\\s*(true|false|\\d+)").matcher(json);
    return m.find() ? m.group(1) : null;
  }

  /** Runs the balancer once; HBase refuses when its switch is off, so say that instead. */
  public BalancerOutcome balance(ClusterEndpoints e) throws IOException {
    try (Admin admin = connections.hbaseForLongCalls(e).getAdmin()) {
      if (!admin.isBalancerEnabled()) {
        return new BalancerOutcome(false, false, 0, 0);
      }
      BalanceResponse r = admin.balance(BalanceRequest.newBuilder().build());
      return new BalancerOutcome(true, r.isBalancerRan(), r.getMovesCalculated(), r.getMovesExecuted());
    }
  }

  /** Sets the balancer switch (waiting for a balance in flight to end); the state it had before. */
  public boolean balancerSwitch(ClusterEndpoints e, boolean on) throws IOException {
    try (Admin admin = connections.hbaseForLongCalls(e).getAdmin()) {
      return admin.balancerSwitch(on, true);
    }
  }

  public record BalancerOutcome(boolean switchOn, boolean ran, int movesCalculated, int movesExecuted) {}

  public int regionsInTransition(ClusterEndpoints e) throws IOException {
    try (Admin admin = connections.hbase(e).getAdmin()) {
      return admin.getClusterMetrics(EnumSet.of(Option.REGIONS_IN_TRANSITION)).getRegionStatesInTransition().size();
    }
  }

  /** Bytes under HBase's oldWALs: WALs kept for replication or snapshots until the cleaner removes them. */
  public long oldWalsBytes(ClusterEndpoints e) throws IOException {
    try {
      return connections.hdfs(e).getContentSummary(new org.apache.hadoop.fs.Path("/hbase/oldWALs")).getLength();
    } catch (java.io.FileNotFoundException ex) {
      return 0;
    }
  }
}
