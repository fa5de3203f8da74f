package io.granary.provisioning.validate;

import io.granary.provisioning.model.ClusterSpec;
import io.granary.provisioning.model.FindingCode;
import io.granary.provisioning.model.HighAvailability;
import io.granary.provisioning.model.HostSpec;
import io.granary.provisioning.model.KerberosSpec;
import io.granary.provisioning.model.KerberosSpec.ExistingKdc;
import io.granary.provisioning.model.KerberosSpec.Kdc;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Checks of the spec's {@code security} section (docs/adr/0018-security.md §1): the realm, exactly
 * one KDC (a managed one on a host of the spec, or an existing one with its kadmin server and
 * admin principal) and the protection levels.
 */
public final class SecuritySpecValidator {
  static final String AT = "security.kerberos";

  private static final Pattern REALM = Pattern.compile("[A-Z0-9.-]+");
  // primary[/instance…][@REALM]; krb5.conf and kadmin take it verbatim, so no blanks
  private static final Pattern PRINCIPAL = Pattern.compile("[^\\s/@]+(/[^\\s/@]+)*(@[^\\s/@]+)?");

  private SecuritySpecValidator() {}

  public static void validate(ClusterSpec spec, Findings f) {
    KerberosSpec k = spec.kerberos();
    if (k == null) {
      return;
    }
    realm(k.realm(), f);
    kdc(spec, k.kdc(), f);
    protection(k.rpcProtection(), "rpcProtection", f);
    protection(k.dataTransferProtection(), "dataTransferProtection", f);
    if (spec.haOrDefault()) {
      // JournalNodes and ZKFC get principals, but an HA install under Kerberos has not been proven
      f.add(
          FindingCode.KERBEROS_HA_UNSUPPORTED,
          "ha",
          "Kerberos is not supported with HA yet (HA is on %s): set ha: false for a Kerberized cluster",
          spec.ha() != null ? "as asked" : "by default with " + HighAvailability.MIN_HOSTS + " or more hosts");
    }
  }

  private static void realm(String realm, Findings f) {
    String at = AT + ".realm";
    if (realm == null || realm.isBlank()) {
      f.add(
          FindingCode.KERBEROS_REALM_INVALID,
          at,
          "realm is required: the Kerberos realm in upper case, e.g. GRANARY.TEST");
    } else if (!REALM.matcher(realm).matches()) {
      String upper = realm.toUpperCase(Locale.ROOT);
      f.add(
          FindingCode.KERBEROS_REALM_INVALID,
          at,
          REALM.matcher(upper).matches()
              ? "%s is not upper case: write %s (realms are case-sensitive and upper case by"
                  + " convention)"
              : "%s is not a realm: upper-case letters, digits, '.' and '-' only, e.g."
                  + " GRANARY.TEST",
          SpecValidator.quote(realm),
          upper);
    }
  }

  private static void kdc(ClusterSpec spec, Kdc kdc, Findings f) {
    String at = AT + ".kdc";
    boolean managed = kdc != null && kdc.managed() != null;
    boolean existing = kdc != null && kdc.existing() != null;
    if (managed == existing) {
      f.add(
          FindingCode.KERBEROS_KDC_INVALID,
          at,
          managed
              ? "kdc has both managed and existing; keep one: managed runs a KDC on one of the"
                  + " hosts, existing uses your realm's KDCs"
              : "kdc is required, with exactly one of managed: {host: <a host of the spec>} (Granary"
                  + " runs the KDC) or existing: {kdcs, adminServer, adminPrincipal} (your realm's"
                  + " KDCs)");
    } else if (managed) {
      managedHost(spec, kdc.managed().host(), f);
    } else {
      existing(kdc.existing(), f);
    }
  }

  private static void managedHost(ClusterSpec spec, String host, Findings f) {
    if (spec.hosts().isEmpty()) {
      return; // no-hosts says it
    }
    String names =
        spec.hosts().stream().map(HostSpec::nameOrAddress).collect(Collectors.joining(", "));
    String at = AT + ".kdc.managed.host";
    if (host == null || host.isBlank()) {
      f.add(
          FindingCode.KERBEROS_KDC_HOST_UNKNOWN,
          at,
          "host is required: the hostname or address of the host to run the KDC, one of %s",
          names);
    } else if (spec.host(host).isEmpty()) {
      f.add(
          FindingCode.KERBEROS_KDC_HOST_UNKNOWN,
          at,
          "%s is not a host of the spec (%s); name one by its hostname or address, or use"
              + " existing for a KDC outside the cluster",
          SpecValidator.quote(host),
          names);
    }
  }

  private static void existing(ExistingKdc e, Findings f) {
    String at = AT + ".kdc.existing";
    if (e.kdcs().isEmpty()) {
      f.add(
          FindingCode.KERBEROS_ADMIN_MISSING,
          at + ".kdcs",
          "kdcs is required: host[:port] of each KDC of the realm, e.g. [kdc1.corp:88]");
    }
    List<String> kdcs = e.kdcs();
    for (int i = 0; i < kdcs.size(); i++) {
      address(kdcs.get(i), at + ".kdcs[" + i + "]", f);
    }
    if (e.adminServer() == null || e.adminServer().isBlank()) {
      f.add(
          FindingCode.KERBEROS_ADMIN_MISSING,
          at + ".adminServer",
          "adminServer is required: the realm's kadmin server, host[:port] (e.g."
              + " kdc1.corp:749), through which Granary creates the cluster's principals");
    } else {
      address(e.adminServer(), at + ".adminServer", f);
    }
    String admin = e.adminPrincipal();
    if (admin == null || admin.isBlank()) {
      f.add(
          FindingCode.KERBEROS_ADMIN_MISSING,
          at + ".adminPrincipal",
          "adminPrincipal is required: a principal that may add principals and export their"
              + " keytabs, e.g. granary/admin@CORP");
    } else if (!PRINCIPAL.matcher(admin.trim()).matches()) {
      f.add(
          FindingCode.KERBEROS_KDC_INVALID,
          at + ".adminPrincipal",
          "%s is not a principal such as granary/admin@CORP (no blanks; '/' between its parts,"
              + " '@' before the realm)",
          SpecValidator.quote(admin));
    }
  }

  private static void address(String value, String at, Findings f) {
    if (value == null || !Names.isAddressWithPort(value.trim())) {
      f.add(
          FindingCode.KERBEROS_KDC_INVALID,
          at,
          "%s is not host[:port]: a DNS name or IPv4 address, optionally with a port 1-65535",
          SpecValidator.quote(value));
    }
  }

  private static void protection(String value, String field, Findings f) {
    if (value != null && !KerberosSpec.PROTECTIONS.contains(value)) {
      f.add(
          FindingCode.KERBEROS_PROTECTION_INVALID,
          AT + "." + field,
          "%s is not one of %s (weakest first; left out: %s)",
          SpecValidator.quote(value),
          String.join(", ", KerberosSpec.PROTECTIONS),
          KerberosSpec.AUTHENTICATION);
    }
  }
}
