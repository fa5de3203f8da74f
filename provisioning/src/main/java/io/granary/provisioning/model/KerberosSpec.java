package io.granary.provisioning.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import java.util.List;

/**
 * Kerberos for the engine (docs/adr/0018-security.md §1). Strings where a wrong value should be a
 * finding with a field path rather than a parse error (the protection levels).
 *
 * @param realm upper case, e.g. {@code GRANARY.TEST}
 * @param kdc exactly one of {@code managed} and {@code existing}
 * @param rpcProtection {@code hadoop.rpc.protection} and {@code hbase.rpc.protection}, one of
 *     {@link #PROTECTIONS}; null: {@value #AUTHENTICATION}
 * @param dataTransferProtection {@code dfs.data.transfer.protection}, one of {@link
 *     #PROTECTIONS}; null: {@value #AUTHENTICATION}
 */
@JsonInclude(Include.NON_NULL)
public record KerberosSpec(
    String realm, Kdc kdc, String rpcProtection, String dataTransferProtection) {

  public static final String AUTHENTICATION = "authentication";

  /** SASL quality of protection, weakest first: Hadoop's and HBase's names for it. */
  public static final List<String> PROTECTIONS = List.of(AUTHENTICATION, "integrity", "privacy");

  /** Granary runs the KDC on one of the spec's hosts, or the site's KDC is used. */
  @JsonInclude(Include.NON_NULL)
  public record Kdc(ManagedKdc managed, ExistingKdc existing) {}

  /**
   * @param host a host of the spec, by its hostname or address
   */
  public record ManagedKdc(String host) {}

  /**
   * A KDC Granary does not run: it creates the principals through its kadmin server.
   *
   * @param kdcs {@code host[:port]} of each KDC, in the order clients try them
   * @param adminServer the kadmin server, {@code host[:port]}
   * @param adminPrincipal the principal Granary administers the realm as, e.g. {@code
   *     granary/admin@CORP}
   */
  @JsonInclude(Include.NON_NULL)
  public record ExistingKdc(List<String> kdcs, String adminServer, String adminPrincipal) {
    public ExistingKdc {
      kdcs = kdcs == null ? List.of() : kdcs;
    }
  }

  public String rpcProtectionOrDefault() {
    return rpcProtection == null ? AUTHENTICATION : rpcProtection;
  }

  public String dataTransferProtectionOrDefault() {
    return dataTransferProtection == null ? AUTHENTICATION : dataTransferProtection;
  }
}
