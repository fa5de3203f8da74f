package io.granary.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * One embedded PostgreSQL data directory per test JVM, and the local cluster that Maven's
 * pre-integration-test phase started (granary.it.cluster.dir), shared by every IT class.
 */
public final class ItSupport {
  public static final String ADMIN_PASSWORD = "it-admin-password-1";
  static final Path DATA;

  static {
    try {
      DATA = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "it-control-plane-");
    } catch (IOException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private ItSupport() {}

  public static String clusterDir() {
    String dir = System.getProperty("granary.it.cluster.dir");
    if (dir == null || !Files.exists(Path.of(dir, "endpoints.properties"))) {
      throw new IllegalStateException("the IT local cluster is not running (granary.it.cluster.dir=" + dir
          + "); run through 'mvn verify', which starts it");
    }
    return dir;
  }

  public static void properties(DynamicPropertyRegistry r) {
    r.add("granary.clusters.local-dir", ItSupport::clusterDir);
    r.add("granary.db.data-dir", () -> DATA.resolve("pgdata").toString());
    r.add("granary.security.data-dir", DATA::toString);
    r.add("granary.security.admin-password", () -> ADMIN_PASSWORD);
    r.add("granary.clusters.collect-interval", () -> "2s");
  }
}
