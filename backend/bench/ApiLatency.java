import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Latency of the cluster overview and health endpoints under N concurrent signed-in clients
 * (closed loop, each alternating the two), after a warm-up. Writes JSON + a Markdown table.
 *
 *   java ApiLatency.java URL USER PASSWORD CLUSTER_ID CLIENTS SECONDS OUT_DIR
 */
public class ApiLatency {
  record Series(String name, long[] nanos, int count) {}

  public static void main(String[] a) throws Exception {
    String url = a[0];
    String user = a[1];
    String password = a[2];
    long cluster = Long.parseLong(a[3]);
    int clients = Integer.parseInt(a[4]);
    int seconds = Integer.parseInt(a[5]);
    Path out = Path.of(a[6]);
    String[] paths = {"/api/v1/clusters/" + cluster + "/overview", "/api/v1/clusters/" + cluster + "/health"};
    int warmup = 5;

    long[][][] lat = new long[clients][2][];
    int[][] counts = new int[clients][2];
    AtomicLong errors = new AtomicLong();
    CountDownLatch done = new CountDownLatch(clients);
    long start = System.nanoTime() + Duration.ofSeconds(2).toNanos();
    long measureFrom = start + Duration.ofSeconds(warmup).toNanos();
    long end = measureFrom + Duration.ofSeconds(seconds).toNanos();
    for (int c = 0; c < clients; c++) {
      int id = c;
      lat[id][0] = new long[2_000_000];
      lat[id][1] = new long[2_000_000];
      HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager())
          .version(HttpClient.Version.HTTP_1_1).build();
      HttpResponse<String> login = http.send(HttpRequest.newBuilder(URI.create(url + "/api/v1/auth/login"))
          .header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString(
              "{\"username\":\"" + user + "\",\"password\":\"" + password + "\"}")).build(),
          HttpResponse.BodyHandlers.ofString());
      if (login.statusCode() != 200) {
        throw new IllegalStateException("login failed: " + login.statusCode() + " " + login.body());
      }
      HttpRequest[] reqs = {HttpRequest.newBuilder(URI.create(url + paths[0])).build(),
          HttpRequest.newBuilder(URI.create(url + paths[1])).build()};
      Thread t = new Thread(() -> {
        try {
          while (System.nanoTime() < start) {
            Thread.onSpinWait();
          }
          int i = 0;
          while (true) {
            int which = i++ & 1;
            long t0 = System.nanoTime();
            if (t0 >= end) {
              break;
            }
            HttpResponse<Void> r = http.send(reqs[which], HttpResponse.BodyHandlers.discarding());
            long t1 = System.nanoTime();
            if (r.statusCode() != 200) {
              errors.incrementAndGet();
            } else if (t0 >= measureFrom && counts[id][which] < lat[id][which].length) {
              lat[id][which][counts[id][which]++] = t1 - t0;
            }
          }
        } catch (Exception e) {
          errors.incrementAndGet();
        } finally {
          done.countDown();
        }
      });
      t.start();
    }
    done.await();

    List<Series> series = new ArrayList<>();
    for (int w = 0; w < 2; w++) {
      int n = 0;
      for (int c = 0; c < clients; c++) {
        n += counts[c][w];
      }
      long[] all = new long[n];
      int k = 0;
      for (int c = 0; c < clients; c++) {
        System.arraycopy(lat[c][w], 0, all, k, counts[c][w]);
        k += counts[c][w];
      }
      Arrays.sort(all);
      series.add(new Series(w == 0 ? "overview" : "health", all, n));
    }
    Files.createDirectories(out);
    StringBuilder json = new StringBuilder("{\"clients\":" + clients + ",\"seconds\":" + seconds
        + ",\"warmupSeconds\":" + warmup + ",\"errors\":" + errors.get() + ",\"at\":\"" + Instant.now()
        + "\",\"cores\":" + Runtime.getRuntime().availableProcessors() + ",\"endpoints\":[");
    StringBuilder md = new StringBuilder();
    md.append("# Control-plane API latency\n\n");
    md.append(String.format(Locale.ROOT, "%d concurrent signed-in clients, closed loop, each alternating the two"
        + " endpoints; %d s measured after a %d s warm-up; %d cores; %s. Errors: %d.%n%n", clients, seconds,
        warmup, Runtime.getRuntime().availableProcessors(), Instant.now(), errors.get()));
    md.append("Produced by `make bench-api` (backend/bench/api-latency.sh). Target: p99 <= 50 ms.\n\n");
    md.append("| endpoint | requests | req/s | p50 ms | p90 ms | p99 ms | p99.9 ms | max ms |\n|---|---|---|---|---|---|---|---|\n");
    for (int s = 0; s < series.size(); s++) {
      Series x = series.get(s);
      double p50 = pct(x, 50);
      double p90 = pct(x, 90);
      double p99 = pct(x, 99);
      double p999 = pct(x, 99.9);
      double max = x.count() == 0 ? 0 : x.nanos()[x.count() - 1] / 1e6;
      md.append(String.format(Locale.ROOT, "| GET %s | %d | %.0f | %.2f | %.2f | %.2f | %.2f | %.2f |%n",
          paths[s], x.count(), x.count() / (double) seconds, p50, p90, p99, p999, max));
      json.append(s == 0 ? "" : ",").append(String.format(Locale.ROOT,
          "{\"endpoint\":\"%s\",\"requests\":%d,\"p50_ms\":%.3f,\"p90_ms\":%.3f,\"p99_ms\":%.3f,\"p999_ms\":%.3f,\"max_ms\":%.3f}",
          paths[s], x.count(), p50, p90, p99, p999, max));
    }
    json.append("]}\n");
    Files.writeString(out.resolve("api-latency.json"), json);
    Files.writeString(out.resolve("api-latency.md"), md);
    System.out.print(md);
  }

  static double pct(Series s, double p) {
    if (s.count() == 0) {
      return 0;
    }
    int idx = (int) Math.min(s.count() - 1, Math.ceil(p / 100.0 * s.count()) - 1);
    return s.nanos()[Math.max(0, idx)] / 1e6;
  }
}
