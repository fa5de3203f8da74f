package io.granary.engine;

import java.io.IOException;
import java.net.InetSocketAddress;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.ha.protocolPB.ZKFCProtocolClientSideTranslatorPB;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.net.NetUtils;
import org.springframework.stereotype.Component;

/** Failover of a highly available cluster's NameNodes and HMasters, on an operator's request. */
@Component
public class EngineHa {
  /** How long a ZKFC may take to make its NameNode active, fencing the other first. */
  static final int FAILOVER_RPC_TIMEOUT_MS = 60_000;

  private final EngineConnections connections;

  public EngineHa(EngineConnections connections) {
    this.connections = connections;
  }

  /**
   * Asks the ZKFC beside NameNode {@code toId} for a graceful failover (what {@code hdfs haadmin
   * -failover} does with automatic failover on): the ZKFC has the active one made standby, then makes
   * its own NameNode active. A manual transition would be refused by the NameNodes, and rightly: it
   * would bypass the election.
   */
  public void gracefulFailover(ClusterEndpoints e, String toId) throws IOException {
    Configuration conf = EngineConnections.conf(e);
    InetSocketAddress zkfc = zkfcAddress(e.ha(), toId);
    try (ZKFCProtocolClientSideTranslatorPB proxy = new ZKFCProtocolClientSideTranslatorPB(zkfc, conf,
        NetUtils.getDefaultSocketFactory(conf), FAILOVER_RPC_TIMEOUT_MS)) {
      proxy.gracefulFailover();
    }
  }

  /** The ZKFC beside NameNode {@code id} (nn1, nn2). */
  static InetSocketAddress zkfcAddress(HaEndpoints ha, String id) {
    for (int i = 0; i < ha.namenodeAddresses().size(); i++) {
      if (HaEndpoints.namenodeId(i).equals(id)) {
        return NetUtils.createSocketAddr(ha.zkfcAddress(i));
      }
    }
    throw new IllegalArgumentException("no NameNode " + id);
  }

  /** Stops the active HMaster; a backup takes over once it has gone from ZooKeeper. */
  public void stopActiveMaster(ClusterEndpoints e) throws IOException {
    try (Admin admin = connections.hbaseForLongCalls(e).getAdmin()) {
      admin.stopMaster();
    }
  }
}
