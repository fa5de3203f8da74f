package io.granary.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.granary.security.ConsoleTlsProperties.Mode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.mock.web.MockHttpServletRequest;

class ConsoleTlsTest {
  @TempDir
  Path dir;

  ConsoleTls tls(Mode mode, String bind, String cert, String key) {
    return new ConsoleTls(new ConsoleTlsProperties(mode, 18443, cert, key, dir.toString()), bind, 18080);
  }

  @Test
  void autoIsHttpsUnlessTheConsoleBindsToLoopbackOnly() {
    assertThat(ConsoleTls.effective(Mode.AUTO, "127.0.0.1")).isEqualTo(Mode.OFF);
    assertThat(ConsoleTls.effective(Mode.AUTO, "::1")).isEqualTo(Mode.OFF);
    assertThat(ConsoleTls.effective(Mode.AUTO, "0.0.0.0")).isEqualTo(Mode.SELF_SIGNED);
    assertThat(ConsoleTls.effective(Mode.AUTO, "")).isEqualTo(Mode.SELF_SIGNED);
    assertThat(ConsoleTls.effective(Mode.AUTO, "10.1.2.3")).isEqualTo(Mode.SELF_SIGNED);
    assertThat(ConsoleTls.effective(Mode.OFF, "0.0.0.0")).isEqualTo(Mode.OFF);
    assertThat(ConsoleTls.effective(Mode.FILES, "127.0.0.1")).isEqualTo(Mode.FILES);
    assertThat(tls(Mode.AUTO, "127.0.0.1", null, null).enabled()).isFalse();
  }

  @Test
  void theModeIsBoundFromItsWrittenFormAndAWrongOneIsRefused() {
    Binder ok = new Binder(new MapConfigurationPropertySource(Map.of("granary.tls.mode", "self-signed",
        "granary.tls.port", "8443")));
    assertThat(ok.bind("granary.tls", ConsoleTlsProperties.class).get().mode()).isEqualTo(Mode.SELF_SIGNED);
    Binder bad = new Binder(new MapConfigurationPropertySource(Map.of("granary.tls.mode", "sometimes")));
    assertThatThrownBy(() -> bad.bind("granary.tls", ConsoleTlsProperties.class)).isInstanceOf(BindException.class)
        .hasMessageContaining("granary.tls.mode");
  }

  @Test
  void aSelfSignedCertificateIsMadeOncePrivateAndKeptAcrossRestarts() throws Exception {
    ConsoleTls first = tls(Mode.SELF_SIGNED, "10.9.8.7", null, null);
    String password = first.ensureSelfSigned();
    X509Certificate c = first.certificate();
    assertThat(c.getSubjectAlternativeNames()).extracting(e -> String.valueOf(e.get(1)))
        .contains("localhost", "127.0.0.1", "10.9.8.7");
    assertThat(c.getNotAfter().toInstant()).isAfter(java.time.Instant.now().plus(java.time.Duration.ofDays(800)));
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(first.keystore()))).isEqualTo("rw-------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(first.passwordFile())))
        .isEqualTo("rw-------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("tls")))).isEqualTo("rwx------");
    assertThat(Files.readString(first.passwordFile()).strip()).isEqualTo(password);

    ConsoleTls again = tls(Mode.SELF_SIGNED, "10.9.8.7", null, null);
    assertThat(again.ensureSelfSigned()).isEqualTo(password);
    assertThat(ConsoleTls.fingerprint(again.certificate())).isEqualTo(ConsoleTls.fingerprint(c)).matches(
        "([0-9A-F]{2}:){31}[0-9A-F]{2}");
    ConsoleTls.Info info = again.info();
    assertThat(info.enabled()).isTrue();
    assertThat(info.httpsPort()).isEqualTo(18443);
    assertThat(info.sha256()).isEqualTo(ConsoleTls.fingerprint(c));
  }

  @Test
  void aKeystoreThatDoesNotOpenIsNamedWithTheWayOut() throws Exception {
    ConsoleTls t = tls(Mode.SELF_SIGNED, "", null, null);
    t.ensureSelfSigned();
    Files.writeString(t.passwordFile(), "wrong\n");
    assertThatThrownBy(() -> tls(Mode.SELF_SIGNED, "", null, null).ensureSelfSigned())
        .hasMessageContaining("console.p12").hasMessageContaining("remove both");
  }

  @Test
  void filesModeNeedsBothReadableFilesAndDistinctPorts() throws Exception {
    assertThatThrownBy(() -> tls(Mode.FILES, "", null, null)).hasMessageContaining("GRANARY_TLS_CERT");
    Path cert = Files.writeString(dir.resolve("c.pem"), "x");
    assertThatThrownBy(() -> tls(Mode.FILES, "", cert.toString(), dir.resolve("nope.pem").toString()))
        .hasMessageContaining("GRANARY_TLS_KEY").hasMessageContaining("not a readable file");
    assertThatThrownBy(() -> new ConsoleTls(new ConsoleTlsProperties(Mode.SELF_SIGNED, 8080, null, null,
        dir.toString()), "", 8080)).hasMessageContaining("must differ");
  }

  @Test
  void onlyTheLocalMonitoringServersMayStayOnPlainHttp() {
    for (var c : List.of(List.of("127.0.0.1", "/actuator/prometheus", true), List.of("127.0.0.1",
        "/api/v1/alerts/webhook", true), List.of("10.0.0.5", "/actuator/prometheus", false),
        List.of("127.0.0.1", "/api/v1/auth/login", false), List.of("127.0.0.1", "/", false))) {
      MockHttpServletRequest req = new MockHttpServletRequest("GET", (String) c.get(1));
      req.setRemoteAddr((String) c.get(0));
      assertThat(ConsoleTls.localMonitoring(req)).as(c.toString()).isEqualTo(c.get(2));
    }
  }
}
