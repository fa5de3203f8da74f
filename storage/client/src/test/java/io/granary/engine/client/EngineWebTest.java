package io.granary.engine.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class EngineWebTest {
  static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
  HttpServer server;
  String base;

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/jmx", x -> {
      byte[] body = "{\"beans\":[]}".getBytes(StandardCharsets.UTF_8);
      x.sendResponseHeaders(200, body.length);
      x.getResponseBody().write(body);
      x.close();
    });
    server.createContext("/missing", x -> {
      x.sendResponseHeaders(404, -1);
      x.close();
    });
    server.start();
    base = "http://127.0.0.1:" + server.getAddress().getPort();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  @Test
  void aTwoHundredAnswerIsItsBody() {
    assertEquals("{\"beans\":[]}", EngineWeb.get(HTTP, base + "/jmx?qry=x", Duration.ofSeconds(3)));
  }

  @Test
  void anyOtherAnswerIsNull() {
    assertNull(EngineWeb.get(HTTP, base + "/missing", Duration.ofSeconds(3)));
  }

  @Test
  void anEndpointNobodyListensOnIsNull() throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    assertNull(EngineWeb.get(HTTP, "http://127.0.0.1:" + port + "/jmx", Duration.ofSeconds(3)));
  }

  @Test
  void anInterruptedCallerGetsNullAndKeepsItsInterrupt() {
    Thread.currentThread().interrupt();
    try {
      assertNull(EngineWeb.get(HTTP, base + "/jmx", Duration.ofSeconds(3)));
      assertTrue(Thread.currentThread().isInterrupted());
    } finally {
      Thread.interrupted();
    }
  }
}
