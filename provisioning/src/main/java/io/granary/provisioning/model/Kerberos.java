package io.granary.provisioning.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import java.util.List;

/**
 * Kerberos as planned (docs/adr/0018-security.md §1); a plan without Kerberos has none.
 *
 * @param kdcHost the inventory name of the host running the managed KDC; null with an existing KDC
 * @param kdcs an existing KDC's {@code host[:port]} as given; empty with a managed one (the roles
 *     derive it from group {@code kdc})
 * @param adminServer an existing KDC's kadmin server; null with a managed one
 * @param adminPrincipal the principal Granary administers an existing KDC as; null with a managed
 *     one
 * @param controlPlanePrincipal the control plane's principal (without the realm), HDFS and HBase
 *     superuser
 */
@JsonInclude(Include.NON_EMPTY)
public record Kerberos(
    String realm,
    String kdcHost,
    List<String> kdcs,
    String adminServer,
    String adminPrincipal,
    String rpcProtection,
    String dataTransferProtection,
    String controlPlanePrincipal) {

  /** The control plane's principal is {@code granary-cp/<cluster>} (ADR 0018 §2). */
  public static final String CONTROL_PLANE_PRIMARY = "granary-cp";

  public Kerberos {
    kdcs = kdcs == null ? List.of() : List.copyOf(kdcs);
  }

  public boolean managed() {
    return kdcHost != null;
  }

  /** The plan's Kerberos for a valid spec; null when the spec asks for none. */
  public static Kerberos of(ClusterSpec spec) {
    KerberosSpec k = spec.kerberos();
    if (k == null) {
      return null;
    }
    String cp = CONTROL_PLANE_PRIMARY + "/" + spec.name();
    if (k.kdc().managed() != null) {
      String host = spec.host(k.kdc().managed().host()).orElseThrow().nameOrAddress().trim();
      return new Kerberos(
          k.realm(),
          host,
          List.of(),
          null,
          null,
          k.rpcProtectionOrDefault(),
          k.dataTransferProtectionOrDefault(),
          cp);
    }
    KerberosSpec.ExistingKdc e = k.kdc().existing();
    return new Kerberos(
        k.realm(),
        null,
        e.kdcs().stream().map(String::trim).toList(),
        e.adminServer().trim(),
        e.adminPrincipal().trim(),
        k.rpcProtectionOrDefault(),
        k.dataTransferProtectionOrDefault(),
        cp);
  }
}
