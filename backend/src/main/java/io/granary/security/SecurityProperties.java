package io.granary.security;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param adminPassword password for the first-start admin (GRANARY_ADMIN_PASSWORD); generated if blank
 * @param dataDir where the generated password is left for the operator (initial-admin-password)
 */
@ConfigurationProperties("granary.security")
public record SecurityProperties(String adminPassword, String dataDir) {}
