package io.granary.it;

import java.io.IOException;
import java.net.CookieManager;
import java.net.HttpCookie;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A small HTTP client that behaves like the console: session cookie plus the XSRF header. */
public final class Api {
  static final JsonMapper JSON = JsonMapper.builder().build();

  private final String base;
  private final CookieManager cookies = new CookieManager();
  private final HttpClient http;
  private String bearer;
  private boolean csrf = true;

  public Api(String base) {
    this.base = base;
    this.http = HttpClient.newBuilder().cookieHandler(cookies).version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(5)).build();
  }

  public record Response(int status, String contentType, String body, String location) {
    public JsonNode json() {
      return JSON.readTree(body);
    }
  }

  /** Keeps the session but never sends the X-XSRF-TOKEN header (a forged cross-site request). */
  public Api withoutCsrf() {
    this.csrf = false;
    return this;
  }

  public Api withToken(String token) {
    this.bearer = token;
    return this;
  }

  public Response login(String user, String password) {
    return send("POST", "/api/v1/auth/login",
        JSON.writeValueAsString(java.util.Map.of("username", user, "password", password)));
  }

  public Response get(String path) {
    return send("GET", path, null);
  }

  public Response post(String path, String json) {
    return send("POST", path, json);
  }

  public Response send(String method, String path, String json) {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
        .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
    if (json != null) {
      b.header("Content-Type", "application/json");
    }
    if (bearer != null) {
      b.header("Authorization", "Bearer " + bearer);
    }
    String xsrf = xsrf();
    if (csrf && xsrf != null && !"GET".equals(method)) {
      b.header("X-XSRF-TOKEN", xsrf);
    }
    try {
      HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
      return new Response(r.statusCode(), r.headers().firstValue("Content-Type").orElse(""), r.body(),
          r.headers().firstValue("Location").orElse(null));
    } catch (IOException e) {
      throw new IllegalStateException(method + " " + path + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  String xsrf() {
    return cookies.getCookieStore().getCookies().stream().filter(c -> c.getName().equals("XSRF-TOKEN"))
        .map(HttpCookie::getValue).findFirst().orElse(null);
  }
}
