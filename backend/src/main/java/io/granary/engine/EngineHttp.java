package io.granary.engine;

import io.granary.engine.client.EngineWeb;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The web endpoints ({@code /jmx}, {@code /conf}) of one cluster's daemons: plain HTTP, or, on a
 * Kerberized cluster, HTTPS trusting only that cluster's CA (docs/adr/0018-security.md §5).
 */
final class EngineHttp {
  private static final Duration CONNECT = Duration.ofSeconds(2);
  // Hadoop's Netty-fronted DataNode web server does not take the h2c upgrade Java tries by default
  static final EngineHttp PLAIN = new EngineHttp("http",
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(CONNECT).build());
  private static final Map<String, EngineHttp> BY_CA = new ConcurrentHashMap<>();

  private final String scheme;
  private final HttpClient client;

  private EngineHttp(String scheme, HttpClient client) {
    this.scheme = scheme;
    this.client = client;
  }

  static EngineHttp of(ClusterEndpoints e) {
    if (e.kerberos() == null || e.kerberos().caPem() == null) {
      return PLAIN;
    }
    return BY_CA.computeIfAbsent(e.kerberos().caPem(), pem -> new EngineHttp("https", HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1).connectTimeout(CONNECT).sslContext(trusting(pem)).build()));
  }

  String scheme() {
    return scheme;
  }

  /** GET {@code path} (with its query) from the daemon at {@code hostPort}; null when it does not answer 200. */
  String get(String hostPort, String path, Duration timeout) {
    return EngineWeb.get(client, scheme + "://" + hostPort + path, timeout);
  }

  /** GET {@code path} from the server of a recorded web URL (its scheme kept, any path of it dropped). */
  String getAt(String webUrl, String path, Duration timeout) {
    try {
      URI u = URI.create(webUrl);
      return EngineWeb.get(client, u.getScheme() + "://" + u.getRawAuthority() + path, timeout);
    } catch (IllegalArgumentException unusable) {
      // only a hand-edited endpoints.properties gets here (the API validates URLs)
      return null;
    }
  }

  /** An SSL context that trusts the certificates of {@code pem} and nothing else. */
  static SSLContext trusting(String pem) {
    try {
      KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
      trust.load(null, null);
      int i = 0;
      for (Certificate c : CertificateFactory.getInstance("X.509")
          .generateCertificates(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)))) {
        trust.setCertificateEntry("ca-" + i++, c);
      }
      if (i == 0) {
        throw new IllegalArgumentException("the cluster's CA certificate holds no certificate");
      }
      TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(trust);
      SSLContext ctx = SSLContext.getInstance("TLS");
      ctx.init(null, tmf.getTrustManagers(), null);
      return ctx;
    } catch (GeneralSecurityException | java.io.IOException e) {
      throw new IllegalArgumentException("the cluster's CA certificate cannot be read: " + e.getMessage(), e);
    }
  }
}
