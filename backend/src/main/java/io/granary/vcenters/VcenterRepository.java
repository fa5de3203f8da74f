package io.granary.vcenters;

import static io.granary.shared.db.Rows.instant;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
public class VcenterRepository {
  private final JdbcClient jdbc;

  public VcenterRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  static Vcenter map(ResultSet rs, int row) throws SQLException {
    return new Vcenter(rs.getLong("id"), rs.getString("name"), rs.getString("url"), rs.getString("username"),
        rs.getBytes("password") != null, rs.getBoolean("tls_verify"), rs.getString("thumbprint"),
        rs.getString("ca_pem"), rs.getString("guest_ssh_user"), rs.getBytes("guest_key") != null,
        rs.getString("created_by"), instant(rs, "created_at"), instant(rs, "updated_at"));
  }

  /** The sealed secrets of one connection. */
  record Sealed(byte[] password, byte[] guestKey) {}

  public Vcenter insert(String name, String url, String username, byte[] password, boolean tlsVerify,
      String thumbprint, String caPem, String guestSshUser, byte[] guestKey, String createdBy) {
    return jdbc.sql("""
            INSERT INTO vcenters (name, url, username, password, tls_verify, thumbprint, ca_pem, guest_ssh_user,
              guest_key, created_by)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *""")
        .params(name, url, username, password, tlsVerify, thumbprint, caPem, guestSshUser, guestKey, createdBy)
        .query(VcenterRepository::map).single();
  }

  /** Null secrets keep the stored ones. */
  public Optional<Vcenter> update(long id, String name, String url, String username, byte[] password,
      boolean tlsVerify, String thumbprint, String caPem, String guestSshUser, byte[] guestKey) {
    return jdbc.sql("""
            UPDATE vcenters SET name = ?, url = ?, username = ?, password = COALESCE(?, password), tls_verify = ?,
              thumbprint = ?, ca_pem = ?, guest_ssh_user = ?, guest_key = COALESCE(?, guest_key), updated_at = now()
            WHERE id = ? RETURNING *""")
        .params(name, url, username, password, tlsVerify, thumbprint, caPem, guestSshUser, guestKey, id)
        .query(VcenterRepository::map).optional();
  }

  public List<Vcenter> list() {
    return jdbc.sql("SELECT * FROM vcenters ORDER BY name").query(VcenterRepository::map).list();
  }

  public Optional<Vcenter> find(long id) {
    return jdbc.sql("SELECT * FROM vcenters WHERE id = ?").param(id).query(VcenterRepository::map).optional();
  }

  public Optional<Vcenter> byName(String name) {
    return jdbc.sql("SELECT * FROM vcenters WHERE name = ?").param(name).query(VcenterRepository::map).optional();
  }

  Optional<Sealed> sealed(long id) {
    return jdbc.sql("SELECT password, guest_key FROM vcenters WHERE id = ?").param(id)
        .query((rs, n) -> new Sealed(rs.getBytes("password"), rs.getBytes("guest_key"))).optional();
  }

  public boolean delete(long id) {
    return jdbc.sql("DELETE FROM vcenters WHERE id = ?").param(id).update() > 0;
  }

  /** A cluster whose VMs Granary created: through which connection, from which spec, which VMs. */
  public record VsphereCluster(String cluster, long vcenterId, Long runId, String spec, String vms) {}

  public void recordCluster(String cluster, long vcenterId, long runId, String spec, String vms) {
    jdbc.sql("""
            INSERT INTO vsphere_clusters (cluster_name, vcenter_id, run_id, spec, vms) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (cluster_name) DO UPDATE SET vcenter_id = EXCLUDED.vcenter_id, run_id = EXCLUDED.run_id,
              spec = EXCLUDED.spec, vms = EXCLUDED.vms""")
        .params(cluster, vcenterId, runId, spec, vms).update();
  }

  public Optional<VsphereCluster> cluster(String cluster) {
    return jdbc.sql("SELECT * FROM vsphere_clusters WHERE cluster_name = ?").param(cluster)
        .query((rs, n) -> new VsphereCluster(rs.getString("cluster_name"), rs.getLong("vcenter_id"),
            (Long) rs.getObject("run_id"), rs.getString("spec"), rs.getString("vms"))).optional();
  }

  public void forgetCluster(String cluster) {
    jdbc.sql("DELETE FROM vsphere_clusters WHERE cluster_name = ?").param(cluster).update();
  }

  /** Names of the clusters whose VMs were created through this connection. */
  public List<String> clustersUsing(long id) {
    return jdbc.sql("SELECT cluster_name FROM vsphere_clusters WHERE vcenter_id = ? ORDER BY cluster_name")
        .param(id).query(String.class).list();
  }
}
