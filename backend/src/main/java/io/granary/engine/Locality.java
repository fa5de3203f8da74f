package io.granary.engine;

/**
 * Region locality as the console shows it: the share of a region's HFile bytes whose blocks have
 * a replica on the RegionServer's own host, 0..1. HBase counts a striped (erasure-coded) block
 * group once per internal block on a host, so regions of EC tables read up to k+m (5.0 for
 * RS-3-2 on one host); and a stripe spreads its data over k DataNodes by design, so a server can
 * hold at most 1/k of it. For those tables locality is "n/a for striped files".
 */
public final class Locality {
  public static final String STRIPED = "n/a for striped files: the table's HFiles are erasure-coded (%s), each"
      + " stripe spreads its data over %d DataNodes, so at most 1/%d of it can be local to a RegionServer; HBase's"
      + " locality metric counts a block group once per internal block and is not meaningful for them";

  private Locality() {}

  public static float capped(float hbase) {
    return Float.isNaN(hbase) ? 0f : Math.max(0f, Math.min(1f, hbase));
  }

  /** The reason shown instead of a figure for a table under {@code policy} (e.g. RS-3-2-1024k). */
  public static String stripedNote(String policy) {
    int k = dataUnits(policy);
    return String.format(java.util.Locale.ROOT, STRIPED, policy, k, k);
  }

  /** k of a policy named like RS-3-2-1024k or XOR-2-1-1024k (RS-LEGACY-6-3-1024k too); 1 if unparsable. */
  static int dataUnits(String policy) {
    String[] parts = policy.split("-");
    for (int i = 0; i + 1 < parts.length; i++) {
      if (parts[i].matches("\\d+") && parts[i + 1].matches("\\d+")) {
        return Integer.parseInt(parts[i]);
      }
    }
    return 1;
  }
}
