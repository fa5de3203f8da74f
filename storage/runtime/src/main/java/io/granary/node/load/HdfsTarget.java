package io.granary.node.load;

import io.granary.node.NodeException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * Which HDFS an HDFS tool talks to: a local cluster's directory ({@code --dir}, its client files and
 * endpoints), or a NameNode URI ({@code --namenode}) with client settings ({@code --conf key=value},
 * e.g. an HA nameservice's NameNodes), as the control plane passes for a registered cluster. The user
 * is HADOOP_USER_NAME's, as for any Hadoop client.
 */
final class HdfsTarget {
  static final String OPTIONS = """
        --dir DIR            local cluster directory (env GRANARY_LOCAL_DIR), or
        --namenode URI       a NameNode (or nameservice) URI, with
        --conf KEY=VALUE     client settings, repeatable (an HA nameservice's dfs.* keys)""";

  private Path dir;
  private String namenode;
  private final Map<String, String> conf = new LinkedHashMap<>();

  HdfsTarget(Map<String, String> env) {
    dir = env.get("GRANARY_LOCAL_DIR") == null ? null : Path.of(env.get("GRANARY_LOCAL_DIR"));
  }

  /** Takes args[i] if it is one of this target's options; returns the index of the last argument used, or -1. */
  int accept(String[] args, int i) {
    String a = args[i];
    switch (a) {
      case "--dir" -> dir = Path.of(Cli.value(args, i + 1, a));
      case "--namenode" -> namenode = Cli.value(args, i + 1, a);
      case "--conf" -> {
        String kv = Cli.value(args, i + 1, a);
        int eq = kv.indexOf('=');
        if (eq <= 0) {
          throw NodeException.usage("--conf takes KEY=VALUE, got '" + kv + "'");
        }
        conf.put(kv.substring(0, eq), kv.substring(eq + 1));
      }
      default -> {
        return -1;
      }
    }
    return i + 1;
  }

  /** Fails with usage unless a cluster was named. */
  HdfsTarget require(String usage) {
    if (dir == null && namenode == null) {
      throw NodeException.usage("give --dir (a local cluster) or --namenode URI\n" + usage);
    }
    return this;
  }

  String namenode() {
    return namenode != null ? namenode : Cli.namenodeOf(dir);
  }

  Configuration configuration() {
    Configuration c = namenode != null ? new Configuration() : Cli.hdfsConf(dir, Cli.namenodeOf(dir));
    if (namenode != null) {
      c.set("fs.defaultFS", namenode);
    }
    conf.forEach(c::set);
    return c;
  }
}
