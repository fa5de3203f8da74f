package io.granary.provisioning.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.provisioning.PlanResult;
import io.granary.provisioning.Planner;
import io.granary.provisioning.model.Finding;
import io.granary.provisioning.model.FindingCode;
import io.granary.provisioning.model.Kerberos;
import io.granary.provisioning.model.Mappers;
import io.granary.provisioning.model.Plan;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The {@code security.kerberos} checks and the plan's Kerberos, through the planner. */
class SecuritySpecValidatorTest {
  static PlanResult plan(String kerberos) {
    return SpecValidatorTest.plan("ha: false\nsecurity:\n  kerberos:\n" + kerberos.indent(4));
  }

  static List<String> errors(PlanResult r) {
    return r.findings().stream()
        .filter(Finding::isError)
        .map(f -> f.code() + " " + f.field() + ": " + f.message())
        .toList();
  }

  @Test
  void kerberosWithHaIsRefusedWhetherAskedOrByDefault() {
    String kerberos = "security:\n  kerberos:\n    realm: GRANARY.TEST\n    kdc: {managed: {host: 10.1.0.2}}\n";
    // three hosts turn HA on by default
    PlanResult byDefault = SpecValidatorTest.plan(kerberos);
    assertFalse(byDefault.ok());
    assertEquals(
        List.of("kerberos-ha-unsupported ha: Kerberos is not supported with HA yet (HA is on by default with 3 or"
            + " more hosts): set ha: false for a Kerberized cluster"),
        errors(byDefault).stream().map(e -> e.replaceFirst("^KERBEROS_HA_UNSUPPORTED", "kerberos-ha-unsupported"))
            .toList());
    PlanResult asked = SpecValidatorTest.plan("ha: true\n" + kerberos);
    assertTrue(errors(asked).get(0).contains("(HA is on as asked)"), errors(asked)::toString);
    assertTrue(SpecValidatorTest.plan("ha: false\n" + kerberos).ok());
  }

  @Test
  void aManagedKdcOnAHostOfTheSpecPlansWithTheDefaultProtections() {
    PlanResult r = plan("realm: GRANARY.TEST\nkdc: {managed: {host: 10.1.0.2}}\n");
    assertTrue(r.ok(), r.findings()::toString);
    assertEquals(
        new Kerberos(
            "GRANARY.TEST",
            "h2",
            List.of(),
            null,
            null,
            "authentication",
            "authentication",
            "granary-cp/c"),
        r.plan().kerberos());
    assertTrue(r.plan().kerberos().managed());
    // by hostname as well, in any case
    assertEquals(
        "h3",
        plan("realm: GRANARY.TEST\nkdc: {managed: {host: H3}}\n").plan().kerberos().kdcHost());
  }

  @Test
  void anExistingKdcPlansAsGiven() {
    PlanResult r =
        plan(
            """
            realm: CORP.EXAMPLE
            kdc:
              existing:
                kdcs: [kdc1.corp.example:88, " 10.9.0.2 "]
                adminServer: kdc1.corp.example:749
                adminPrincipal: granary/admin@CORP.EXAMPLE
            rpcProtection: integrity
            dataTransferProtection: privacy
            """);
    assertTrue(r.ok(), r.findings()::toString);
    Kerberos k = r.plan().kerberos();
    assertFalse(k.managed());
    assertNull(k.kdcHost());
    assertEquals(List.of("kdc1.corp.example:88", "10.9.0.2"), k.kdcs());
    assertEquals("kdc1.corp.example:749", k.adminServer());
    assertEquals("granary/admin@CORP.EXAMPLE", k.adminPrincipal());
    assertEquals("integrity", k.rpcProtection());
    assertEquals("privacy", k.dataTransferProtection());
  }

  @Test
  void aPlanWithKerberosRoundTripsThroughJsonAndOneWithoutLeavesItOut() throws Exception {
    Plan p = plan("realm: GRANARY.TEST\nkdc: {managed: {host: h1}}\n").plan();
    String json = Mappers.JSON.writeValueAsString(p);
    assertEquals(p, Mappers.JSON.readValue(json, Plan.class));
    Plan plain = SpecValidatorTest.plan("").plan();
    String older = Mappers.JSON.writeValueAsString(plain);
    assertFalse(older.contains("kerberos"), older);
    assertNull(Mappers.JSON.readValue(older, Plan.class).kerberos());
    assertNull(SpecValidatorTest.plan("security: {}\n").plan().kerberos());
  }

  @Test
  void aRealmIsRequiredInUpperCase() {
    assertEquals(
        List.of(
            "kerberos-realm-invalid security.kerberos.realm: realm is required: the Kerberos realm"
                + " in upper case, e.g. GRANARY.TEST"),
        errors(plan("kdc: {managed: {host: h1}}\n")));
    assertEquals(
        List.of(
            "kerberos-realm-invalid security.kerberos.realm: 'granary.test' is not upper case:"
                + " write GRANARY.TEST (realms are case-sensitive and upper case by convention)"),
        errors(plan("realm: granary.test\nkdc: {managed: {host: h1}}\n")));
    assertEquals(
        List.of(
            "kerberos-realm-invalid security.kerberos.realm: 'GRANARY TEST' is not a realm:"
                + " upper-case letters, digits, '.' and '-' only, e.g. GRANARY.TEST"),
        errors(plan("realm: GRANARY TEST\nkdc: {managed: {host: h1}}\n")));
  }

