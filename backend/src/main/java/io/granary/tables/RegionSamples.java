package io.granary.tables;

import io.granary.clusters.Cluster;
import io.granary.clusters.ClustersService;
import io.granary.tables.keys.RowKeys;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Component;

/**
 * Samples every region's cumulative read/write counters from the state cache into PostgreSQL on
 * an interval, and turns neighbouring samples into a (key range × time) request-rate heatmap.
 */
@Component
public class RegionSamples {
  private static final Logger log = LoggerFactory.getLogger(RegionSamples.class);

  public enum Metric { READS, WRITES, TOTAL }

  /** Columns a heatmap carries at most; a console chart shows no more anyway. */
  static final int MAX_COLUMNS = 240;

  public record Range(byte[] startKey, byte[] endKey) {
    String label() {
      return RowKeys.toStringBinary(startKey) + ".." + RowKeys.toStringBinary(endKey);
    }
  }

  public record Hot(Range range, double share, String message) {}

  /** values[range][time]: requests per second, null where the range did not exist in that interval. */
  public record Heatmap(Metric metric, List<Instant> times, List<Range> ranges, List<List<Double>> values,
      List<Hot> hot) {}

  record Sample(Instant at, String region, byte[] start, byte[] end, String server, long reads,
      long writes) {}

  private final JdbcClient jdbc;
  private final JdbcTemplate template;
  private final ClustersService clusters;
  private final TableCatalogs catalogs;
  private final TaskScheduler scheduler;
  private final TablesProperties props;
  private final Clock clock;

  public RegionSamples(JdbcClient jdbc, JdbcTemplate template, ClustersService clusters, TableCatalogs catalogs, TaskScheduler scheduler,
      TablesProperties props, Clock clock) {
    this.jdbc = jdbc;
    this.template = template;
    this.clusters = clusters;
    this.catalogs = catalogs;
    this.scheduler = scheduler;
    this.props = props;
    this.clock = clock;
  }

  @EventListener(ApplicationReadyEvent.class)
  public void schedule() {
    scheduler.scheduleWithFixedDelay(this::sampleAll, props.sampleInterval());
  }

  public void sampleAll() {
    for (Cluster c : clusters.list()) {
      try {
        sample(c.id());
      } catch (RuntimeException e) {
        log.warn("sampling regions of cluster {} failed", c.name(), e);
      }
    }
    jdbc.sql("DELETE FROM region_samples WHERE sampled_at < ?")
        .param(Timestamp.from(clock.instant().minus(props.sampleRetention()))).update();
  }

  /** Writes one sample of every region the cache knows; a snapshot already sampled is skipped. */
  public int sample(long clusterId) {
    TableCatalog catalog = catalogs.get(clusterId);
    if (catalog.collectedAt() == null) {
      return 0;
    }
    Timestamp at = Timestamp.from(catalog.collectedAt());
    List<Object[]> rows = new ArrayList<>();
    for (TableCatalog.Table t : catalog.tables()) {
      for (TableCatalog.Region r : t.regions()) {
        rows.add(new Object[] {clusterId, at, t.name(), r.encodedName(), r.startKey(), r.endKey(), r.server(),
            r.readRequests(), r.writeRequests(), r.sizeBytes()});
      }
    }
    if (rows.isEmpty()) {
      return 0;
    }
    int[][] done = template.batchUpdate("""
        INSERT INTO region_samples (cluster_id, sampled_at, table_name, region, start_key, end_key, server,
          read_requests, write_requests, size_bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT DO NOTHING""", rows, 1000, (ps, row) -> {
          for (int i = 0; i < row.length; i++) {
            ps.setObject(i + 1, row[i]);
          }
        });
    return Arrays.stream(done).mapToInt(b -> Arrays.stream(b).sum()).sum();
  }

  public Heatmap heatmap(long clusterId, String table, Metric metric, int minutes) {
    Instant since = clock.instant().minusSeconds(60L * minutes);
    List<Sample> samples = jdbc.sql("""
        SELECT sampled_at, region, start_key, end_key, server, read_requests, write_requests FROM region_samples
        WHERE cluster_id = ? AND table_name = ? AND sampled_at >= ? ORDER BY sampled_at""")
        .params(clusterId, table, Timestamp.from(since))
        .query((rs, n) -> new Sample(rs.getTimestamp(1).toInstant(), rs.getString(2), rs.getBytes(3),
            rs.getBytes(4), rs.getString(5), rs.getLong(6), rs.getLong(7)))
        .list();
    return heatmap(metric, samples);
  }

