package io.granary.hosts;

import io.granary.clusters.Cluster;
import io.granary.clusters.ClusterRepository;
import io.granary.engine.KeytabSource;
import io.granary.security.SecurityProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The control plane's keytab of each Kerberized cluster (docs/adr/0018-security.md §5): sealed in
 * PostgreSQL when an install hands it over, opened into {@code <data-dir>/run/kerberos/<id>.keytab}
 * (0600, directory 0700) when a login needs it, and those files removed at shutdown.
 */
@Component
public class ClusterKeytabs implements KeytabSource, DisposableBean {
  private final JdbcClient jdbc;
  private final SecretBox box;
  private final ClusterRepository clusters;
  private final Path dir;

  public ClusterKeytabs(JdbcClient jdbc, SecretBox box, ClusterRepository clusters, SecurityProperties security) {
    this.jdbc = jdbc;
    this.box = box;
    this.clusters = clusters;
    this.dir = Path.of(security.dataDir() == null ? "var/control-plane" : security.dataDir(), "run", "kerberos")
        .toAbsolutePath();
  }

  /** Seals the keytab an install fetched for cluster {@code name}, replacing an older one. */
  public void store(String name, byte[] keytab) {
    jdbc.sql("""
            INSERT INTO cluster_secrets (cluster_name, kind, sealed, sha256) VALUES (?, 'KEYTAB', ?, ?)
            ON CONFLICT (cluster_name, kind) DO UPDATE SET sealed = EXCLUDED.sealed, sha256 = EXCLUDED.sha256,
                created_at = now()""")
        .params(name, box.seal(keytab), sha256(keytab)).update();
  }

  @Override
  public synchronized Path keytab(long clusterId) throws IOException {
    Cluster c = clusters.findById(clusterId).orElseThrow(() -> new IOException("no cluster " + clusterId));
    Optional<byte[]> sealed = jdbc.sql("SELECT sealed FROM cluster_secrets WHERE cluster_name = ? AND kind = 'KEYTAB'")
        .param(c.name()).query(byte[].class).optional();
    if (sealed.isEmpty()) {
      throw new IOException("the control plane holds no keytab for cluster '" + c.name() + "' (its install hands it"
          + " over; re-run the install)");
    }
    byte[] keytab = box.open(sealed.get());
    Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    Path file = dir.resolve(clusterId + ".keytab");
    if (Files.exists(file) && MessageDigest.isEqual(Files.readAllBytes(file), keytab)) {
      return file;
    }
    Path tmp = Files.createTempFile(dir, "keytab", ".tmp",
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    Files.write(tmp, keytab);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    return file;
  }

  @Override
  public void destroy() {
    try (var files = Files.list(dir)) {
      files.filter(p -> p.getFileName().toString().endsWith(".keytab")).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // nothing opened
    }
  }

  static String sha256(byte[] b) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
