package io.granary.security;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The console's HTTPS (docs/adr/0018-security.md, "Console TLS").
 *
 * @param mode auto (HTTPS unless the console binds to loopback), off, self-signed or files
 * @param port the HTTPS port; the HTTP port (server.port) then only redirects here
 * @param certificate PEM certificate (chain) for mode files
 * @param privateKey PEM private key for mode files
 * @param dataDir where the generated certificate is kept (tls/console.p12)
 */
@ConfigurationProperties("granary.tls")
public record ConsoleTlsProperties(Mode mode, int port, String certificate, String privateKey, String dataDir) {
  public enum Mode { AUTO, OFF, SELF_SIGNED, FILES }

  public ConsoleTlsProperties {
    mode = mode == null ? Mode.AUTO : mode;
  }
}
