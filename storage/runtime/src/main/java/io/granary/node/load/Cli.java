package io.granary.node.load;

import io.granary.node.NodeException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;

/** What every client command (load, read, dfs-fill, dfsio) shares: option parsing, exit codes, endpoints. */
final class Cli {
  private Cli() {}

  /** A client command's body; its return value is the exit code. */
  interface Command {
    int run() throws Exception;
  }

  /** Runs a client command and exits: 2 with usage for bad options, 1 when it failed. */
  static void exit(String name, Command command) {
    int code;
    try {
      code = command.run();
    } catch (NodeException e) {
      System.err.println("granary-node " + name + ": " + e.getMessage());
      code = e.exitCode();
    } catch (Exception e) {
      System.err.println("granary-node " + name + " failed: " + e);
      code = 1;
    }
    System.out.flush();
    System.exit(code);
  }

  static String value(String[] args, int i, String option) {
    if (i >= args.length) {
      throw NodeException.usage(option + " needs a value");
    }
    return args[i];
  }

  static long number(String[] args, int i, String option, long min, long max) {
    String s = value(args, i, option);
    long v;
    try {
      v = Long.parseLong(s.trim());
    } catch (NumberFormatException e) {
      throw NodeException.usage(option + " must be a number, got '" + s + "'");
    }
    if (v < min || v > max) {
      throw NodeException.usage(option + " must be between " + min + " and " + max + ", got " + v);
    }
    return v;
  }

  /** The quorum from --zookeeper, else from the local cluster directory. */
  static String quorum(String zookeeper, Path dir, String usage) {
    if (zookeeper != null) {
      return zookeeper;
    }
    if (dir == null) {
      throw NodeException.usage("give --dir (a local cluster) or --zookeeper host:port\n" + usage);
    }
    return zookeeperOf(dir);
  }

  static String zookeeperOf(Path dir) {
    return endpoint(dir, "zookeeper.quorum");
  }

  static String namenodeOf(Path dir) {
    return endpoint(dir, "namenode.uri");
  }

  /**
   * An HDFS client configuration for the local cluster: its client configuration first (under HA the
   * nameservice, both NameNodes and the failover proxy), then fs.defaultFS.
   */
  static Configuration hdfsConf(Path dir, String namenode) {
    Configuration conf = new Configuration();
    Path client = dir.resolve("conf/client");
    for (String f : new String[] {"core-site.xml", "hdfs-site.xml"}) {
      if (Files.isRegularFile(client.resolve(f))) {
        conf.addResource(new org.apache.hadoop.fs.Path(client.resolve(f).toUri()));
      }
    }
    conf.set("fs.defaultFS", namenode);
    return conf;
  }

  /** One value of the local cluster's endpoints.properties (written by 'granary-node local up'). */
  static String endpoint(Path dir, String key) {
    Path f = dir.resolve("endpoints.properties");
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(f)) {
      p.load(in);
    } catch (IOException e) {
      throw new NodeException("cannot read " + f + " (has 'granary-node local up' run?): " + e.getMessage());
    }
    String v = p.getProperty(key);
    if (v == null) {
      throw new NodeException(f + " has no " + key);
    }
    return v;
  }
}
