package io.granary.node;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSUtilClient;
import org.apache.hadoop.hdfs.HAUtil;
import org.apache.hadoop.hdfs.server.namenode.NameNode;
import org.apache.hadoop.hdfs.tools.DFSZKFailoverController;

/**
 * The first start of an HA NameNode pair and its ZKFCs, each step exactly once and in whatever order
 * the processes come up: the first NameNode formats itself and the JournalNodes, the second copies
 * its image ({@code -bootstrapStandby}), and the ZKFCs create the election znode ({@code -formatZK}).
 * Each step waits for what it needs instead of failing, so a launcher or Ansible can start the roles
 * together; a restart skips all of them.
 */
final class HaBootstrap {
  static final Duration WAIT = Duration.ofSeconds(Long.getLong("granary.ha.bootstrap.seconds", 240));
  // exit codes of the engine's own tools
  static final int BOOTSTRAP_ALREADY_FORMATTED = 5;
  static final int FORMAT_ZK_DENIED_EXISTS = 2;

  private HaBootstrap() {}

  static String nameservice(Configuration conf) {
    String ns = conf.getTrimmed("dfs.nameservices", "");
    return ns.contains(",") ? ns.substring(0, ns.indexOf(',')) : ns;
  }

  static boolean isHa(Configuration conf) {
    String ns = nameservice(conf);
    return !ns.isEmpty() && HAUtil.isHAEnabled(conf, ns);
  }

  /** Formats (first NameNode) or bootstraps (the other) a NameNode that has no image yet. */
  static void namenode(Configuration conf) throws Exception {
    if (RoleMain.formatted(conf)) {
      return;
    }
    String ns = nameservice(conf);
    List<String> ids = new ArrayList<>(DFSUtilClient.getNameNodeIds(conf, ns));
    String self = HAUtil.getNameNodeId(conf, ns);
    if (ids.isEmpty() || ids.get(0).equals(self)) {
      // the format also formats the shared edits: every JournalNode must answer
      awaitListening("the JournalNodes", journals(conf));
      RoleMain.formatIfNew(conf);
      return;
    }
    System.out.println("granary-node: first start of standby NameNode " + self + ", copying the image of "
        + ids.get(0));
    retry("NameNode -bootstrapStandby", () -> {
      int rc = RoleMain.child("namenode-bootstrap", NameNode.class, "-bootstrapStandby", "-nonInteractive");
      return rc == 0 || rc == BOOTSTRAP_ALREADY_FORMATTED;
    });
  }

  /** Creates the ZKFCs' election znode unless it exists (the other ZKFC, or an earlier start). */
  static void formatZkOnce(Configuration conf) throws Exception {
    retry("ZKFC -formatZK", () -> {
      int rc = RoleMain.child("zkfc-format", DFSZKFailoverController.class, "-formatZK", "-nonInteractive");
      return rc == 0 || rc == FORMAT_ZK_DENIED_EXISTS;
    });
  }

  /** host:port of each JournalNode in dfs.namenode.shared.edits.dir (qjournal://h1:p1;h2:p2/ns). */
  static List<InetSocketAddress> journals(Configuration conf) {
    String uri = conf.getTrimmed("dfs.namenode.shared.edits.dir", "");
    List<InetSocketAddress> out = new ArrayList<>();
    if (!uri.startsWith("qjournal://")) {
      return out;
    }
    String hosts = uri.substring("qjournal://".length());
    int slash = hosts.indexOf('/');
    for (String hp : (slash < 0 ? hosts : hosts.substring(0, slash)).split(";")) {
      int colon = hp.lastIndexOf(':');
      out.add(InetSocketAddress.createUnresolved(hp.substring(0, colon), Integer.parseInt(hp.substring(colon + 1))));
    }
    return out;
  }

  private static void awaitListening(String what, List<InetSocketAddress> addresses) throws InterruptedException {
    retry(what + " listening", () -> {
      for (InetSocketAddress a : addresses) {
        try (Socket s = new Socket()) {
          s.connect(new InetSocketAddress(a.getHostString(), a.getPort()), 1000);
        } catch (IOException e) {
          return false;
        }
      }
      return true;
    });
  }

  interface Step {
    boolean done() throws Exception;
  }

  private static void retry(String what, Step step) throws InterruptedException {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (true) {
      try {
        if (step.done()) {
          return;
        }
      } catch (Exception e) {
        System.out.println("granary-node: " + what + ": " + e);
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(what + " did not succeed within " + WAIT.toSeconds() + " s");
      }
      System.out.println("granary-node: waiting to retry " + what);
      Thread.sleep(2000);
    }
  }
}
