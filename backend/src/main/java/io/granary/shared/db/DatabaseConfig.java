package io.granary.shared.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * PostgreSQL: an external server when GRANARY_DB_URL is set, else a real PostgreSQL 17 started
 * from Maven-shipped binaries with its data under the data directory (kept across restarts).
 */
@Configuration
public class DatabaseConfig {
  private static final Logger log = LoggerFactory.getLogger(DatabaseConfig.class);

  /** Holds the embedded server, if any, so it stops after the pool closes. */
  public record EmbeddedServer(EmbeddedPostgres pg) implements AutoCloseable {
    @Override
    public void close() throws IOException {
      if (pg != null) {
        pg.close();
      }
    }
  }

  @Bean(destroyMethod = "close")
  EmbeddedServer embeddedPostgres(DatabaseProperties props) throws IOException {
    if (props.url() != null && !props.url().isBlank()) {
      return new EmbeddedServer(null);
    }
    Path dir = Path.of(props.dataDir()).toAbsolutePath();
    Files.createDirectories(dir.getParent());
    PostmasterPid.clearStale(dir);
    long t0 = System.nanoTime();
    EmbeddedPostgres pg = EmbeddedPostgres.builder()
        .setDataDirectory(dir)
        .setCleanDataDirectory(false)
        .setPort(props.embeddedPort())
        .start();
    log.info("embedded PostgreSQL on port {} with data in {} (started in {} ms)", pg.getPort(), dir,
        (System.nanoTime() - t0) / 1_000_000);
    return new EmbeddedServer(pg);
  }

  @Bean(destroyMethod = "close")
  DataSource dataSource(DatabaseProperties props, EmbeddedServer embedded) {
    HikariConfig cfg = new HikariConfig();
    if (embedded.pg() != null) {
      cfg.setJdbcUrl(embedded.pg().getJdbcUrl("postgres", "postgres"));
      cfg.setUsername("postgres");
    } else {
      cfg.setJdbcUrl(props.url());
      cfg.setUsername(props.user());
      cfg.setPassword(props.password());
    }
    cfg.setMaximumPoolSize(10);
    cfg.setPoolName("granary");
    return new HikariDataSource(cfg);
  }
}
