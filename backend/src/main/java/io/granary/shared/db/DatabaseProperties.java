package io.granary.shared.db;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param url an external PostgreSQL (GRANARY_DB_URL); blank = start the embedded server
 * @param user database user (GRANARY_DB_USER)
 * @param password database password (GRANARY_DB_PASSWORD)
 * @param dataDir the embedded server's data directory (persists across restarts)
 * @param embeddedPort the embedded server's port; 0 picks a free one
 */
@ConfigurationProperties("granary.db")
public record DatabaseProperties(String url, String user, String password, String dataDir, int embeddedPort) {}
