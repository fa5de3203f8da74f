package io.granary.security;

import io.granary.security.ConsoleTlsProperties.Mode;
import io.granary.shared.files.PrivateFiles;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.web.server.Ssl;
import org.springframework.security.web.PortMapper;
import org.springframework.stereotype.Component;

/**
 * Decides whether the console serves HTTPS and with which certificate. Self-signed: generated once
 * with the JDK's keytool into data-dir/tls/console.p12 (0600, its random password beside it), so a
 * restart keeps the fingerprint the operator accepted.
 */
@Component
public class ConsoleTls {
  private static final Logger log = LoggerFactory.getLogger(ConsoleTls.class);
  static final String ALIAS = "console";
  /** The only plain-HTTP requests served when TLS is on: the local Prometheus and Alertmanager, from this host. */
  static final Set<String> LOCAL_MONITORING = Set.of("/actuator/prometheus", "/api/v1/alerts/webhook");

  private final Mode mode;
  private final int httpPort;
  private final int httpsPort;
  private final String bindAddress;
  private final Path dir;
  private final String certificate;
  private final String privateKey;
  private volatile X509Certificate cert;

  public ConsoleTls(ConsoleTlsProperties props, @Value("${server.address:}") String bindAddress,
      @Value("${server.port:8080}") int httpPort) {
    this.mode = effective(props.mode(), bindAddress);
    this.httpPort = httpPort;
    this.httpsPort = props.port();
    this.bindAddress = bindAddress == null ? "" : bindAddress.strip();
    this.dir = Path.of(props.dataDir() == null || props.dataDir().isBlank() ? "." : props.dataDir()).resolve("tls");
    this.certificate = props.certificate();
    this.privateKey = props.privateKey();
    if (mode == Mode.FILES) {
      requireReadable("GRANARY_TLS_CERT", certificate);
      requireReadable("GRANARY_TLS_KEY", privateKey);
    }
    if (enabled() && httpsPort == httpPort) {
      throw new IllegalStateException("GRANARY_TLS_PORT (" + httpsPort + ") must differ from GRANARY_PORT, which"
          + " redirects to it when TLS is on");
    }
  }

  /** auto: HTTPS unless the console binds to loopback only (make run, the tests); nothing to set up then. */
  static Mode effective(Mode configured, String bindAddress) {
    if (configured != Mode.AUTO) {
      return configured;
    }
    if (bindAddress == null || bindAddress.isBlank()) {
      return Mode.SELF_SIGNED;
    }
    try {
      return InetAddress.getByName(bindAddress.strip()).isLoopbackAddress() ? Mode.OFF : Mode.SELF_SIGNED;
    } catch (IOException e) {
      return Mode.SELF_SIGNED;
    }
  }

  public boolean enabled() {
    return mode != Mode.OFF;
  }

  public Mode mode() {
    return mode;
  }

  public int httpPort() {
    return httpPort;
  }

  public int httpsPort() {
    return httpsPort;
  }

  Path keystore() {
    return dir.resolve("console.p12");
  }

  Path passwordFile() {
    return dir.resolve("console.pass");
  }

  /** The server's Ssl for Tomcat; makes the self-signed keystore first if there is none. */
  Ssl ssl() {
    Ssl ssl = new Ssl();
    ssl.setEnabled(true);
    if (mode == Mode.FILES) {
      ssl.setCertificate("file:" + Path.of(certificate).toAbsolutePath());
      ssl.setCertificatePrivateKey("file:" + Path.of(privateKey).toAbsolutePath());
    } else {
      String password = ensureSelfSigned();
      ssl.setKeyStore("file:" + keystore().toAbsolutePath());
      ssl.setKeyStoreType("PKCS12");
      ssl.setKeyStorePassword(password);
      ssl.setKeyPassword(password);
      ssl.setKeyAlias(ALIAS);
    }
    X509Certificate c = certificate();
    log.info("console TLS ({}): HTTPS on port {}, HTTP {} redirects there; certificate {} SHA-256 {}, valid until {}",
        mode.name().toLowerCase(java.util.Locale.ROOT), httpsPort, httpPort, c.getSubjectX500Principal().getName(),
        fingerprint(c), c.getNotAfter().toInstant());
    return ssl;
  }

  /**
   * Whatever port a plain request named (its Host header: a published container port, a proxy's), the
   * redirect goes to the HTTPS listener's. A mapping by port alone would fail those requests with a 500.
   */
  PortMapper portMapper() {
    return new PortMapper() {
      @Override
      public Integer lookupHttpPort(Integer port) {
        return httpPort;
      }

      @Override
      public Integer lookupHttpsPort(Integer port) {
        return httpsPort;
      }
    };
  }

  /** Plain HTTP that is not redirected: the local monitoring servers on loopback, on their two paths. */
  static boolean localMonitoring(HttpServletRequest req) {
    if (!LOCAL_MONITORING.contains(req.getRequestURI())) {
      return false;
    }
    try {
      return InetAddress.getByName(req.getRemoteAddr()).isLoopbackAddress();
    } catch (IOException e) {
      return false;
    }
  }