  @Test
  void exactlyOneOfManagedAndExistingIsRequired() {
    assertEquals(
        List.of(
            "kerberos-kdc-invalid security.kerberos.kdc: kdc is required, with exactly one of"
                + " managed: {host: <a host of the spec>} (Granary runs the KDC) or existing:"
                + " {kdcs, adminServer, adminPrincipal} (your realm's KDCs)"),
        errors(plan("realm: GRANARY.TEST\n")));
    assertEquals(
        List.of(
            "kerberos-kdc-invalid security.kerberos.kdc: kdc has both managed and existing; keep"
                + " one: managed runs a KDC on one of the hosts, existing uses your realm's KDCs"),
        errors(
            plan(
                """
                realm: GRANARY.TEST
                kdc:
                  managed: {host: h1}
                  existing: {kdcs: [k1], adminServer: k1, adminPrincipal: a/admin}
                """)));
  }

  @Test
  void aManagedKdcMustBeOnAHostOfTheSpec() {
    assertEquals(
        List.of(
            "kerberos-kdc-host-unknown security.kerberos.kdc.managed.host: '10.1.0.9' is not a"
                + " host of the spec (h1, h2, h3); name one by its hostname or address, or use"
                + " existing for a KDC outside the cluster"),
        errors(plan("realm: GRANARY.TEST\nkdc: {managed: {host: 10.1.0.9}}\n")));
    assertEquals(
        List.of(
            "kerberos-kdc-host-unknown security.kerberos.kdc.managed.host: host is required: the"
                + " hostname or address of the host to run the KDC, one of h1, h2, h3"),
        errors(plan("realm: GRANARY.TEST\nkdc: {managed: {}}\n")));
  }

  @Test
  void anExistingKdcNeedsItsKdcsKadminServerAndAdminPrincipal() {
    assertEquals(
        List.of(
            "kerberos-admin-missing security.kerberos.kdc.existing.kdcs: kdcs is required:"
                + " host[:port] of each KDC of the realm, e.g. [kdc1.corp:88]",
            "kerberos-admin-missing security.kerberos.kdc.existing.adminServer: adminServer is"
                + " required: the realm's kadmin server, host[:port] (e.g. kdc1.corp:749), through"
                + " which Granary creates the cluster's principals",
            "kerberos-admin-missing security.kerberos.kdc.existing.adminPrincipal: adminPrincipal"
                + " is required: a principal that may add principals and export their keytabs,"
                + " e.g. granary/admin@CORP"),
        errors(plan("realm: GRANARY.TEST\nkdc: {existing: {}}\n")));
  }

  @Test
  void anExistingKdcsAddressesAndPrincipalMustBeWellFormed() {
    assertEquals(
        List.of(
            "kerberos-kdc-invalid security.kerberos.kdc.existing.kdcs[1]: 'kdc2.corp:0' is not"
                + " host[:port]: a DNS name or IPv4 address, optionally with a port 1-65535",
            "kerberos-kdc-invalid security.kerberos.kdc.existing.kdcs[2]: 'kdc 3' is not"
                + " host[:port]: a DNS name or IPv4 address, optionally with a port 1-65535",
            "kerberos-kdc-invalid security.kerberos.kdc.existing.adminServer: 'kdc1.corp:kadmin'"
                + " is not host[:port]: a DNS name or IPv4 address, optionally with a port"
                + " 1-65535",
            "kerberos-kdc-invalid security.kerberos.kdc.existing.adminPrincipal: 'granary//admin'"
                + " is not a principal such as granary/admin@CORP (no blanks; '/' between its"
                + " parts, '@' before the realm)"),
        errors(
            plan(
                """
                realm: GRANARY.TEST
                kdc:
                  existing:
                    kdcs: [kdc1.corp:88, "kdc2.corp:0", kdc 3]
                    adminServer: kdc1.corp:kadmin
                    adminPrincipal: granary//admin
                """)));
  }

  @Test
  void protectionsAreAuthenticationIntegrityOrPrivacy() {
    assertEquals(
        List.of(
            "kerberos-protection-invalid security.kerberos.rpcProtection: 'Privacy' is not one of"
                + " authentication, integrity, privacy (weakest first; left out: authentication)",
            "kerberos-protection-invalid security.kerberos.dataTransferProtection: 'none' is not"
                + " one of authentication, integrity, privacy (weakest first; left out:"
                + " authentication)"),
        errors(
            plan(
                """
                realm: GRANARY.TEST
                kdc: {managed: {host: h1}}
                rpcProtection: Privacy
                dataTransferProtection: none
                """)));
  }
}
