package io.granary.engine;

import io.granary.engine.ClusterSnapshot.Ha;
import io.granary.engine.ClusterSnapshot.MasterHa;
import io.granary.engine.ClusterSnapshot.MasterState;
import io.granary.engine.ClusterSnapshot.NameNodeHa;
import io.granary.engine.ClusterSnapshot.NameNodeState;
import io.granary.engine.ClusterSnapshot.ZooKeeperHa;
import io.granary.engine.ClusterSnapshot.ZooKeeperMode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Asks every NameNode, HMaster and ZooKeeper of a highly available cluster what it is now: each member
 * answers for itself, so one that is down or cut off shows as such even while the others serve.
 */
final class HaProbe {
  static final String NAMENODE_BEAN = "Hadoop:service=NameNode,name=NameNodeStatus";
  static final String MASTER_BEAN = "Hadoop:service=HBase,name=Master,sub=Server";
  private static final Duration TIMEOUT = Duration.ofSeconds(3);
  private static final Pattern MODE = Pattern.compile("Mode: (\\w+)");
  private static final Pattern ACTIVE_MASTER = Pattern.compile("\"tag\\.isActiveMaster\"\\s*:\\s*\"(true|false)\"");

  private HaProbe() {}

  /** Null for a cluster without a nameservice. */
  static Ha probe(ClusterEndpoints e) {
    if (e.nameservice() == null) {
      return null;
    }
    HaEndpoints ha = e.ha();
    EngineHttp http = EngineHttp.of(e);
    List<NameNodeHa> nns = new ArrayList<>();
    for (int i = 0; i < ha.namenodeAddresses().size(); i++) {
      String web = i < ha.namenodeWebUrls().size() ? ha.namenodeWebUrls().get(i) : null;
      nns.add(new NameNodeHa(HaEndpoints.namenodeId(i), ha.namenodeAddresses().get(i), web,
          namenodeState(web == null ? null : http.getAt(web, "/jmx?qry=" + NAMENODE_BEAN, TIMEOUT))));
    }
    List<MasterHa> masters = ha.masterWebUrls().stream()
        .map(url -> new MasterHa(url, masterState(http.getAt(url, "/jmx?qry=" + MASTER_BEAN, TIMEOUT)))).toList();
    List<ZooKeeperHa> zks = zookeepers(e.zookeeperQuorum()).stream()
        .map(a -> new ZooKeeperHa(a, zookeeperMode(srvr(a)))).toList();
    return new Ha(ha.nameservice(), List.copyOf(nns), masters, zks);
  }

  static NameNodeState namenodeState(String jmx) {
    String s = jmx == null ? null : EngineGateway.jsonString(jmx, "State");
    return "active".equals(s) ? NameNodeState.ACTIVE : "standby".equals(s) ? NameNodeState.STANDBY
        : NameNodeState.DOWN;
  }

  static MasterState masterState(String jmx) {
    Matcher m = jmx == null ? null : ACTIVE_MASTER.matcher(jmx);
    return m == null || !m.find() ? MasterState.DOWN
        : "true".equals(m.group(1)) ? MasterState.ACTIVE : MasterState.BACKUP;
  }

  /** A member out of quorum answers "not currently serving requests", without a mode: down for clients. */
  static ZooKeeperMode zookeeperMode(String srvr) {
    Matcher m = srvr == null ? null : MODE.matcher(srvr);
    if (m == null || !m.find()) {
      return ZooKeeperMode.DOWN;
    }
    return switch (m.group(1).toLowerCase(Locale.ROOT)) {
      case "leader" -> ZooKeeperMode.LEADER;
      case "follower" -> ZooKeeperMode.FOLLOWER;
      case "standalone" -> ZooKeeperMode.STANDALONE;
      default -> ZooKeeperMode.DOWN;
    };
  }

  /** host:port of every member of a quorum string (chroot dropped, ZooKeeper's default port added). */
  static List<String> zookeepers(String quorum) {
    int chroot = quorum.indexOf('/');
    String hosts = chroot < 0 ? quorum : quorum.substring(0, chroot);
    List<String> out = new ArrayList<>();
    for (String h : hosts.split(",")) {
      out.add(h.contains(":") ? h : h + ":2181");
    }
    return out;
  }

  /** ZooKeeper's four-letter word {@code srvr}; null when the member does not answer. */
  static String srvr(String hostPort) {
    int colon = hostPort.lastIndexOf(':');
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1))),
          (int) TIMEOUT.toMillis());
      s.setSoTimeout((int) TIMEOUT.toMillis());
      OutputStream out = s.getOutputStream();
      out.write("srvr".getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = s.getInputStream();
      return new String(in.readNBytes(4096), StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
