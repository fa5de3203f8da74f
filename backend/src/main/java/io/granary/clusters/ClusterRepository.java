package io.granary.clusters;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
public class ClusterRepository {
  private final JdbcClient jdbc;

  public ClusterRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  private static Cluster map(ResultSet rs, int row) throws SQLException {
    return new Cluster(rs.getLong("id"), rs.getString("name"), ClusterKind.valueOf(rs.getString("kind")),
        rs.getString("zookeeper_quorum"), rs.getString("namenode_uri"), rs.getString("namenode_web_url"),
        rs.getString("master_web_url"), rs.getTimestamp("created_at").toInstant());
  }

  public List<Cluster> findAll() {
    return jdbc.sql("SELECT * FROM clusters ORDER BY name").query(ClusterRepository::map).list();
  }

  public Optional<Cluster> findById(long id) {
    return jdbc.sql("SELECT * FROM clusters WHERE id = ?").param(id).query(ClusterRepository::map).optional();
  }

  public Optional<Cluster> findByName(String name) {
    return jdbc.sql("SELECT * FROM clusters WHERE name = ?").param(name).query(ClusterRepository::map).optional();
  }

  public Cluster insert(String name, ClusterKind kind, String zk, String nn, String nnWeb, String masterWeb) {
    return jdbc.sql("""
            INSERT INTO clusters (name, kind, zookeeper_quorum, namenode_uri, namenode_web_url, master_web_url)
            VALUES (?, ?, ?, ?, ?, ?) RETURNING *""")
        .params(name, kind.name(), zk, nn, nnWeb, masterWeb).query(ClusterRepository::map).single();
  }

  public void updateEndpoints(long id, String zk, String nn, String nnWeb, String masterWeb) {
    jdbc.sql("""
            UPDATE clusters SET zookeeper_quorum = ?, namenode_uri = ?, namenode_web_url = ?, master_web_url = ?
            WHERE id = ?""")
        .params(zk, nn, nnWeb, masterWeb, id).update();
  }
}
