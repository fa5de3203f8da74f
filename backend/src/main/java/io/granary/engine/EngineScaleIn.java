package io.granary.engine;

import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.ServerMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.ErasureCodingPolicyInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.springframework.stereotype.Component;

/** What a scale-in needs to know of the running cluster, before it starts and while it runs. */
@Component
public class EngineScaleIn {
  private final EngineConnections connections;

  public EngineScaleIn(EngineConnections connections) {
    this.connections = connections;
  }

  /** {@code address} is the DataNode's IP, as the inventory names hosts; {@code adminState} NORMAL, DECOMMISSION_INPROGRESS, … */
  public record DataNode(String address, String hostname, String rack, long usedBytes, long remainingBytes,
      boolean live, String adminState) {}

  public record EcPolicy(String name, int dataUnits, int parityUnits) {}

  /**
   * @param lowRedundancyBlocks replicated blocks and EC block groups the NameNode still has to copy or
   *     reconstruct (a decommissioning DataNode's replicas no longer count, so this is its work left)
   */
  public record Facts(List<DataNode> dataNodes, List<EcPolicy> enabledEcPolicies, long lowRedundancyBlocks,
      long missingBlocks) {}

  public Facts facts(ClusterEndpoints e) throws IOException {
    DistributedFileSystem dfs = connections.hdfs(e);
    List<DataNode> nodes = new ArrayList<>();
    for (DatanodeReportType type : List.of(DatanodeReportType.LIVE, DatanodeReportType.DEAD)) {
      for (DatanodeInfo d : dfs.getDataNodeStats(type)) {
        nodes.add(new DataNode(d.getIpAddr(), d.getHostName(), d.getNetworkLocation(), d.getDfsUsed(),
            d.getRemaining(), type == DatanodeReportType.LIVE, d.getAdminState().name()));
      }
    }
    List<EcPolicy> policies = new ArrayList<>();
    for (ErasureCodingPolicyInfo p : dfs.getAllErasureCodingPolicies()) {
      if (p.isEnabled()) {
        policies.add(new EcPolicy(p.getPolicy().getName(), p.getPolicy().getNumDataUnits(),
            p.getPolicy().getNumParityUnits()));
      }
    }
    return new Facts(nodes, policies, dfs.getLowRedundancyBlocksCount(), dfs.getMissingBlocksCount());
  }

  /** Regions each live RegionServer holds, by its host name (as it registered: a name or an IP). */
  public Map<String, Integer> regionsByHost(ClusterEndpoints e) throws IOException {
    try (Admin admin = connections.hbase(e).getAdmin()) {
      ClusterMetrics m = admin.getClusterMetrics(EnumSet.of(ClusterMetrics.Option.LIVE_SERVERS));
      Map<String, Integer> out = new LinkedHashMap<>();
      for (Map.Entry<ServerName, ServerMetrics> s : m.getLiveServerMetrics().entrySet()) {
        out.merge(s.getKey().getHostname(), s.getValue().getRegionMetrics().size(), Integer::sum);
      }
      return out;
    }
  }
}
