package io.granary.security;

import org.apache.catalina.connector.Connector;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;

/**
 * With TLS on, Tomcat's main connector serves HTTPS on the TLS port and a second, plain connector on
 * the HTTP port (server.port) answers with redirects (SecurityConfig). Runs after the customizer
 * that applies server.* so its port and Ssl win.
 */
@Component
class ConsoleTlsServer implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, Ordered {
  private final ConsoleTls tls;

  ConsoleTlsServer(ConsoleTls tls) {
    this.tls = tls;
  }

  @Override
  public void customize(TomcatServletWebServerFactory factory) {
    if (!tls.enabled()) {
      return;
    }
    int http = factory.getPort();
    factory.setPort(tls.httpsPort());
    factory.setSsl(tls.ssl());
    Connector plain = new Connector("org.apache.coyote.http11.Http11NioProtocol");
    plain.setPort(http);
    plain.setScheme("http");
    plain.setSecure(false);
    plain.setRedirectPort(tls.httpsPort());
    if (factory.getAddress() != null) {
      plain.setProperty("address", factory.getAddress().getHostAddress());
    }
    factory.addAdditionalConnectors(plain);
  }

  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }
}
