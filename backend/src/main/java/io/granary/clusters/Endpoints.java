package io.granary.clusters;

import io.granary.shared.problem.FieldError;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A registered cluster's addresses: ASCII host names or IPv4 addresses with a port in range. Hadoop and
 * ZooKeeper parse these deep inside client code, where an odd character fails as an internal error.
 */
final class Endpoints {
  static final String HOST = "[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})";
  static final String PORT = "(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])";
  static final Pattern NAMENODE = Pattern.compile("hdfs://" + HOST + "(?::" + PORT + ")?");
  static final Pattern QUORUM = Pattern.compile(HOST + "(?::" + PORT + ")?(?:," + HOST + "(?::" + PORT + ")?)*"
      + "(?:/[A-Za-z0-9_/-]*)?");
  static final Pattern WEB = Pattern.compile("https?://" + HOST + "(?::" + PORT + ")?(?:/[A-Za-z0-9._~/-]*)?");
  static final Pattern RPC = Pattern.compile(HOST + ":" + PORT);
  /** A nameservice id is part of Hadoop configuration keys: no dots, no port. */
  static final Pattern NAMESERVICE_URI = Pattern.compile("hdfs://([A-Za-z0-9][A-Za-z0-9_-]{0,62})");
  static final int MAX_MASTERS = 5;
  /** What the console's failover view and the provisioned layout support: one active, one standby. */
  static final int NAMENODES = 2;

  private Endpoints() {}

  static List<FieldError> check(String zk, String nn, String nnWeb, String masterWeb) {
    return check(zk, nn, nnWeb, masterWeb, null, null, null);
  }

  /**
   * With {@code nnAddresses}, {@code nn} names the nameservice (hdfs://ns, no port) and the two NameNodes
   * serve it; their web URLs, where the console reads which one is active, come in the same order.
   */
  static List<FieldError> check(String zk, String nn, String nnWeb, String masterWeb, List<String> nnAddresses,
      List<String> nnWebUrls, List<String> masterWebUrls) {
    List<FieldError> out = base(zk, nn, nnWeb, masterWeb);
    boolean ha = nnAddresses != null && !nnAddresses.isEmpty();
    if (ha) {
      if (nnAddresses.size() != NAMENODES || !members(nnAddresses, RPC)) {
        out.add(new FieldError("namenodeAddresses", "exactly 2 distinct host:port RPC addresses, e.g."
            + " [\"nn1:8020\", \"nn2:8020\"]"));
      }
      if (nn != null && !NAMESERVICE_URI.matcher(nn).matches()) {
        out.add(new FieldError("namenodeUri", "with namenodeAddresses, hdfs://<nameservice> without a port"
            + " (letters, digits, '-' and '_'), e.g. hdfs://cluster1"));
      }
      if (nnWebUrls == null || nnWebUrls.size() != NAMENODES || !members(nnWebUrls, WEB)) {
        out.add(new FieldError("namenodeWebUrls", "2 http(s)://host:port, one per NameNode address, same order:"
            + " the console reads which NameNode is active there"));
      }
    } else if (nnWebUrls != null && !nnWebUrls.isEmpty()) {
      out.add(new FieldError("namenodeWebUrls", "only with namenodeAddresses; use namenodeWebUrl for one NameNode"));
    }
    if (masterWebUrls != null && !masterWebUrls.isEmpty()
        && (masterWebUrls.size() > MAX_MASTERS || !members(masterWebUrls, WEB))) {
      out.add(new FieldError("masterWebUrls", "1 to " + MAX_MASTERS + " distinct http(s)://host:port[/path],"
          + " one per HMaster, e.g. [\"http://master1:16010\", \"http://master2:16010\"]"));
    }
    return out;
  }

  /** Every entry present, well-formed and different from the others. */
  private static boolean members(List<String> l, Pattern p) {
    return l.stream().allMatch(s -> s != null && p.matcher(s).matches()) && l.stream().distinct().count() == l.size();
  }

  private static List<FieldError> base(String zk, String nn, String nnWeb, String masterWeb) {
    List<FieldError> out = new ArrayList<>();
    if (zk == null || !QUORUM.matcher(zk).matches()) {
      out.add(new FieldError("zookeeperQuorum", "host:port[,host:port…], e.g. zk1:2181,zk2:2181,zk3:2181"));
    }
    if (nn == null || !NAMENODE.matcher(nn).matches()) {
      out.add(new FieldError("namenodeUri", "hdfs://host[:port] with an ASCII host name or address, e.g. hdfs://nn1:8020"));
    }
    if (nnWeb != null && !WEB.matcher(nnWeb).matches()) {
      out.add(new FieldError("namenodeWebUrl", "http(s)://host[:port][/path], e.g. http://nn1:9870"));
    }
    if (masterWeb != null && !WEB.matcher(masterWeb).matches()) {
      out.add(new FieldError("masterWebUrl", "http(s)://host[:port][/path], e.g. http://master1:16010"));
    }
    return out;
  }
}
