package io.granary.clusters;

import io.granary.engine.EngineKerberos;
import io.granary.engine.HaEndpoints;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import tools.jackson.databind.json.JsonMapper;

/**
 * Clusters in PostgreSQL, read through an in-memory snapshot: every API page looks a cluster up,
 * and the registry changes rarely. The snapshot reloads on every write here and at most
 * {@link #MAX_AGE_NANOS} after a change made elsewhere (another control-plane instance).
 */
@Repository
public class ClusterRepository {
  static final long MAX_AGE_NANOS = 5_000_000_000L;

  private record Snapshot(List<Cluster> all, Map<Long, Cluster> byId, long loadedAt) {}

  private final JdbcClient jdbc;
  private volatile Snapshot snapshot;

  public ClusterRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  private Snapshot snapshot() {
    Snapshot s = snapshot;
    if (s == null || System.nanoTime() - s.loadedAt() > MAX_AGE_NANOS) {
      List<Cluster> all = jdbc.sql("SELECT * FROM clusters ORDER BY name").query(ClusterRepository::map).list();
      Map<Long, Cluster> byId = new HashMap<>();
      all.forEach(c -> byId.put(c.id(), c));
      s = new Snapshot(List.copyOf(all), Map.copyOf(byId), System.nanoTime());
      snapshot = s;
    }
    return s;
  }

  private void invalidate() {
    snapshot = null;
  }

  private static Cluster map(ResultSet rs, int row) throws SQLException {
    return new Cluster(rs.getLong("id"), rs.getString("name"), ClusterKind.valueOf(rs.getString("kind")),
        rs.getString("zookeeper_quorum"), rs.getString("namenode_uri"), rs.getString("namenode_web_url"),
        rs.getString("master_web_url"), rs.getTimestamp("created_at").toInstant(), ha(rs),
        kerberos(rs.getString("kerberos")));
  }

  private static final JsonMapper JSON = JsonMapper.builder().build();

  static EngineKerberos kerberos(String json) {
    return json == null ? null : JSON.readValue(json, EngineKerberos.class);
  }

  /** Records how the control plane logs in to cluster {@code id} (its install Kerberized it). */
  public void kerberos(long id, EngineKerberos k) {
    jdbc.sql("UPDATE clusters SET kerberos = ? WHERE id = ?").params(k == null ? null : JSON.writeValueAsString(k), id)
        .update();
    invalidate();
  }

  private static HaEndpoints ha(ResultSet rs) throws SQLException {
    String ns = rs.getString("nameservice");
    String nns = rs.getString("namenode_rpc_addresses");
    String nnWebs = rs.getString("namenode_web_urls");
    String masters = rs.getString("master_web_urls");
    return ns == null && nns == null && nnWebs == null && masters == null ? null
        : new HaEndpoints(ns, list(nns), list(nnWebs), list(masters), list(rs.getString("zkfc_addresses")));
  }

  // members are validated host:port / URLs, which never contain a comma
  private static List<String> list(String joined) {
    return joined == null || joined.isEmpty() ? List.of() : Arrays.asList(joined.split(","));
  }

  private static String joined(List<String> l) {
    return l == null || l.isEmpty() ? null : String.join(",", l);
  }

  /** Forgets a cluster; rows keyed by it go with it (ON DELETE CASCADE / SET NULL). */
  public boolean delete(long id) {
    // its sealed secrets are keyed by name (an install stores them before registering)
    jdbc.sql("DELETE FROM cluster_secrets WHERE cluster_name = (SELECT name FROM clusters WHERE id = ?)").param(id)
        .update();
    boolean gone = jdbc.sql("DELETE FROM clusters WHERE id = ?").param(id).update() > 0;
    invalidate();
    return gone;
  }

  public List<Cluster> findAll() {
    return snapshot().all();
  }

  public Optional<Cluster> findById(long id) {
    return Optional.ofNullable(snapshot().byId().get(id));
  }

  public Optional<Cluster> findByName(String name) {
    return jdbc.sql("SELECT * FROM clusters WHERE name = ?").param(name).query(ClusterRepository::map).optional();
  }

  public Cluster insert(String name, ClusterKind kind, String zk, String nn, String nnWeb, String masterWeb) {
    return insert(name, kind, zk, nn, nnWeb, masterWeb, null);
  }

  public Cluster insert(String name, ClusterKind kind, String zk, String nn, String nnWeb, String masterWeb,
      HaEndpoints ha) {
    return insert(name, kind, zk, nn, nnWeb, masterWeb, ha, null);
  }

  public Cluster insert(String name, ClusterKind kind, String zk, String nn, String nnWeb, String masterWeb,
      HaEndpoints ha, EngineKerberos kerberos) {
    Cluster c = jdbc.sql("""
            INSERT INTO clusters (name, kind, zookeeper_quorum, namenode_uri, namenode_web_url, master_web_url,
                nameservice, namenode_rpc_addresses, namenode_web_urls, master_web_urls, zkfc_addresses, kerberos)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *""")
        .params(name, kind.name(), zk, nn, nnWeb, masterWeb, ha == null ? null : ha.nameservice(),
            ha == null ? null : joined(ha.namenodeAddresses()), ha == null ? null : joined(ha.namenodeWebUrls()),
            ha == null ? null : joined(ha.masterWebUrls()), ha == null ? null : joined(ha.zkfcAddresses()),
            kerberos == null ? null : JSON.writeValueAsString(kerberos))
        .query(ClusterRepository::map).single();
    invalidate();
    return c;
  }

  public void updateEndpoints(long id, String zk, String nn, String nnWeb, String masterWeb, HaEndpoints ha) {
    jdbc.sql("""
            UPDATE clusters SET zookeeper_quorum = ?, namenode_uri = ?, namenode_web_url = ?, master_web_url = ?,
                nameservice = ?, namenode_rpc_addresses = ?, namenode_web_urls = ?, master_web_urls = ?,
                zkfc_addresses = ?
            WHERE id = ?""")
        .params(zk, nn, nnWeb, masterWeb, ha == null ? null : ha.nameservice(),
            ha == null ? null : joined(ha.namenodeAddresses()), ha == null ? null : joined(ha.namenodeWebUrls()),
            ha == null ? null : joined(ha.masterWebUrls()), ha == null ? null : joined(ha.zkfcAddresses()), id)
        .update();
    invalidate();
  }
}
