package io.granary.engine;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Per-region sizes in bytes from a RegionServer's own metrics (its /jmx page): HBase's RPC
 * reports (ClusterMetrics, Admin.getRegionMetrics) round store file and MemStore sizes to whole
 * MB, so a small table would read 0 B. The server refreshes these metrics every few seconds
 * (hbase.regionserver.metrics.period), so callers check the store file count against a fresh report.
 */
final class RegionBytes {
  static final String BEAN = "Hadoop:service=HBase,name=RegionServer,sub=Regions";
  private static final Pattern METRIC = Pattern.compile(
      "_region_([0-9a-f]{32})_metric_(storeFileSize|memStoreSize|storeFileCount)\"\\s*:\\s*(\\d+)");

  private RegionBytes() {}

  /** {@code -1} where the server did not publish the metric. */
  record Sizes(long storeFileBytes, long memstoreBytes, long storeFiles) {}

  /** Encoded region name to its sizes, or null when the server does not answer. */
  static Map<String, Sizes> read(EngineHttp web, String infoAddress) {
    String body = EngineGateway.jmx(web, infoAddress, BEAN);
    return body == null ? null : parse(body);
  }

  static Map<String, Sizes> parse(String body) {
    Map<String, long[]> raw = new HashMap<>();
    Matcher m = METRIC.matcher(body);
    while (m.find()) {
      long[] v = raw.computeIfAbsent(m.group(1), k -> new long[] {-1, -1, -1});
      int i = switch (m.group(2)) {
        case "storeFileSize" -> 0;
        case "memStoreSize" -> 1;
        default -> 2;
      };
      v[i] = Long.parseLong(m.group(3));
    }
    Map<String, Sizes> out = new HashMap<>();
    raw.forEach((k, v) -> out.put(k, new Sizes(v[0], v[1], v[2])));
    return out;
  }
}
