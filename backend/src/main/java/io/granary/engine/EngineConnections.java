package io.granary.engine;

import io.granary.engine.client.ClientSettings;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.security.UserGroupInformation;
import java.security.PrivilegedExceptionAction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * One HBase connection and one HDFS client per cluster, created on first use and reused: both
 * are heavy (threads, ZooKeeper session). A cluster whose endpoints change gets new ones.
 */
@Component
public class EngineConnections implements DisposableBean {
  private static final Logger log = LoggerFactory.getLogger(EngineConnections.class);

  private record Entry(ClusterEndpoints endpoints, Connection hbase, DistributedFileSystem hdfs) {}

  private record Slow(ClusterEndpoints endpoints, Connection hbase) {}

  private final Map<Long, Entry> entries = new ConcurrentHashMap<>();
  /** What the last health collection could not reach, and since when: pages fail fast on it. */
  private final Map<Long, Down> hdfsDown = new ConcurrentHashMap<>();
  private final Map<Long, Down> hbaseDown = new ConcurrentHashMap<>();

  private record Down(Instant since, String why) {}

  /** A request-serving call refused at once because health collection cannot reach the cluster. */
  public static final class ClusterDownException extends IOException {
    ClusterDownException(String message) {
      super(message);
    }
  }
  private final Map<Long, Slow> slow = new ConcurrentHashMap<>();
  private final EngineLogins logins;

  public EngineConnections(EngineLogins logins) {
    this.logins = logins;
  }

  static final String FAILOVER_PROXY_PROVIDER =
      "org.apache.hadoop.hdfs.server.namenode.ha.ConfiguredFailoverProxyProvider";

