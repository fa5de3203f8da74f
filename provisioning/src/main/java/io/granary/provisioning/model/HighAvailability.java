package io.granary.provisioning.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import java.util.List;

/**
 * Whether HDFS (two NameNodes over JournalNodes, failover by ZKFC) and HBase (a backup HMaster) run
 * highly available, and why.
 *
 * @param source {@link Provenance#USER_OVERRIDE} when the spec gave {@code ha}, {@link
 *     Provenance#SIZING_RULE} when chosen from the host count
 * @param nameservice the HDFS nameservice id (clients use {@code hdfs://<nameservice>}); null
 *     without HA
 */
@JsonInclude(Include.NON_NULL)
public record HighAvailability(
    boolean enabled, Provenance source, String rule, String nameservice) {

  /** With fewer hosts a JournalNode or ZooKeeper majority does not survive a host's loss. */
  public static final int MIN_HOSTS = 3;

  /**
   * ZooKeeper ensemble sizes: a single server, or an odd quorum (an even one survives no more
   * losses); HA's failover lock needs a quorum.
   */
  public static List<Integer> zookeeperCounts(boolean ha) {
    return ha ? List.of(3, 5) : List.of(1, 3, 5);
  }

  public static HighAvailability of(ClusterSpec spec) {
    boolean on = spec.haOrDefault();
    String ns = on ? spec.name() : null;
    if (spec.ha() != null) {
      return new HighAvailability(on, Provenance.USER_OVERRIDE, "ha: " + on + " in the spec", ns);
    }
    int n = spec.hosts().size();
    String rule =
        String.format(
            "ha left out: %s %d hosts; the spec has %d",
            on ? "on from" : "off below",
            MIN_HOSTS,
            n);
    return new HighAvailability(on, Provenance.SIZING_RULE, rule, ns);
  }
}
