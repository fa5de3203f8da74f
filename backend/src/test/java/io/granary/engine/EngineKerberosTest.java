package io.granary.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** The control plane's client side of a Kerberized cluster, without a KDC (KerberosIT has the real one). */
class EngineKerberosTest {
  // a CA certificate made with keytool for this test (EC P-256, valid to 2126)
  static final String CA = """
      -----BEGIN CERTIFICATE-----
      MIIBXjCCAQSgAwIBAgIIEZfb9ToIq3EwCgYIKoZIzj0EAwIwGjEYMBYGA1UEAxMP
      R3JhbmFyeSB0ZXN0IENBMCAXDTI2MTEyNzAyMTY1NVoYDzIxMjYxMTAzMDIxNjU1
      WjAaMRgwFgYDVQQDEw9HcmFuYXJ5IHRlc3QgQ0EwWTATBgcqhkjOPQIBBggqhkjO
      PQMBBwNCAATr7B/LZS8+ipe0GVY2TDY0IhFPNeNH0+9jGZVDoEW3+6Q5MNesYu/U
      6nKqnUgq8pFhUsMDrIHcooSE8Rbrq/KMozIwMDAdBgNVHQ4EFgQUmAQ+GiOT6iZl
      4gO0Nz6l0+mZ9ZwwDwYDVR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNIADBFAiBs
      fknpindjmx+FyFzeKG/P0QzFuen5BrR42o4mifZc7AIhANEZ7SBNPO2MkdrcpQh0
      XJScdUasycrBttBZqJKV3IDA
      -----END CERTIFICATE-----
      """;
  static final EngineKerberos KERBEROS = new EngineKerberos("GRANARY.TEST", List.of("10.77.0.11:88"),
      "granary-cp/lab@GRANARY.TEST", "privacy", "integrity", CA);
  static final ClusterEndpoints SECURED = new ClusterEndpoints(3, "10.77.0.11:2181", "hdfs://10.77.0.11:8020", null,
      null, KERBEROS);
  static final ClusterEndpoints SIMPLE = new ClusterEndpoints(4, "127.0.0.1:1", "hdfs://127.0.0.1:1");

  @Test
  void aKerberizedClusterIsReachedWithItsPrincipalsAndProtectionsASimpleOneMayFallBack() {
    Configuration k = EngineConnections.conf(SECURED);
    assertThat(k.get("hadoop.security.authentication")).isEqualTo("kerberos");
    assertThat(k.get("hbase.security.authentication")).isEqualTo("kerberos");
    assertThat(k.get("dfs.namenode.kerberos.principal")).isEqualTo("nn/_HOST@GRANARY.TEST");
    assertThat(k.get("hbase.master.kerberos.principal")).isEqualTo("hbase/_HOST@GRANARY.TEST");
    assertThat(k.get("hbase.regionserver.kerberos.principal")).isEqualTo("hbase/_HOST@GRANARY.TEST");
    assertThat(k.get("hadoop.rpc.protection")).isEqualTo("privacy");
    assertThat(k.get("hbase.rpc.protection")).isEqualTo("privacy");
    assertThat(k.get("dfs.data.transfer.protection")).isEqualTo("integrity");
    assertThat(k.getBoolean("ipc.client.fallback-to-simple-auth-allowed", false)).isFalse();
    // whichever cluster connects first configures HBase's provider choice for the JVM: both name the same
    assertThat(k.get("hbase.client.sasl.provider.class")).isEqualTo(EngineSaslSelector.class.getName());
    assertThat(EngineConnections.conf(SIMPLE).get("hbase.client.sasl.provider.class"))
        .isEqualTo(EngineSaslSelector.class.getName());

    Configuration s = EngineConnections.conf(SIMPLE);
    assertThat(s.get("hbase.security.authentication")).isNotEqualTo("kerberos");
    assertThat(s.get("dfs.data.transfer.protection")).isNull();
    assertThat(s.getBoolean("ipc.client.fallback-to-simple-auth-allowed", false)).isTrue();
  }

  @Test
  void theWebOfAKerberizedClusterIsHttpsTrustingItsCaOnly() {
    assertThat(EngineHttp.of(SIMPLE).scheme()).isEqualTo("http");
    EngineHttp web = EngineHttp.of(SECURED);
    assertThat(web.scheme()).isEqualTo("https");
    // one client per CA
    assertThat(EngineHttp.of(new ClusterEndpoints(5, "z:2181", "hdfs://n:8020", null, null, KERBEROS))).isSameAs(web);
    assertThat(EngineHttp.trusting(CA).getProtocol()).isEqualTo("TLS");
    assertThatThrownBy(() -> EngineHttp.trusting("not a certificate")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("CA certificate");
  }

  @Test
  void oneKrb5ConfListsEveryRealmWithItsKdcsAndNoDnsLookups() {
    Map<String, List<String>> realms = new TreeMap<>();
    realms.put("GRANARY.TEST", List.of("10.77.0.11:88"));
    realms.put("OTHER.TEST", List.of("kdc1:88", "kdc2:88"));
    String conf = EngineLogins.krb5(realms);
    assertThat(conf).contains("default_realm = GRANARY.TEST").contains("dns_lookup_kdc = false")
        .contains("udp_preference_limit = 1")
        .contains("  GRANARY.TEST = {\n    kdc = 10.77.0.11:88\n  }")
        .contains("  OTHER.TEST = {\n    kdc = kdc1:88\n    kdc = kdc2:88\n  }");
  }

  @Test
  void theControlPlanePrincipalIsItsShortNameEverywhere() throws Exception {
    Configuration c = new Configuration(false);
    c.set("hadoop.security.auth_to_local", EngineLogins.AUTH_TO_LOCAL);
    org.apache.hadoop.security.HadoopKerberosName.setConfiguration(c);
    Map<String, String> shortNames = new LinkedHashMap<>();
    for (String p : List.of("granary-cp/lab@GRANARY.TEST", "alice@OTHER.TEST")) {
      shortNames.put(p, new org.apache.hadoop.security.HadoopKerberosName(p).getShortName());
    }
    assertThat(shortNames).containsExactly(Map.entry("granary-cp/lab@GRANARY.TEST", "granary-cp"),
        Map.entry("alice@OTHER.TEST", "alice"));
  }
}
