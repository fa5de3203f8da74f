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

  private Endpoints() {}

  static List<FieldError> check(String zk, String nn, String nnWeb, String masterWeb) {
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
