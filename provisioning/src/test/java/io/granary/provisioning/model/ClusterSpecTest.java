package io.granary.provisioning.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterSpecTest {
  static final String YAML =
      """
      name: lab
      profile: lab
      hosts:
        - address: 10.77.0.11
          hostname: node1
          cores: 2
          ramGb: 2.5
          dataDisks: [/data/1]
      erasureCoding:
        policies: [RS-3-2-1024k]
      overrides:
        hbase-site:
          hfile.block.cache.size: 0.40
      """;

  static final String JSON =
      """
{"name": "lab", "profile": "lab",
 "hosts": [{"address": "10.77.0.11", "hostname": "node1", "cores": 2, "ramGb": 2.5, "dataDisks": ["/data/1"]}],
 "erasureCoding": {"policies": ["RS-3-2-1024k"]},
 "overrides": {"hbase-site": {"hfile.block.cache.size": 0.40}}}
""";

  @Test
  void yamlAndJsonReadTheSame() {
    assertEquals(ClusterSpec.parse(YAML), ClusterSpec.parse(JSON));
  }

  @Test
  void defaultsFillWhatTheSpecLeavesOut() {
    ClusterSpec s = ClusterSpec.parse(YAML);
    HostSpec h = s.hosts().get(0);
    assertEquals(2560, h.ramMbOrNull());
    assertEquals("/default-rack", h.rackOrDefault());
    assertEquals("root", s.sshUserOrDefault());
    assertEquals(Workload.BALANCED, s.workloadOrDefault());
    assertEquals(List.of("RS-3-2-1024k"), s.ecPolicies());
  }

  @Test
  void overrideNumbersKeepTheirSpelling() {
    Object v = ClusterSpec.parse(YAML).overrides().get("hbase-site").get("hfile.block.cache.size");
    assertEquals(new BigDecimal("0.40"), v);
  }

  @Test
  void unknownFieldIsAnInvalidSpecWithItsPath() {
    SpecParseException e =
        assertThrows(
            SpecParseException.class,
            () -> ClusterSpec.parse("name: x\nhosts:\n  - {address: 10.0.0.1, ram: 4}\n"));
    assertEquals(FindingCode.INVALID_SPEC, e.finding().code());
    assertEquals("hosts[0].ram", e.finding().field());
    assertTrue(
        e.finding().message().startsWith("unknown field 'ram'; known: address, cores, dataDisks"),
        e.finding().message());
  }

  @Test
  void haIsABooleanOnFromThreeHostsWhenLeftOut() {
    assertTrue(ClusterSpec.parse("name: x\nha: true\n").haOrDefault());
    assertFalse(ClusterSpec.parse(YAML).haOrDefault());
    SpecParseException e =
        assertThrows(SpecParseException.class, () -> ClusterSpec.parse("name: x\nha: maybe\n"));
    assertEquals("ha", e.finding().field());
    assertEquals("expected true or false", e.finding().message());
  }

  @Test
  void malformedDocumentIsAnInvalidSpec() {
    SpecParseException e =
        assertThrows(SpecParseException.class, () -> ClusterSpec.parse("name: [unclosed\n"));
    assertEquals(FindingCode.INVALID_SPEC, e.finding().code());
    assertThrows(SpecParseException.class, () -> ClusterSpec.parse(""));
  }

  @Test
  void specRoundTripsThroughYaml() {
    ClusterSpec s = ClusterSpec.parse(YAML);
    assertEquals(s, ClusterSpec.parse(s.toYaml()));
  }

  @Test
  void roleOverridesReadFromYamlAndJsonAndAreLeftOutWhenEmpty() {
    String yaml =
        YAML
            + "roleOverrides:\n  regionserver:\n    hbase-site:\n"
            + "      hbase.regionserver.handler.count: 60\n";
    String json =
        JSON.strip().replaceFirst(
                "}$",
                ", \"roleOverrides\": {\"regionserver\": {\"hbase-site\":"
                    + " {\"hbase.regionserver.handler.count\": 60}}}}");
    ClusterSpec s = ClusterSpec.parse(yaml);
    assertEquals(s, ClusterSpec.parse(json));
    assertEquals(
        60,
        s.roleOverrides()
            .get("regionserver")
            .get("hbase-site")
            .get("hbase.regionserver.handler.count"));
    assertEquals(s, ClusterSpec.parse(s.toYaml()));
    assertEquals(java.util.Map.of(), ClusterSpec.parse(YAML).roleOverrides());
    assertFalse(ClusterSpec.parse(YAML).toYaml().contains("roleOverrides"));
  }

  static final String KERBEROS =
      """
      security:
        kerberos:
          realm: GRANARY.TEST
          kdc:
            existing: {kdcs: [kdc1.corp:88, kdc2.corp], adminServer: kdc1.corp:749,
                       adminPrincipal: granary/admin@CORP}
          rpcProtection: privacy
      """;

  @Test
  void securityReadsFromYamlAndJsonAndRoundTrips() {
    String json =
        JSON.strip()
            .replaceFirst(
                "}$",
                ", \"security\": {\"kerberos\": {\"realm\": \"GRANARY.TEST\", \"kdc\":"
                    + " {\"existing\": {\"kdcs\": [\"kdc1.corp:88\", \"kdc2.corp\"],"
                    + " \"adminServer\": \"kdc1.corp:749\", \"adminPrincipal\":"
                    + " \"granary/admin@CORP\"}}, \"rpcProtection\": \"privacy\"}}}");
    ClusterSpec s = ClusterSpec.parse(YAML + KERBEROS);
    assertEquals(s, ClusterSpec.parse(json));
    assertEquals(s, ClusterSpec.parse(s.toYaml()));
    KerberosSpec k = s.kerberos();
    assertEquals("GRANARY.TEST", k.realm());
    assertEquals(List.of("kdc1.corp:88", "kdc2.corp"), k.kdc().existing().kdcs());
    assertEquals("granary/admin@CORP", k.kdc().existing().adminPrincipal());
    assertEquals(null, k.kdc().managed());
    assertEquals("privacy", k.rpcProtectionOrDefault());
    assertEquals("authentication", k.dataTransferProtectionOrDefault());
  }

  @Test
  void withoutSecurityOrWithAnEmptyOneKerberosIsOff() {
    assertEquals(null, ClusterSpec.parse(YAML).kerberos());
    assertFalse(ClusterSpec.parse(YAML).toYaml().contains("security"));
    assertEquals(null, ClusterSpec.parse(YAML + "security: {}\n").kerberos());
  }

  @Test
  void unknownSecurityFieldsAreInvalidSpecsWithTheirPaths() {
    SpecParseException e =
        assertThrows(
            SpecParseException.class,
            () ->
                ClusterSpec.parse(
                    YAML + "security: {kerberos: {realm: A, kdc: {managed: {hostname: n}}}}\n"));
    assertEquals(FindingCode.INVALID_SPEC, e.finding().code());
    assertEquals("security.kerberos.kdc.managed.hostname", e.finding().field());
    assertEquals("unknown field 'hostname'; known: host", e.finding().message());

    e =
        assertThrows(
            SpecParseException.class, () -> ClusterSpec.parse(YAML + "security: {tls: true}\n"));
    assertEquals("security.tls", e.finding().field());
    assertEquals("unknown field 'tls'; known: kerberos", e.finding().message());

    e =
        assertThrows(
            SpecParseException.class,
            () ->
                ClusterSpec.parse(YAML + "security: {kerberos: {kdc: {existing: {kdcs: k1}}}}\n"));
    assertEquals("security.kerberos.kdc.existing.kdcs", e.finding().field());
    assertEquals("expected a list", e.finding().message());
  }

  @Test
  void aHostIsFoundByHostnameElseAddressIgnoringCase() {
    ClusterSpec s =
        ClusterSpec.parse(
            "name: x\nhosts:\n  - {address: a.corp, hostname: n1}\n  - {address: 10.0.0.2,"
                + " hostname: A.CORP}\n");
    assertEquals("10.0.0.2", s.host("a.corp").orElseThrow().address()); // the hostname first
    assertEquals("n1", s.host(" N1 ").orElseThrow().hostname());
    assertEquals("A.CORP", s.host("10.0.0.2").orElseThrow().hostname());
    assertTrue(s.host("10.0.0.3").isEmpty());
    assertTrue(s.host(null).isEmpty());
  }

  @Test
  void findingCodesAreUniqueAndKebabCase() {
    var codes = java.util.Arrays.stream(FindingCode.values()).map(FindingCode::code).toList();
    assertEquals(codes.size(), new java.util.HashSet<>(codes).size());
    codes.forEach(c -> assertTrue(c.matches("[a-z]+(-[a-z]+)*"), c));
  }
}
