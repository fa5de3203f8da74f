package io.granary.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The packaged control plane over HTTPS: its generated certificate (and then an operator's PEM files),
 * Secure cookies, HSTS, and plain HTTP answering only with redirects.
 */
class ConsoleTlsIT {
  Path data;
  Process backend;

  @Test
  void theConsoleServesHttpsWithItsGeneratedCertificateThenTheOperatorsFiles() throws Exception {
    data = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "it-tls-");
    int http = ControlPlaneRestartIT.freePort();
    int https = ControlPlaneRestartIT.freePort();
    backend = start(Map.of("GRANARY_TLS", "self-signed"), http, https);
    X509Certificate generated = awaitKeystore();
    HttpClient client = trusting(generated);
    String base = "https://127.0.0.1:" + https;
    awaitHttps(client, base);

    // the JDK's own trust store does not know it: it is the generated certificate being served
    HttpClient defaults = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    assertThatThrownBy(() -> defaults.send(get(base + "/api/v1/openapi.yaml"), HttpResponse.BodyHandlers.ofString()))
        .isInstanceOf(SSLHandshakeException.class);
    HttpResponse<String> spec = client.send(get(base + "/api/v1/openapi.yaml"), HttpResponse.BodyHandlers.ofString());
    assertThat(spec.statusCode()).isEqualTo(200);
    Certificate served = spec.sslSession().orElseThrow().getPeerCertificates()[0];
    assertThat(served).isEqualTo(generated);
    assertThat(spec.headers().firstValue("Strict-Transport-Security")).hasValue("max-age=31536000");

    // login over HTTPS: both cookies Secure, the session HttpOnly too
    HttpResponse<String> login = client.send(HttpRequest.newBuilder(URI.create(base + "/api/v1/auth/login"))
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(
            "{\"username\":\"admin\",\"password\":\"" + ItSupport.ADMIN_PASSWORD + "\"}")).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(login.statusCode()).as(login.body()).isEqualTo(200);
    List<String> cookies = login.headers().allValues("Set-Cookie");
    assertThat(cookies).anySatisfy(c -> assertThat(c).startsWith("GRANARY_SESSION=").contains("Secure")
        .contains("HttpOnly"));
    String session = cookies.stream().filter(c -> c.startsWith("GRANARY_SESSION=")).findFirst().orElseThrow()
        .split(";")[0];
    HttpResponse<String> me = client.send(HttpRequest.newBuilder(URI.create(base + "/api/v1/auth/me"))
        .header("Cookie", session).build(), HttpResponse.BodyHandlers.ofString());
    List<String> all = new java.util.ArrayList<>(cookies);
    all.addAll(me.headers().allValues("Set-Cookie"));
    assertThat(all).anySatisfy(c -> assertThat(c).startsWith("XSRF-TOKEN=").contains("Secure"));
    JsonNode info = Api.JSON.readTree(client.send(HttpRequest.newBuilder(URI.create(base + "/api/v1/tls"))
        .header("Cookie", session).build(), HttpResponse.BodyHandlers.ofString()).body());
    assertThat(info.get("mode").asString()).isEqualTo("SELF_SIGNED");
    assertThat(info.get("httpsPort").asInt()).isEqualTo(https);
    assertThat(info.get("sha256").asString()).isEqualTo(io.granary.security.ConsoleTls.fingerprint(generated));
    assertThat(info.get("subjectAltNames").toString()).contains("127.0.0.1").contains("localhost");

    // plain HTTP redirects to the same path on HTTPS, and serves nothing itself
    HttpClient plain = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    HttpResponse<String> page = plain.send(get("http://127.0.0.1:" + http + "/clusters?x=1"),
        HttpResponse.BodyHandlers.ofString());
    assertThat(page.statusCode()).isEqualTo(302);
    assertThat(page.headers().firstValue("Location")).hasValue("https://127.0.0.1:" + https + "/clusters?x=1");
    // a Host naming another port (published or proxied) still gets the HTTPS listener, never a 500
    try (java.net.Socket sock = new java.net.Socket("127.0.0.1", http)) {
      sock.getOutputStream().write(("GET /clusters HTTP/1.1\r\nHost: console.example:34080\r\nConnection: close"
          + "\r\n\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      String head = new String(sock.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.ISO_8859_1);
      assertThat(head).startsWith("HTTP/1.1 302").containsIgnoringCase("Location: https://console.example:" + https
          + "/clusters");
    }
    HttpResponse<String> plainLogin = plain.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + http
        + "/api/v1/auth/login")).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers
        .ofString("{\"username\":\"admin\",\"password\":\"" + ItSupport.ADMIN_PASSWORD + "\"}")).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(plainLogin.statusCode()).isEqualTo(302);
    assertThat(plainLogin.headers().allValues("Set-Cookie")).isEmpty();
    // ... but for the local Prometheus on loopback, which still needs its token
    assertThat(plain.send(get("http://127.0.0.1:" + http + "/actuator/prometheus"),
        HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(401);

    // the operator's certificate by path (PEM), here one the test made, on the same data directory
    ControlPlaneRestartIT.stop(backend, data);
    X509Certificate own = pemPair(data.resolve("own"));
    backend = start(Map.of("GRANARY_TLS", "files", "GRANARY_TLS_CERT", data.resolve("own/cert.pem").toString(),
        "GRANARY_TLS_KEY", data.resolve("own/key.pem").toString()), http, https);
    HttpClient ownClient = trusting(own);
    awaitHttps(ownClient, base);
    HttpResponse<String> again = ownClient.send(get(base + "/api/v1/openapi.yaml"), HttpResponse.BodyHandlers.ofString());
    assertThat(again.sslSession().orElseThrow().getPeerCertificates()[0]).isEqualTo(own);
  }

  @Test
  void aWrongModeStopsTheStartWithTheValidOnes() throws Exception {
    data = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "it-tls-bad-");
    backend = start(Map.of("GRANARY_TLS", "sometimes"), ControlPlaneRestartIT.freePort(),
        ControlPlaneRestartIT.freePort());
    assertThat(backend.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)).as("the start gave up").isTrue();
    assertThat(backend.exitValue()).isNotZero();
    String log = Files.readString(data.resolve("backend.log"));
    assertThat(log).contains("granary.tls.mode").contains("sometimes").containsIgnoringCase("self_signed");
  }

  Process start(Map<String, String> env, int http, int https) throws Exception {
    Map<String, String> all = new java.util.HashMap<>(env);
    all.put("GRANARY_TLS_PORT", Integer.toString(https));
    // no engine needed: the TLS is the control plane's own
    all.put("GRANARY_LOCAL_DIR", data.resolve("no-local-cluster").toString());
    return ControlPlaneRestartIT.start(data, http, all);
  }

  X509Certificate awaitKeystore() throws Exception {
    Path p12 = data.resolve("tls/console.p12");
    for (int i = 0; i < 240 && !Files.exists(p12); i++) {
      assertThat(backend.isAlive()).as("control plane exited during start-up").isTrue();
      Thread.sleep(500);
    }
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(p12)) {
      ks.load(in, Files.readString(data.resolve("tls/console.pass")).strip().toCharArray());
    }
    return (X509Certificate) ks.getCertificate("console");
  }

  void awaitHttps(HttpClient client, String base) throws Exception {
    for (int i = 0; i < 240; i++) {
      assertThat(backend.isAlive()).as("control plane exited during start-up").isTrue();
      try {
        if (client.send(get(base + "/api/v1/openapi.yaml"), HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
          return;
        }
      } catch (java.io.IOException notYet) {
        // not listening yet
      }
      Thread.sleep(500);
    }
    throw new AssertionError("HTTPS did not answer in 120 s");
  }

  static HttpRequest get(String url) {
    return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build();
  }

  static HttpClient trusting(X509Certificate cert) throws Exception {
    KeyStore trust = KeyStore.getInstance("PKCS12");
    trust.load(null, null);
    trust.setCertificateEntry("console", cert);
    TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(trust);
    SSLContext ctx = SSLContext.getInstance("TLS");
    ctx.init(null, tmf.getTrustManagers(), null);
    return HttpClient.newBuilder().sslContext(ctx).connectTimeout(Duration.ofSeconds(5)).build();
  }

  /** A key pair and certificate for 127.0.0.1 from keytool, written as PEM files as an operator would bring them. */
  static X509Certificate pemPair(Path dir) throws Exception {
    Files.createDirectories(dir);
    Path p12 = dir.resolve("own.p12");
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
        "-genkeypair", "-alias", "own", "-keyalg", "RSA", "-keysize", "2048", "-validity", "30", "-storetype",
        "PKCS12", "-keystore", p12.toString(), "-storepass", "changeit", "-dname", "CN=operator-test",
        "-ext", "SAN=ip:127.0.0.1,dns:localhost").redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertThat(p.waitFor()).as(out).isZero();
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(p12)) {
      ks.load(in, "changeit".toCharArray());
    }
    X509Certificate cert = (X509Certificate) ks.getCertificate("own");
    Base64.Encoder b64 = Base64.getMimeEncoder(64, "\n".getBytes());
    Files.writeString(dir.resolve("cert.pem"), "-----BEGIN CERTIFICATE-----\n" + b64.encodeToString(cert.getEncoded())
        + "\n-----END CERTIFICATE-----\n");
    Files.writeString(dir.resolve("key.pem"), "-----BEGIN PRIVATE KEY-----\n" + b64.encodeToString(
        ks.getKey("own", "changeit".toCharArray()).getEncoded()) + "\n-----END PRIVATE KEY-----\n");
    return cert;
  }

  @AfterEach
  void stop() throws Exception {
    ControlPlaneRestartIT.stop(backend, data);
  }
}
