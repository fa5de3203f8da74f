package io.granary.observability;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The chart catalogue: fixed PromQL per chart (no PromQL from clients, ADR 0009/0017). Every
 * selector carries the cluster label and a job, since an HMaster also prints RegionServer metrics.
 */
public final class Charts {
  private Charts() {}

  /** One line family: its PromQL and how a series is named (a label's value, or a fixed name). */
  public record Query(String promql, String legend) {}

  public record Chart(String id, String title, String unit, boolean perTable, List<Query> queries) {}

  public static final List<String> RANGES = List.of("15m", "1h", "6h", "24h", "7d");

  private static final String RS = "job=\"regionserver\",%c";
  private static final String NN = "job=\"namenode\",%c";
  private static final String DN = "job=\"datanode\",%c";
  private static final String T = "%c,namespace=\"%ns\",table=\"%t\"";

  static final Map<String, Chart> CATALOGUE = Map.ofEntries(
      chart("requests", "Requests/s", "ops/s", false,
          q("sum(rate(server_read_request_count{" + RS + "}[%w]))", "read"),
          q("sum(rate(server_write_request_count{" + RS + "}[%w]))", "write")),
      chart("latency", "RegionServer p99 latency", "ms", false,
          q("max by (instance) (max_over_time(server_get_99th_percentile{" + RS + "}[%s]))", "get {instance}"),
          q("max by (instance) (max_over_time(server_put_batch_99th_percentile{" + RS + "}[%s]))", "put {instance}")),
      chart("heap", "RegionServer heap used", "MiB", false,
          q("max by (instance) (jvm_metrics_mem_heap_used_m{" + RS + "})", "{instance}")),
      chart("gc", "RegionServer GC time", "s/s", false,
          q("max by (instance) (rate(jvm_metrics_gc_time_millis{" + RS + "}[%w])) / 1000", "{instance}")),
      chart("queues", "Compaction and flush queues", "count", false,
          q("sum(server_compaction_queue_length{" + RS + "})", "compaction"),
          q("sum(server_flush_queue_length{" + RS + "})", "flush")),
      chart("storefiles", "Store files per RegionServer", "count", false,
          q("max by (instance) (server_store_file_count{" + RS + "})", "{instance}")),
      chart("hdfs-capacity", "HDFS capacity", "bytes", false,
          q("max(fs_namesystem_capacity_used{" + NN + "})", "used"),
          q("max(fs_namesystem_capacity_remaining{" + NN + "})", "remaining"),
          q("max(predict_linear(fs_namesystem_capacity_remaining{" + NN + "}[6h], 86400))", "remaining in 24 h (trend)")),
      chart("blocks", "Under-replicated and missing blocks", "count", false,
          q("max(fs_namesystem_low_redundancy_blocks{" + NN + "})", "under-replicated"),
          q("max(fs_namesystem_missing_blocks{" + NN + "})", "missing")),
      chart("datanode-io", "DataNode I/O", "bytes/s", false,
          q("sum(rate(datanode_bytes_read{" + DN + "}[%w]))", "read"),
          q("sum(rate(datanode_bytes_written{" + DN + "}[%w]))", "written")),
      chart("table-requests", "Table requests/s", "ops/s", true,
          q("sum(rate(hbase_table_read_request_count{" + T + "}[%w]))", "read"),
          q("sum(rate(hbase_table_write_request_count{" + T + "}[%w]))", "write")),
      chart("table-size", "Table size", "bytes", true,
          q("sum(hbase_table_table_size{" + T + "})", "size")),
      chart("table-storefiles", "Table store files", "count", true,
          q("sum(hbase_table_store_file_count{" + T + "})", "store files")));

  private static Map.Entry<String, Chart> chart(String id, String title, String unit, boolean perTable, Query... qs) {
    return Map.entry(id, new Chart(id, title, unit, perTable, List.of(qs)));
  }

  private static Query q(String promql, String legend) {
    return new Query(promql, legend);
  }

  /** The range's length; null for one outside the catalogue. */
  public static Duration range(String range) {
    return switch (range) {
      case "15m" -> Duration.ofMinutes(15);
      case "1h" -> Duration.ofHours(1);
      case "6h" -> Duration.ofHours(6);
      case "24h" -> Duration.ofHours(24);
      case "7d" -> Duration.ofDays(7);
      default -> null;
    };
  }

  /** About 240 points per chart, never finer than the scrape interval. */
  public static long stepSeconds(Duration range, long scrapeSeconds) {
    long step = (range.toSeconds() + 239) / 240;
    return Math.max(scrapeSeconds, ((step + scrapeSeconds - 1) / scrapeSeconds) * scrapeSeconds);
  }

  /**
   * The PromQL with the cluster, table and windows filled in. A rate window of at least four
   * scrapes keeps a single missed scrape from blanking the line.
   */
  public static String render(String promql, String cluster, String namespace, String table, long step,
      long scrapeSeconds) {
    long window = Math.max(step, 4 * scrapeSeconds);
    return promql.replace("%c", "cluster=\"" + escape(cluster) + "\"")
        .replace("%ns", escape(namespace == null ? "" : namespace))
        .replace("%t", escape(table == null ? "" : table))
        .replace("%w", window + "s")
        .replace("%s", step + "s");
  }

  private static String escape(String v) {
    return v.replace("\\", "\\\\").replace("\"", "\\\"");
  }

  /** HBase 2.6's PrometheusHadoopServlet splits names with this pattern, joins the parts with '_'. */
  private static final java.util.regex.Pattern HBASE_SPLIT =
      java.util.regex.Pattern.compile("(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=([A-Z][a-z]))|\\W|(_)+");

  /**
   * HBase's form of a name in its Prometheus output: "MyTable.v2" becomes "my_table_v2". Two tables
   * may map to the same form; the chart then shows their sum.
   */
  public static String mangle(String name) {
    return String.join("_", HBASE_SPLIT.split(name)).toLowerCase(Locale.ROOT);
  }
}