  static Heatmap heatmap(Metric metric, List<Sample> samples) {
    Map<Instant, Map<String, Sample>> byTime = new TreeMap<>();
    for (Sample s : samples) {
      byTime.computeIfAbsent(s.at(), k -> new HashMap<>()).put(s.region(), s);
    }
    List<Instant> instants = new ArrayList<>(byTime.keySet());
    // A sample's end key is the next reported region's start; a region not yet reported (just
    // created or moved) widens its neighbour for that sample. A region's bounds never change, so
    // its narrowest end seen is its real one.
    Map<String, byte[]> endOf = new HashMap<>();
    for (Sample s : samples) {
      endOf.merge(s.region(), s.end(), (a, b) -> a.length == 0 ? b : b.length == 0 ? a
          : RowKeys.ORDER.compare(a, b) <= 0 ? a : b);
    }
    // one row per distinct key range, in key order; splits add rows, they never reshape old ones
    Map<String, Range> ranges = new LinkedHashMap<>();
    List<Instant> times = new ArrayList<>();
    List<Map<String, Double>> columns = new ArrayList<>();
    for (int i = 1; i < instants.size(); i++) {
      Map<String, Sample> before = byTime.get(instants.get(i - 1));
      Map<String, Sample> now = byTime.get(instants.get(i));
      double seconds = (instants.get(i).toEpochMilli() - instants.get(i - 1).toEpochMilli()) / 1000.0;
      Map<String, Double> column = new HashMap<>();
      for (Sample s : now.values()) {
        Sample b = before.get(s.region());
        if (b == null || !b.server().equals(s.server())) {
          continue; // counters restart when a region opens or moves
        }
        long delta = switch (metric) {
          case READS -> s.reads() - b.reads();
          case WRITES -> s.writes() - b.writes();
          case TOTAL -> s.reads() + s.writes() - b.reads() - b.writes();
        };
        Range r = new Range(s.start(), endOf.get(s.region()));
        ranges.putIfAbsent(r.label(), r);
        column.merge(r.label(), Math.max(0, delta) / seconds, Double::sum);
      }
      times.add(instants.get(i));
      columns.add(column);
    }
    List<Range> sorted = new ArrayList<>(ranges.values());
    sorted.sort(Comparator.<Range, byte[]>comparing(Range::startKey, RowKeys.ORDER)
        .thenComparing(Range::endKey, RowKeys.ORDER));
    List<List<Double>> values = new ArrayList<>();
    Map<String, Double> totals = new HashMap<>();
    double all = 0;
    for (Range r : sorted) {
      List<Double> row = new ArrayList<>(times.size());
      for (Map<String, Double> column : columns) {
        Double v = column.get(r.label());
        row.add(v);
        if (v != null) {
          totals.merge(r.label(), v, Double::sum);
          all += v;
        }
      }
      values.add(row);
    }
    return downsampled(new Heatmap(metric, times, sorted, values, hot(sorted, totals, all, metric)), MAX_COLUMNS);
  }

  /** Long windows are averaged into at most {@code max} columns, each ending at its last interval. */
  static Heatmap downsampled(Heatmap h, int max) {
    int n = h.times().size();
    if (n <= max) {
      return h;
    }
    int width = (n + max - 1) / max;
    List<Instant> times = new ArrayList<>();
    for (int from = 0; from < n; from += width) {
      times.add(h.times().get(Math.min(n, from + width) - 1));
    }
    List<List<Double>> values = new ArrayList<>();
    for (List<Double> row : h.values()) {
      List<Double> merged = new ArrayList<>();
      for (int from = 0; from < n; from += width) {
        double sum = 0;
        int count = 0;
        for (int i = from; i < Math.min(n, from + width); i++) {
          if (row.get(i) != null) {
            sum += row.get(i);
            count++;
          }
        }
        merged.add(count == 0 ? null : sum / count);
      }
      values.add(merged);
    }
    return new Heatmap(h.metric(), times, h.ranges(), values, h.hot());
  }

  /** A range is hot when it takes at least twice its even share (and at least 20%) of the window's requests. */
  static List<Hot> hot(List<Range> ranges, Map<String, Double> totals, double all, Metric metric) {
    int active = ranges.size();
    if (active < 2 || all <= 0) {
      return List.of();
    }
    double even = 1.0 / active;
    String what = switch (metric) {
      case READS -> "reads";
      case WRITES -> "writes";
      case TOTAL -> "requests";
    };
    List<Hot> out = new ArrayList<>();
    for (Range r : ranges) {
      double share = totals.getOrDefault(r.label(), 0.0) / all;
      if (share >= 2 * even && share >= 0.2) {
        out.add(new Hot(r, share, String.format(java.util.Locale.ROOT,
            "%s takes %.0f%% of the %s; an even spread over %d ranges would be %.0f%% each", r.label(), share * 100,
            what, active, even * 100)));
      }
    }
    out.sort(Comparator.comparingDouble(Hot::share).reversed());
    return out.size() > 5 ? out.subList(0, 5) : out;
  }
}
