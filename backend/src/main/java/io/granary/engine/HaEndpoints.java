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
    List<String> masterWebUrls) {
  public HaEndpoints {
    namenodeAddresses = namenodeAddresses == null ? List.of() : List.copyOf(namenodeAddresses);
    namenodeWebUrls = namenodeWebUrls == null ? List.of() : List.copyOf(namenodeWebUrls);
    masterWebUrls = masterWebUrls == null ? List.of() : List.copyOf(masterWebUrls);
  }

  public static String namenodeId(int index) {
    return "nn" + (index + 1);
  }
}
