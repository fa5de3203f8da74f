package io.granary.vcenters;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How govc's failures (as govc 0.56 prints them) become the three vcenter-* problems. */
class GovcTest {
  static final String GOVC = "/opt/granary/var/gobin/govc";

  @Test
  void aRefusedOrUnknownOrSilentHostIsUnreachable() {
    for (String out : new String[] {
        GOVC + ": Post \"https://127.0.0.1:33591/sdk\": dial tcp 127.0.0.1:33591: connect: connection refused",
        GOVC + ": Post \"https://nonexistent.invalid/sdk\": dial tcp: lookup nonexistent.invalid: no such host",
        GOVC + ": Post \"https://10.0.0.1/sdk\": dial tcp 10.0.0.1:443: i/o timeout",
        "something nobody expected"}) {
      assertThat(Govc.classify(out)).as(out).isEqualTo(ProblemType.VCENTER_UNREACHABLE);
    }
  }

  @Test
  void aRefusedLoginIsAuth() {
    String fault = """
        {
          "Fault": {
            "Code": "ServerFaultCode",
            "String": "Login failure",
            "Detail": {"Fault": {}}
          }
        }""";
    assertThat(Govc.classify(fault)).isEqualTo(ProblemType.VCENTER_AUTH);
    assertThat(Govc.message(fault, GOVC, "pw")).isEqualTo("Login failure");
    assertThat(Govc.classify(GOVC + ": ServerFaultCode: Cannot complete login due to an incorrect user name or"
        + " password.")).isEqualTo(ProblemType.VCENTER_AUTH);
    assertThat(Govc.classify("ServerFaultCode: NotAuthenticated")).isEqualTo(ProblemType.VCENTER_AUTH);
    assertThat(Govc.classify("InvalidLogin")).isEqualTo(ProblemType.VCENTER_AUTH);
  }

  @Test
  void anUntrustedCertificateOrAThumbprintMismatchIsTls() {
    assertThat(Govc.classify(GOVC + ": Post \"https://127.0.0.1:33590/sdk\": tls: failed to verify certificate:"
        + " x509: certificate signed by unknown authority")).isEqualTo(ProblemType.VCENTER_TLS);
    assertThat(Govc.classify(GOVC + ": Post \"https://127.0.0.1:33590/sdk\": host \"127.0.0.1:33590\" thumbprint"
        + " does not match \"52:6C\"")).isEqualTo(ProblemType.VCENTER_TLS);
  }

  @Test
  void theMessageDropsGovcsPathAndNeverCarriesThePassword() {
    String m = Govc.message(GOVC + ": Post \"https://administrator:S3cret!@h/sdk\": connection refused", GOVC,
        "S3cret!");
    assertThat(m).startsWith("Post \"https://").doesNotContain("S3cret!").doesNotContain(GOVC);
  }

  @Test
  void thumbprintsAreWrittenUpperCaseForTheHostWithAndWithoutItsPort() {
    assertThat(Govc.knownHosts("https://vc.example.com/sdk", "52:6c:4e"))
        .isEqualTo("vc.example.com 52:6C:4E\nvc.example.com:443 52:6C:4E\n");
    assertThat(Govc.knownHosts("https://127.0.0.1:8989/sdk", "AA")).contains("127.0.0.1:8989 AA");
    // what the API fuzzer once stored: brackets in a host name (no longer accepted), never a 500 on reading
    assertThat(Govc.knownHosts("https://oym[3][QVp64DEcA1/5Q0t43P_", "AA")).isEmpty();
  }

  @Test
  void theEnvironmentCarriesTheCredentialsAndTrustSettings(@TempDir Path dir) throws Exception {
    Map<String, String> env = Govc.environment(new Govc.Target("https://vc:8989/sdk", "admin", "pw", true, "aa:bb",
        "-----BEGIN CERTIFICATE-----\nX\n-----END CERTIFICATE-----"), dir);
    assertThat(env).containsEntry("GOVC_URL", "https://vc:8989/sdk").containsEntry("GOVC_USERNAME", "admin")
        .containsEntry("GOVC_PASSWORD", "pw").doesNotContainKey("GOVC_INSECURE");
    assertThat(Files.readString(Path.of(env.get("GOVC_TLS_CA_CERTS")))).contains("BEGIN CERTIFICATE");
    assertThat(Files.readString(Path.of(env.get("GOVC_TLS_KNOWN_HOSTS")))).contains("vc:8989 AA:BB");
    Map<String, String> insecure = Govc.environment(new Govc.Target("https://vc/sdk", "a", "p", false, "aa", null),
        dir);
    assertThat(insecure).containsEntry("GOVC_INSECURE", "1").doesNotContainKey("GOVC_TLS_KNOWN_HOSTS");
  }

  @Test
  void aMissingGovcIsAProblemNotAServerError() {
    Govc govc = new Govc(new VcentersProperties("/nonexistent/govc", Duration.ofSeconds(5)));
    try (Govc.Session s = govc.open(new Govc.Target("https://vc/sdk", "a", "p", true, null, null))) {
      ProblemException e = org.junit.jupiter.api.Assertions.assertThrows(ProblemException.class, () -> s.run("ls"));
      assertThat(e.type()).isEqualTo(ProblemType.VCENTER_UNREACHABLE);
      assertThat(e.getMessage()).contains("tools/vsphere/build.sh");
    }
  }

  @Test
  void theShellSetupNeverShowsThePassword() {
    assertThat(Govc.shellSetup(new Govc.Target("https://vc/sdk", "admin", "secret", false, null, null)))
        .containsExactly("export GOVC_URL='https://vc/sdk' GOVC_USERNAME='admin' GOVC_PASSWORD='<password>'",
            "export GOVC_INSECURE=1")
        .noneMatch(l -> l.contains("secret"));
  }
}
