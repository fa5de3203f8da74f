package io.granary.provisioning.validate;

import java.util.regex.Pattern;

/** Syntax checks for addresses, hostnames, paths and racks. */
public final class Names {
  private static final Pattern IPV4 =
      Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");
  private static final Pattern LABEL =
      Pattern.compile("[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?");
  // no commas or spaces: dfs.datanode.data.dir is a comma-separated list
  private static final Pattern PATH = Pattern.compile("(/[A-Za-z0-9._-]+)+");
  private static final Pattern RACK = Pattern.compile("(/[A-Za-z0-9._-]+)+");
  private static final Pattern CLUSTER = Pattern.compile("[a-z][a-z0-9-]{0,62}");
  // a URI host label: java.net.URI (so Hadoop) finds no host in hdfs://lab-
  private static final Pattern NAMESERVICE = Pattern.compile("[a-z]([a-z0-9-]{0,61}[a-z0-9])?");
  private static final Pattern USER = Pattern.compile("[a-z_][a-z0-9_-]{0,31}");
  private static final Pattern PORT = Pattern.compile("[0-9]{1,5}");

  private Names() {}

  /** A usable unicast IPv4 address (loopback allowed: the lab and tests target it). */
  public static boolean isIpv4(String s) {
    var m = IPV4.matcher(s);
    if (!m.matches()) {
      return false;
    }
    int[] o = new int[4];
    for (int i = 0; i < 4; i++) {
      String part = m.group(i + 1);
      if (part.length() > 1 && part.startsWith("0")) {
        return false; // 010 reads as octal to some tools
      }
      o[i] = Integer.parseInt(part);
      if (o[i] > 255) {
        return false;
      }
    }
    return o[0] != 0 && o[0] < 224;
  }

  /** RFC 1123 name; an all-numeric last label is rejected so "10.0.0.300" is not a hostname. */
  public static boolean isHostname(String s) {
    if (s.isEmpty() || s.length() > 253) {
      return false;
    }
    String[] labels = s.split("\\.", -1);
    for (String l : labels) {
      if (!LABEL.matcher(l).matches()) {
        return false;
      }
    }
    return !labels[labels.length - 1].chars().allMatch(Character::isDigit);
  }

  public static boolean isAddress(String s) {
    return isIpv4(s) || isHostname(s);
  }

  /** An address with an optional port (1-65535), as krb5.conf names KDCs: "kdc1.corp:88". */
  public static boolean isAddressWithPort(String s) {
    int colon = s.lastIndexOf(':');
    if (colon < 0) {
      return isAddress(s);
    }
    String port = s.substring(colon + 1);
    return isAddress(s.substring(0, colon))
        && PORT.matcher(port).matches()
        && Integer.parseInt(port) > 0
        && Integer.parseInt(port) < 65536;
  }

  /** "/data/1/" → "/data/1", so both spellings name one disk. */
  public static String normalizePath(String s) {
    String p = s.trim();
    while (p.length() > 1 && p.endsWith("/")) {
      p = p.substring(0, p.length() - 1);
    }
    return p;
  }

  public static boolean isAbsolutePath(String s) {
    return PATH.matcher(s).matches()
        && !s.contains("/../")
        && !s.endsWith("/..")
        && !s.contains("/./");
  }

  public static boolean isRack(String s) {
    return RACK.matcher(s).matches();
  }

  public static boolean isClusterName(String s) {
    return CLUSTER.matcher(s).matches();
  }

  /** An HDFS nameservice id usable as the authority of hdfs://id. */
  public static boolean isNameservice(String s) {
    return NAMESERVICE.matcher(s).matches();
  }

  public static boolean isUser(String s) {
    return USER.matcher(s).matches();
  }
}
