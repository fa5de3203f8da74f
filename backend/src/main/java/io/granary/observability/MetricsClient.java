package io.granary.observability;

import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Prometheus' and Alertmanager's HTTP APIs, with short timeouts: a monitoring server that is down
 * or slow costs a chart 5 s at most and turns into 409 monitoring-unavailable, never a 500.
 */
@Component
public class MetricsClient {
  static final Duration CONNECT = Duration.ofSeconds(1);
  static final Duration REQUEST = Duration.ofSeconds(5);

  public record Series(Map<String, String> labels, List<double[]> points) {}

  private final HttpClient http = HttpClient.newBuilder().connectTimeout(CONNECT).build();
  private final JsonMapper json;

  public MetricsClient(JsonMapper json) {
    this.json = json;
  }

  public List<Series> queryRange(String prometheus, String promql, long start, long end, long step) {
    String url = prometheus + "/api/v1/query_range?query=" + enc(promql) + "&start=" + start + "&end=" + end
        + "&step=" + step + "&timeout=4s";
    JsonNode body = get(url, "Prometheus");
    if (!"success".equals(body.path("status").asString())) {
      throw unavailable("Prometheus refused the query: " + body.path("error").asString());
    }
    List<Series> out = new ArrayList<>();
    for (JsonNode r : body.path("data").path("result")) {
      Map<String, String> labels = new TreeMap<>();
      r.path("metric").properties().forEach(e -> labels.put(e.getKey(), e.getValue().asString()));
      List<double[]> points = new ArrayList<>();
      for (JsonNode v : r.path("values")) {
        double value = parse(v.get(1).asString());
        if (Double.isFinite(value)) {
          points.add(new double[] {v.get(0).asDouble(), value});
        }
      }
      out.add(new Series(labels, points));
    }
    return out;
  }

  /** Alertmanager's v2 API: GET returns the parsed body, POST/DELETE its answer. */
  public JsonNode alertmanager(String base, String method, String path, Object body) {
    try {
      HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + "/api/v2" + path)).timeout(REQUEST)
          .header("Accept", "application/json");
      if (body != null) {
        b.header("Content-Type", "application/json")
            .method(method, HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body)));
      } else {
        b.method(method, HttpRequest.BodyPublishers.noBody());
      }
      HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
      // Alertmanager 0.25 answers an unknown silence with 500 "silence not found", a malformed id with 422
      if (method.equals("DELETE") && (r.statusCode() == 404 || r.statusCode() == 422
          || r.body().contains("not found"))) {
        throw ProblemException.of(ProblemType.SILENCE_NOT_FOUND, "Alertmanager has no silence " + path);
      }
      if (r.statusCode() / 100 != 2) {
        throw unavailable("Alertmanager answered " + r.statusCode() + ": " + firstLine(r.body()));
      }
      return r.body().isBlank() ? json.createObjectNode() : json.readTree(r.body());
    } catch (IOException e) {
      throw unavailable("Alertmanager at " + URI.create(base).getAuthority() + " does not answer (" + why(e) + ")");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw unavailable("interrupted");
    }
  }

  private JsonNode get(String url, String what) {
    try {
      HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(REQUEST).GET().build(),
          HttpResponse.BodyHandlers.ofString());
      if (r.statusCode() / 100 != 2 && r.statusCode() != 400 && r.statusCode() != 422) {
        throw unavailable(what + " answered " + r.statusCode());
      }
      return json.readTree(r.body());
    } catch (IOException | tools.jackson.core.JacksonException e) {
      throw unavailable(what + " at " + URI.create(url).getAuthority() + " does not answer (" + why(e) + ")");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw unavailable("interrupted");
    }
  }

  /** In words: the client reads this, never an exception's class name. */
  static String why(Exception e) {
    if (e instanceof java.net.ConnectException) {
      return "connection refused";
    }
    if (e instanceof java.net.http.HttpTimeoutException) {
      return "no answer within " + REQUEST.toSeconds() + " s";
    }
    if (e instanceof tools.jackson.core.JacksonException) {
      return "not a Prometheus API answer";
    }
    return "I/O error";
  }

  static ProblemException unavailable(String detail) {
    return ProblemException.of(ProblemType.MONITORING_UNAVAILABLE, detail);
  }

  private static double parse(String v) {
    try {
      return Double.parseDouble(v);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  private static String firstLine(String s) {
    String line = s == null ? "" : s.strip().lines().findFirst().orElse("");
    return line.length() > 200 ? line.substring(0, 200) : line;
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }
}
