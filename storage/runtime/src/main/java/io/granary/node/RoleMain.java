package io.granary.node;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import javax.management.JMException;
import javax.management.ObjectName;
import javax.management.StandardMBean;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.master.HMaster;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.qjournal.server.JournalNode;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.namenode.FSNamesystem;
import org.apache.hadoop.hdfs.server.namenode.NameNode;
import org.apache.hadoop.hdfs.tools.DFSZKFailoverController;
import org.apache.zookeeper.server.quorum.QuorumPeerMain;

/**
 * Entry point of every role JVM started by bin/granary-node. Records the native support this
 * JVM got, formats a NameNode only on its first start, then hands over to the engine's own main.
 */
public final class RoleMain {
  private RoleMain() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 1) {
      System.err.println("granary-node: RoleMain needs a role: " + Role.names());
      System.exit(2);
    }
    Role role;
    try {
      role = Role.parse(args[0]);
    } catch (NodeException e) {
      System.err.println("granary-node: " + e.getMessage());
      System.exit(e.exitCode());
      return;
    }
    String name = System.getProperty("granary.node.name", role.cliName());
    String confDir = System.getProperty("granary.conf.dir", ".");
    String logDir = System.getProperty("granary.log.dir", ".");
    try {
      NativeSupport ns = NativeSupport.probe(new HdfsConfiguration());
      ns.write(Path.of(logDir, name + ".native"));
      ManagementFactory.getPlatformMBeanServer().registerMBean(
          new StandardMBean(ns.mbean(role.cliName()), NativeSupportMBean.class),
          new ObjectName("Granary:service=Node,name=NativeSupport"));
    } catch (java.io.IOException | JMException | RuntimeException e) {
      // the report feeds `status` and the console; a role must not fail to start over it
      System.err.println("granary-node: could not record native support: " + e);
    }

    switch (role) {
      case ZOOKEEPER -> QuorumPeerMain.main(new String[] {confDir + "/zoo.cfg"});
      case NAMENODE -> {
        HdfsConfiguration conf = new HdfsConfiguration();
        if (HaBootstrap.isHa(conf)) {
          HaBootstrap.namenode(conf);
        } else {
          formatIfNew(conf);
        }
        NameNode.main(new String[0]);
      }
      case JOURNALNODE -> JournalNode.main(new String[0]);
      case ZKFC -> {
        HaBootstrap.formatZkOnce(new HdfsConfiguration());
        DFSZKFailoverController.main(new String[0]);
      }
      case DATANODE -> DataNode.main(new String[0]);
      case MASTER -> HMaster.main(new String[] {"start"});
      case REGIONSERVER -> HRegionServer.main(new String[] {"start"});
    }
  }

  /**
   * Formats only when no name directory holds an image yet: a restart must never re-format. The
   * format runs in a child JVM with this JVM's flags, because formatting registers metrics sources
   * that would collide with the NameNode's own in the same JVM.
   */
  static void formatIfNew(Configuration conf) throws Exception {
    if (formatted(conf)) {
      return;
    }
    System.out.println("granary-node: first start, formatting the NameNode in "
        + FSNamesystem.getNamespaceDirs(conf));
    int rc = child("namenode-format", NameNode.class, "-format", "-nonInteractive");
    if (rc != 0) {
      throw new IllegalStateException("NameNode format failed with exit code " + rc);
    }
  }

  /** True when a name directory already holds an image. */
  static boolean formatted(Configuration conf) {
    Collection<URI> dirs = FSNamesystem.getNamespaceDirs(conf);
    for (URI dir : dirs) {
      if (new File(new File(dir.getPath()), "current/VERSION").exists()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Runs {@code main} of {@code cls} in a child JVM with this JVM's flags and classpath: the engine's
   * one-off tools register metrics sources, or exit, which must not happen inside the role's JVM.
   */
  static int child(String name, Class<?> cls, String... args) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(ProcessHandle.current().info().command().orElse("java"));
    cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(a -> !a.startsWith("-Dgranary.node.name=")).toList());
    cmd.addAll(List.of("-Dgranary.node.name=" + name, "-cp", System.getProperty("java.class.path"),
        cls.getName()));
    cmd.addAll(List.of(args));
    return new ProcessBuilder(cmd).inheritIO().start().waitFor();
  }
}
