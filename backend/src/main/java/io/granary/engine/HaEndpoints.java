package io.granary.engine;

import java.util.List;

/**
 * Every member of a highly available cluster, in order: NameNode {@code i} (0-based) has the id
 * {@code nn<i+1>}, the RPC address {@code namenodeAddresses[i]} and the web URL {@code namenodeWebUrls[i]}.
 *
 * @param nameservice the HDFS nameservice the NameNode URI names; null when HDFS has one NameNode
 * @param namenodeWebUrls empty when unknown (then no NameNode's HA state can be read)
 * @param masterWebUrls every HMaster's web UI; empty when unknown
 */
public record HaEndpoints(String nameservice, List<String> namenodeAddresses, List<String> namenodeWebUrls,
    List<String> masterWebUrls, List<String> zkfcAddresses) {
  /** The ZKFC's port when none is recorded (dfs.ha.zkfc.port). */
  public static final int DEFAULT_ZKFC_PORT = 8019;

  public HaEndpoints {
    namenodeAddresses = namenodeAddresses == null ? List.of() : List.copyOf(namenodeAddresses);
    namenodeWebUrls = namenodeWebUrls == null ? List.of() : List.copyOf(namenodeWebUrls);
    masterWebUrls = masterWebUrls == null ? List.of() : List.copyOf(masterWebUrls);
    zkfcAddresses = zkfcAddresses == null ? List.of() : List.copyOf(zkfcAddresses);
  }

  public HaEndpoints(String nameservice, List<String> namenodeAddresses, List<String> namenodeWebUrls,
      List<String> masterWebUrls) {
    this(nameservice, namenodeAddresses, namenodeWebUrls, masterWebUrls, List.of());
  }

  /** host:port of the ZKFC beside NameNode {@code index}: recorded, or its host with the default port. */
  public String zkfcAddress(int index) {
    if (index < zkfcAddresses.size()) {
      return zkfcAddresses.get(index);
    }
    String nn = namenodeAddresses.get(index);
    return nn.substring(0, nn.lastIndexOf(':')) + ":" + DEFAULT_ZKFC_PORT;
  }

  public static String namenodeId(int index) {
    return "nn" + (index + 1);
  }
}
