package io.granary.audit;

import io.granary.clusters.ClusterRepository;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Names what an audited request acted on — cluster (by name), table, path, user, host … — from its URL,
 * its query and the top-level fields of its JSON body, so the log reads "cluster local · table t1"
 * rather than only the route.
 */
@Component
public class AuditTargets {
  /** URL collection segment → the noun the audit row uses for the id that follows it. */
  private static final Map<String, String> NOUNS = Map.ofEntries(
      Map.entry("clusters", "cluster"), Map.entry("tables", "table"), Map.entry("users", "user"),
      Map.entry("hosts", "host"), Map.entry("tokens", "token"), Map.entry("schedules", "schedule"),
      Map.entry("runs", "run"), Map.entry("conversions", "conversion"), Map.entry("policies", "EC policy"),
      Map.entry("operations", "operation"), Map.entry("series", "series"), Map.entry("vcenters", "vCenter"));
  /** Body and query fields worth naming, in the order they are written. */
  private static final List<String> FIELDS = List.of("name", "username", "table", "path", "policy", "region",
      "target", "address", "role");

  private final ClusterRepository clusters;
  private final JsonMapper json = JsonMapper.builder().build();

  public AuditTargets(ClusterRepository clusters) {
    this.clusters = clusters;
  }

  /** {@code apiPath} is the URL path below /api/v1; {@code body} may be empty or not JSON. */
  public String describe(String apiPath, Map<String, String[]> query, byte[] body) {
    List<String> parts = new ArrayList<>();
    String[] seg = apiPath.replaceFirst("^/", "").split("/");
    for (int i = 0; i + 1 < seg.length; i++) {
      String noun = NOUNS.get(seg[i]);
      if (noun == null) {
        continue;
      }
      String id = URLDecoder.decode(seg[i + 1], StandardCharsets.UTF_8);
      if (noun.equals("cluster")) {
        id = clusterName(id);
      } else if (noun.equals("run") && i > 0) {
        noun = seg[i - 1].replace("-", " ") + " run";
      }
      parts.add(noun + " " + id);
      i++;
    }
    JsonNode root = parse(body);
    for (String f : FIELDS) {
      String v = null;
      if (root != null && root.has(f) && root.get(f).isValueNode()) {
        v = root.get(f).asString();
      } else if (root != null && root.has("spec") && root.get("spec").has(f) && root.get("spec").get(f).isValueNode()) {
        v = root.get("spec").get(f).asString();
      } else if (query != null && query.containsKey(f) && query.get(f).length > 0) {
        v = query.get(f)[0];
      }
      if (v != null && !v.isBlank()) {
        parts.add(f + " " + (v.length() > 120 ? v.substring(0, 120) + "…" : v));
      }
    }
    return parts.isEmpty() ? apiPath : String.join(" · ", parts);
  }

  private String clusterName(String id) {
    try {
      long n = Long.parseLong(id);
      return clusters.findById(n).map(c -> c.name() + " (#" + n + ")").orElse("#" + n);
    } catch (RuntimeException e) {
      return id;
    }
  }

  private JsonNode parse(byte[] body) {
    if (body == null || body.length == 0 || body.length > 1 << 20) {
      return null;
    }
    try {
      JsonNode n = json.readTree(body);
      return n != null && n.isObject() ? n : null;
    } catch (RuntimeException e) {
      return null;
    }
  }
}