  /**
   * What any HDFS client of the cluster needs: fs.defaultFS and, under HA, the nameservice with both
   * NameNodes and the failover proxy (the client finds the active one itself, so no call names a member).
   */
  public static java.util.Map<String, String> hdfsClient(ClusterEndpoints e) {
    java.util.Map<String, String> m = new java.util.LinkedHashMap<>();
    String ns = e.nameservice();
    if (ns == null) {
      m.put("fs.defaultFS", e.namenodeUri());
      return m;
    }
    List<String> nns = e.ha().namenodeAddresses();
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < nns.size(); i++) {
      ids.add(HaEndpoints.namenodeId(i));
      m.put("dfs.namenode.rpc-address." + ns + "." + HaEndpoints.namenodeId(i), nns.get(i));
    }
    m.put("dfs.nameservices", ns);
    m.put("dfs.ha.namenodes." + ns, String.join(",", ids));
    m.put("dfs.client.failover.proxy.provider." + ns, FAILOVER_PROXY_PROVIDER);
    m.put("fs.defaultFS", "hdfs://" + ns);
    return m;
  }

  static Configuration conf(ClusterEndpoints e) {
    Configuration conf = HBaseConfiguration.create();
    hdfsClient(e).forEach(conf::set);
    conf.set("hbase.zookeeper.quorum", e.zookeeperQuorum());
    if (e.nameservice() != null) {
      // Hadoop's 15 failovers with sleeps up to 15 s outlast any collection when both NameNodes are down; a
      // few seconds cover a failover (ZKFC promotes the standby in about as long) and the collector retries
      conf.setInt("dfs.client.failover.max.attempts", 4);
      conf.setInt("dfs.client.failover.sleep.base.millis", 200);
      conf.setInt("dfs.client.failover.sleep.max.millis", 2000);
    }
    // The console must stay responsive when a cluster is down: fail fast, the collector retries.
    ClientSettings.controlPlane().forEach(conf::set);
    // file checksums comparable between replicated and erasure-coded copies (EC conversion)
    conf.set("dfs.checksum.combine.mode", "COMPOSITE_CRC");
    // HBase configures its SASL provider choice once per JVM, from whichever cluster connects first
    conf.set(EngineSaslSelector.KEY, EngineSaslSelector.class.getName());
    EngineKerberos k = e.kerberos();
    if (k == null) {
      // once a Kerberized cluster has switched this JVM's logins to Kerberos, simple clusters answer
      // the client's SASL offer with "simple": allowed for them only
      conf.setBoolean("ipc.client.fallback-to-simple-auth-allowed", true);
      return conf;
    }
    ClientSettings.hbaseKerberos(k.realm(), k.rpcProtection()).forEach(conf::set);
    conf.set("hadoop.rpc.protection", k.rpcProtection());
    // without it the client skips the DataNodes' SASL handshake and they drop the connection
    conf.set("dfs.data.transfer.protection", k.dataTransferProtection());
    conf.set("dfs.namenode.kerberos.principal", k.service("nn"));
    return conf;
  }

  /**
   * The HBase connection for a page or a check. When the last health collection could not reach HBase, this
   * fails at once instead of waiting out the client's retries; the next good collection (seconds) lifts it.
   */
  public Connection hbase(ClusterEndpoints e) throws IOException {
    refuseIfDown(hbaseDown, e, "HBase");
    return entry(e).hbase();
  }

  /** For the health collection itself, which must keep trying. */
  Connection hbaseForCollection(ClusterEndpoints e) throws IOException {
    return entry(e).hbase();
  }

  DistributedFileSystem hdfsForCollection(ClusterEndpoints e) throws IOException {
    return entry(e).hdfs();
  }

  /** Records what the latest collection reached: a null reason means reachable. */
  public void reachability(long clusterId, String hdfsWhy, String hbaseWhy) {
    mark(hdfsDown, clusterId, hdfsWhy);
    mark(hbaseDown, clusterId, hbaseWhy);
  }

  boolean refuses(long clusterId) {
    return hdfsDown.containsKey(clusterId) || hbaseDown.containsKey(clusterId);
  }

  private static void mark(Map<Long, Down> down, long id, String why) {
    if (why == null) {
      down.remove(id);
    } else {
      down.compute(id, (k, old) -> new Down(old == null ? Instant.now() : old.since(), why));
    }
  }

  private static void refuseIfDown(Map<Long, Down> down, ClusterEndpoints e, String what) throws IOException {
    Down d = down.get(e.clusterId());
    if (d != null) {
      long secs = Duration.between(d.since(), Instant.now()).toSeconds();
      throw new ClusterDownException(what + " has not answered the health checks for " + secs + " s (" + d.why()
          + "); pages work again within seconds of it answering");
    }
  }

  /**
   * A second connection for calls that legitimately take long and run inside operations (the
   * balancer moving regions, DDL on many regions, flushes): the fail-fast timeouts of the
   * page-serving connection would abort them half-way.
   */
  public synchronized Connection hbaseForLongCalls(ClusterEndpoints e) throws IOException {
    Slow current = slow.get(e.clusterId());
    if (current != null && current.endpoints().equals(e) && !current.hbase().isClosed()) {
      return current.hbase();
    }
    if (current != null) {
      closeQuietly(current.hbase(), e.clusterId());
    }
    Configuration conf = conf(e);
    ClientSettings.controlPlaneLongCalls().forEach(conf::set);
    Connection c = e.kerberos() == null ? ConnectionFactory.createConnection(conf)
        : ConnectionFactory.createConnection(conf, User.create(logins.ugi(e)));
    slow.put(e.clusterId(), new Slow(e, c));
    return c;
  }

  private static void closeQuietly(Connection c, long clusterId) {
    try {
      c.close();
    } catch (IOException | RuntimeException ex) {
      log.debug("closing HBase connection of cluster {}", clusterId, ex);
    }
  }

  public DistributedFileSystem hdfs(ClusterEndpoints e) throws IOException {
    refuseIfDown(hdfsDown, e, "HDFS");
    return entry(e).hdfs();
  }

  private synchronized Entry entry(ClusterEndpoints e) throws IOException {
    Entry current = entries.get(e.clusterId());
    // a Kerberized cluster's login renews its ticket before it runs out (the clients keep the login)
    UserGroupInformation ugi = e.kerberos() == null ? null : logins.ugi(e);
    if (current != null && current.endpoints().equals(e) && !current.hbase().isClosed()) {
      return current;
    }
    if (current != null) {
      close(current);
    }
    Configuration conf = conf(e);
    DistributedFileSystem hdfs;
    try {
      URI uri = URI.create(e.namenodeUri());
      hdfs = (DistributedFileSystem) (ugi != null
          ? ugi.doAs((PrivilegedExceptionAction<FileSystem>) () -> FileSystem.newInstance(uri, conf))
          : e.hdfsUser() == null ? FileSystem.newInstance(uri, conf)
          : FileSystem.newInstance(uri, conf, e.hdfsUser()));
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while connecting to HDFS");
    }
    Connection hbase;
    try {
      hbase = ugi == null ? ConnectionFactory.createConnection(conf)
          : ConnectionFactory.createConnection(conf, User.create(ugi));
    } catch (IOException | RuntimeException ex) {
      hdfs.close();
      throw ex;
    }
    Entry created = new Entry(e, hbase, hdfs);
    entries.put(e.clusterId(), created);
    return created;
  }

  /** Drops a cluster's clients, e.g. after errors that a fresh connection may cure. */
  public synchronized void invalidate(long clusterId) {
    Entry e = entries.remove(clusterId);
    if (e != null) {
      close(e);
    }
  }

  /** Closes a deregistered cluster's clients and drops its login. */
  public synchronized void forget(long clusterId) {
    invalidate(clusterId);
    logins.forget(clusterId);
  }

  private static void close(Entry e) {
    try {
      e.hbase().close();
    } catch (IOException | RuntimeException ex) {
      log.debug("closing HBase connection of cluster {}", e.endpoints().clusterId(), ex);
    }
    try {
      e.hdfs().close();
    } catch (IOException | RuntimeException ex) {
      log.debug("closing HDFS client of cluster {}", e.endpoints().clusterId(), ex);
    }
  }

  @Override
  public synchronized void destroy() {
    entries.values().forEach(EngineConnections::close);
    entries.clear();
    slow.forEach((id, s) -> closeQuietly(s.hbase(), id));
    slow.clear();
  }
}
