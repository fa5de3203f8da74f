package io.granary.observability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** The client against a stub server: answers, errors and silence all end as data or a 503 problem. */
class MetricsClientTest {
  final MetricsClient client = new MetricsClient(JsonMapper.builder().build());
  HttpServer server;

  String serve(int status, String body, long delayMs) throws Exception {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", ex -> {
      try {
        Thread.sleep(delayMs);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      byte[] b = body.getBytes(StandardCharsets.UTF_8);
      ex.sendResponseHeaders(status, b.length);
      ex.getResponseBody().write(b);
      ex.close();
    });
    server.start();
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.stop(0);
    }
  }

  @Test
  void aMatrixBecomesSeriesAndNaNPointsAreGaps() throws Exception {
    String url = serve(200, """
        {"status":"success","data":{"resultType":"matrix","result":[
          {"metric":{"instance":"rs1"},"values":[[100,"1.5"],[110,"NaN"],[120,"2"]]}]}}""", 0);
    List<MetricsClient.Series> s = client.queryRange(url, "up", 100, 120, 10);
    assertThat(s).hasSize(1);
    assertThat(s.get(0).labels()).containsEntry("instance", "rs1");
    assertThat(s.get(0).points()).extracting(p -> p[1]).containsExactly(1.5, 2.0);
  }

  @Test
  void serverErrorsRefusalsAndSilenceAreMonitoringUnavailable() throws Exception {
    String bad = serve(500, "oops", 0);
    assertUnavailable(() -> client.queryRange(bad, "up", 0, 10, 10));
    stop();
    String refused = serve(400, "{\"status\":\"error\",\"error\":\"parse error\"}", 0);
    assertUnavailable(() -> client.queryRange(refused, "up(", 0, 10, 10));
    stop();
    String garbage = serve(200, "<html>", 0);
    assertUnavailable(() -> client.queryRange(garbage, "up", 0, 10, 10));
    stop();
    server = null;
    // nothing listens on port 1
    assertUnavailable(() -> client.queryRange("http://127.0.0.1:1", "up", 0, 10, 10));
    assertThatThrownBy(() -> client.queryRange("http://127.0.0.1:1", "up", 0, 10, 10))
        .hasMessageContaining("connection refused").hasMessageNotContaining("Exception");
    assertUnavailable(() -> client.alertmanager("http://127.0.0.1:1", "GET", "/alerts", null));
  }

  @Test
  void expiringAnUnknownSilenceIsNotFound() throws Exception {
    // what Alertmanager 0.25 answers
    String url = serve(500, "\"silence not found\"", 0);
    assertThatThrownBy(() -> client.alertmanager(url, "DELETE", "/silence/abc", null))
        .isInstanceOfSatisfying(ProblemException.class, e -> assertThat(e.type()).isEqualTo(ProblemType.SILENCE_NOT_FOUND));
  }

  static void assertUnavailable(Runnable r) {
    assertThatThrownBy(r::run).isInstanceOfSatisfying(ProblemException.class,
        e -> assertThat(e.type()).isEqualTo(ProblemType.MONITORING_UNAVAILABLE));
  }
}
