package io.granary.provisioning.vsphere;

/**
 * How the playbooks reach vCenter (a stored connection without its password, which only ever goes
 * to the playbook's environment as {@code GRANARY_VCENTER_PASSWORD}).
 *
 * @param validateCerts verify vCenter's certificate (on unless the connection turned it off)
 * @param caPath a CA bundle to verify it with; null: the system's
 * @param thumbprint the certificate's SHA-1 thumbprint to pin; null: none
 */
public record VcenterEndpoint(
    String hostname,
    int port,
    String username,
    boolean validateCerts,
    String caPath,
    String thumbprint) {

  public static final int DEFAULT_PORT = 443;

  public VcenterEndpoint {
    if (hostname == null || hostname.isBlank()) {
      throw new IllegalArgumentException("hostname is required");
    }
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("port must be 1-65535, not " + port);
    }
    if (username == null || username.isBlank()) {
      throw new IllegalArgumentException("username is required");
    }
  }

  /** Without a CA file or thumbprint. */
  public VcenterEndpoint(String hostname, int port, String username, boolean validateCerts) {
    this(hostname, port, username, validateCerts, null, null);
  }
}