  synchronized String ensureSelfSigned() {
    try {
      if (Files.exists(keystore()) && Files.exists(passwordFile())) {
        String password = Files.readString(passwordFile()).strip();
        load(password);
        return password;
      }
      byte[] raw = new byte[24];
      new SecureRandom().nextBytes(raw);
      String password = HexFormat.of().formatHex(raw);
      Files.createDirectories(dir);
      Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
      Path tmp = dir.resolve("console.p12.new");
      Files.deleteIfExists(tmp);
      List<String> argv = List.of(keytool().toString(), "-genkeypair", "-alias", ALIAS, "-keyalg", "EC",
          "-groupname", "secp256r1", "-sigalg", "SHA256withECDSA", "-validity", "825", "-storetype", "PKCS12",
          "-keystore", tmp.toString(), "-storepass:env", "GRANARY_TLS_STOREPASS",
          "-dname", "CN=" + hostName() + ", O=Granary console", "-ext", "SAN=" + String.join(",", subjectAltNames()));
      ProcessBuilder pb = new ProcessBuilder(argv).redirectErrorStream(true);
      // the password never shows on a command line
      pb.environment().put("GRANARY_TLS_STOREPASS", password);
      Process p = pb.start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
        p.destroyForcibly();
        throw new IllegalStateException("keytool could not make the console's certificate: " + out);
      }
      Files.setPosixFilePermissions(tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
      PrivateFiles.write(passwordFile(), password + "\n");
      Files.move(tmp, keystore(), java.nio.file.StandardCopyOption.REPLACE_EXISTING,
          java.nio.file.StandardCopyOption.ATOMIC_MOVE);
      cert = null;
      log.info("console TLS: generated a self-signed certificate in {} for {}", keystore(), subjectAltNames());
      return password;
    } catch (IOException e) {
      throw new IllegalStateException("cannot keep the console's certificate in " + dir + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while making the console's certificate", e);
    }
  }

  /** Names the generated certificate is valid for: this host, localhost and the bind address. */
  List<String> subjectAltNames() {
    Set<String> names = new LinkedHashSet<>();
    names.add("dns:" + hostName());
    names.add("dns:localhost");
    names.add("ip:127.0.0.1");
    if (!bindAddress.isEmpty() && !bindAddress.equals("0.0.0.0") && !bindAddress.equals("::")) {
      names.add((bindAddress.chars().allMatch(ch -> Character.isDigit(ch) || ch == '.' || ch == ':') ? "ip:" : "dns:")
          + bindAddress);
    }
    return new ArrayList<>(names);
  }

  private static String hostName() {
    try {
      String h = InetAddress.getLocalHost().getHostName();
      return h == null || h.isBlank() ? "localhost" : h;
    } catch (IOException e) {
      return "localhost";
    }
  }

  private static Path keytool() {
    Path k = Path.of(System.getProperty("java.home"), "bin", "keytool");
    if (!Files.isExecutable(k)) {
      throw new IllegalStateException("no keytool beside this Java (" + k + "): set GRANARY_TLS=files with"
          + " GRANARY_TLS_CERT and GRANARY_TLS_KEY, or GRANARY_TLS=off");
    }
    return k;
  }

  private KeyStore load(String password) {
    try (InputStream in = Files.newInputStream(keystore())) {
      KeyStore ks = KeyStore.getInstance("PKCS12");
      ks.load(in, password.toCharArray());
      if (!(ks.getCertificate(ALIAS) instanceof X509Certificate)) {
        throw new IllegalStateException(keystore() + " holds no '" + ALIAS + "' certificate: remove it (and "
            + passwordFile() + ") to generate a new one");
      }
      return ks;
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalStateException("cannot open " + keystore() + " with " + passwordFile() + " (" + e.getMessage()
          + "): remove both to generate a new certificate", e);
    }
  }

  /** The certificate the console presents (the first of a chain). */
  public X509Certificate certificate() {
    X509Certificate c = cert;
    if (c != null) {
      return c;
    }
    try {
      if (mode == Mode.FILES) {
        try (InputStream in = Files.newInputStream(Path.of(certificate))) {
          c = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
      } else {
        c = (X509Certificate) load(Files.readString(passwordFile()).strip()).getCertificate(ALIAS);
      }
    } catch (IOException | GeneralSecurityException | ClassCastException e) {
      throw new IllegalStateException("cannot read the console's certificate: " + e.getMessage(), e);
    }
    cert = c;
    return c;
  }

  public static String fingerprint(X509Certificate c) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(c.getEncoded());
      return HexFormat.ofDelimiter(":").withUpperCase().formatHex(d);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** What GET /tls shows: enough for an operator to check the certificate a browser is offered. */
  public record Info(String mode, boolean enabled, int httpPort, Integer httpsPort, String subject, String issuer,
      List<String> subjectAltNames, Instant notAfter, String sha256) {}

  public Info info() {
    if (!enabled()) {
      return new Info(mode.name(), false, httpPort, null, null, null, List.of(), null, null);
    }
    X509Certificate c = certificate();
    List<String> sans = new ArrayList<>();
    try {
      if (c.getSubjectAlternativeNames() != null) {
        c.getSubjectAlternativeNames().forEach(e -> sans.add(String.valueOf(e.get(1))));
      }
    } catch (GeneralSecurityException e) {
      // shown without them
    }
    return new Info(mode.name(), true, httpPort, httpsPort, c.getSubjectX500Principal().getName(),
        c.getIssuerX500Principal().getName(), sans, c.getNotAfter().toInstant(), fingerprint(c));
  }

  private static void requireReadable(String variable, String file) {
    if (file == null || file.isBlank()) {
      throw new IllegalStateException("GRANARY_TLS=files needs " + variable + " (a PEM file)");
    }
    if (!Files.isReadable(Path.of(file))) {
      throw new IllegalStateException(variable + "=" + file + " is not a readable file");
    }
  }
}
