package io.granary.engine.client;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * GETs from the engine daemons' web endpoints ({@code /jmx}, {@code /conf}). Callers treat them as
 * optional readings, so no answer is null, never an exception.
 */
public final class EngineWeb {
  private EngineWeb() {}

  /**
   * The body of a 200 answer to GET {@code url}, or null when the endpoint answers otherwise, fails
   * or does not answer within {@code timeout}. Each caller brings its client (connect timeout, HTTP version).
   */
  public static String get(HttpClient http, String url, Duration timeout) {
    try {
      HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(timeout).build(),
          HttpResponse.BodyHandlers.ofString());
      return r.statusCode() == 200 ? r.body() : null;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}
