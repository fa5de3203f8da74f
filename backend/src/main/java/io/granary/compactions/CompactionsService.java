package io.granary.compactions;

import com.google.re2j.Pattern;
import io.granary.clusters.Cluster;
import io.granary.clusters.ClustersService;
import io.granary.engine.EngineCompactions.RegionStat;
import io.granary.engine.EngineCompactions;
import io.granary.engine.EngineTables;
import io.granary.engine.TableSpec;
import io.granary.engine.TableState;
import io.granary.operations.Operation;
import io.granary.shared.problem.FieldError;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import io.granary.tables.EngineCall;
import io.granary.tables.TableCatalog;
import io.granary.tables.TableCatalogs;
import io.granary.tables.TableNames;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

/** The compactions API: on-demand runs, schedules, run-now, history. */
@Service
public class CompactionsService {
  /** An on-demand run has no cluster-wide cap beyond its per-server cap. */
  static final int UNCAPPED = 10_000;
  private static final Duration PERIOD_CACHE = Duration.ofMinutes(1);
  private static final int PERIOD_CHECK_TABLES = 10;

  private final CompactionRepository repo;
  private final CompactionRunner runner;
  private final ClustersService clusters;
  private final EngineTables tables;
  private final EngineCompactions engine;
  private final TableCatalogs catalogs;
  private final Clock clock;
  private final Map<String, Cached> periods = new ConcurrentHashMap<>();

  private record Cached(long periodMs, Instant at) {}

  public record Started(Operation operation, Run run) {}

  public record Request(boolean major, String table, String family, String region, String server, Integer maxPerServer) {}

  public record ScheduleView(Schedule schedule, List<Instant> nextWindows, Instant openWindowEnd, Optional<Run> lastRun,
      List<Finding> recommendations, List<String> shellCommands) {}

  public record Finding(String code, String severity, String message) {}

  public CompactionsService(CompactionRepository repo, CompactionRunner runner, ClustersService clusters,
      EngineTables tables, EngineCompactions engine, TableCatalogs catalogs, Clock clock) {
    this.repo = repo;
    this.runner = runner;
    this.clusters = clusters;
    this.tables = tables;
    this.engine = engine;
    this.catalogs = catalogs;
    this.clock = clock;
  }

  // ---- on demand

  public Started compactNow(long clusterId, Request req, String user) {
    Cluster c = clusters.get(clusterId);
    List<FieldError> errors = new ArrayList<>();
    List<FieldError> missing = new ArrayList<>();
    if (req.maxPerServer() != null && req.maxPerServer() < 1) {
      errors.add(new FieldError("maxPerServer", "must be at least 1"));
    }
    Schedule.TargetKind kind;
    String target;
    String family = blankToNull(req.family());
    if (blankToNull(req.region()) != null) {
      kind = Schedule.TargetKind.REGION;
      target = req.region().trim();
      List<RegionStat> all = EngineCall.answer(() -> engine.regions(c.endpoints()));
      if (all.stream().noneMatch(r -> r.encodedName().equals(target))) {
        missing.add(new FieldError("region", "no online user region with encoded name '" + target + "'"));
      }
    } else if (blankToNull(req.server()) != null) {
      kind = Schedule.TargetKind.SERVER;
      String wanted = req.server().trim();
      List<String> live = EngineCall.answer(() -> engine.liveServers(c.endpoints()));
      target = live.stream().filter(s -> s.equals(wanted) || hostPort(s).equals(wanted)).findFirst().orElse(wanted);
      if (!live.contains(target)) {
        missing.add(new FieldError("server", "no live RegionServer '" + wanted + "' (live: " + String.join(", ", live) + ")"));
      }
    } else if (blankToNull(req.table()) != null) {
      kind = Schedule.TargetKind.TABLE;
      target = TableNames.canonical(req.table().trim());
      Optional<TableState> t = describe(c, target);
      if (t.isEmpty()) {
        missing.add(new FieldError("table", "no table '" + target + "'"));
      } else if (family != null && t.get().spec().families().stream().map(TableSpec.Family::name)
          .noneMatch(family::equals)) {
        missing.add(new FieldError("family", "table '" + target + "' has no family '" + family + "'"));
      }
    } else {
      kind = null;
      target = null;
      errors.add(new FieldError("table", "give a table, a region or a server"));
    }
    if (family != null && kind != Schedule.TargetKind.TABLE && kind != Schedule.TargetKind.REGION) {
      errors.add(new FieldError("family", "a family goes with a table or a region"));
    }
    refuse(errors, missing);
    String shell = ShellCommands.onDemand(req.major(), kind, target, family);
    int perServer = req.maxPerServer() == null ? 1 : req.maxPerServer();
    Run run = repo.insertRun(c.id(), null, Run.Trigger.ON_DEMAND, req.major(), kind, target, family, null, null,
        perServer, UNCAPPED, shell, user, runner.runnerId()).orElseThrow();
    return launch(run, user);
  }

  private Started launch(Run run, String user) {
    try {
      return new Started(runner.launch(run, user, null), run);
    } catch (RuntimeException e) {
      repo.finish(run.id(), Run.State.FAILED, "not started: " + e.getMessage());
      throw e;
    }
  }

  /** Malformed input is a 400; well-formed input naming a table, region or server that is not there a 404. */
  private static void refuse(List<FieldError> errors, List<FieldError> missing) {
    if (!errors.isEmpty()) {
      List<FieldError> all = new ArrayList<>(errors);
      all.addAll(missing);
      throw ProblemException.invalid(all);
    }
    if (!missing.isEmpty()) {
      throw new ProblemException(ProblemType.REFERENCE_NOT_FOUND, missing.get(0).message(), missing);
    }
  }

  private Optional<TableState> describe(Cluster c, String table) {
    if (!table.matches("[A-Za-z0-9_.:-]+")) {
      return Optional.empty();
    }
    return EngineCall.answer(() -> tables.describe(c.endpoints(), table));
  }

  private static String hostPort(String serverName) {
    String[] p = serverName.split(",");
    return p.length >= 2 ? p[0] + ":" + p[1] : serverName;
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }

  // ---- schedules

  public List<ScheduleView> schedules(long clusterId) {
    Cluster c = clusters.get(clusterId);
    return repo.schedules(c.id()).stream().map(s -> view(c, s)).toList();
  }

  public ScheduleView schedule(long clusterId, long id) {
    Cluster c = clusters.get(clusterId);
    return view(c, find(c, id));
  }

  private Schedule find(Cluster c, long id) {
    return repo.schedule(c.id(), id).orElseThrow(() ->
        ProblemException.of(ProblemType.SCHEDULE_NOT_FOUND, "no compaction schedule " + id + " on " + c.name()));
  }

  public ScheduleView create(long clusterId, Schedule.Input in, String user) {
    Cluster c = clusters.get(clusterId);
    Schedule.Input checked = check(c, in, null);
    try {
      return view(c, repo.insertSchedule(c.id(), checked, user));
    } catch (DuplicateKeyException e) {
      throw nameTaken(checked.name());
    }
  }

  public ScheduleView update(long clusterId, long id, Schedule.Input in) {
    Cluster c = clusters.get(clusterId);
    find(c, id);
    Schedule.Input checked = check(c, in, id);
    try {
      return view(c, repo.updateSchedule(c.id(), id, checked).orElseThrow(() ->
          ProblemException.of(ProblemType.SCHEDULE_NOT_FOUND, "no compaction schedule " + id)));
    } catch (DuplicateKeyException e) {
      throw nameTaken(checked.name());
    }
  }

  public void delete(long clusterId, long id) {
    Cluster c = clusters.get(clusterId);
    if (!repo.deleteSchedule(c.id(), id)) {
      throw ProblemException.of(ProblemType.SCHEDULE_NOT_FOUND, "no compaction schedule " + id + " on " + c.name());
    }
  }

  public Started runNow(long clusterId, long id, String user) {
    Cluster c = clusters.get(clusterId);
    Schedule s = find(c, id);
    if (repo.scheduleRunning(s.id())) {
      throw ProblemException.of(ProblemType.OPERATION_ALREADY_RUNNING,
          "a run of schedule '" + s.name() + "' is under way");
    }
    Instant start = clock.instant().truncatedTo(ChronoUnit.SECONDS);
    Run run = repo.insertRun(c.id(), s, Run.Trigger.MANUAL, true, s.targetKind(), s.target(), null, start,
        start.plus(Duration.ofMinutes(s.durationMinutes())), s.maxPerServer(), s.maxPerCluster(),
        ShellCommands.window(s), user, runner.runnerId()).orElseThrow(() ->
            ProblemException.of(ProblemType.OPERATION_ALREADY_RUNNING, "a run of '" + s.name() + "' started this second"));
    return launch(run, user);
  }

  private static ProblemException nameTaken(String name) {
    return ProblemException.of(ProblemType.SCHEDULE_NAME_TAKEN, "a compaction schedule named '" + name + "' exists");
  }

  /** Field checks, then the target against the cluster; returns the input with the target canonical. */
  private Schedule.Input check(Cluster c, Schedule.Input in, Long id) {
    List<FieldError> errors = new ArrayList<>(ScheduleValidation.validate(in, clock.instant()));
    List<FieldError> missing = new ArrayList<>();
    String target = in.target() == null ? null : in.target().trim();
    boolean targetOk = errors.stream().noneMatch(f -> f.field().equals("target") || f.field().equals("targetKind"));
    if (targetOk && in.targetKind() == Schedule.TargetKind.TABLE) {
      target = TableNames.canonical(target);
      if (describe(c, target).isEmpty()) {
        missing.add(new FieldError("target", "no table '" + target + "'"));
      }
    } else if (targetOk && in.targetKind() == Schedule.TargetKind.NAMESPACE) {
      String ns = target;
      if (!ns.matches("[A-Za-z0-9_]+") || !EngineCall.answer(() -> tables.namespaceExists(c.endpoints(), ns))) {
        missing.add(new FieldError("target", "no namespace '" + ns + "'"));
      }
    }
    refuse(errors, missing);
    if (repo.scheduleNameTaken(c.id(), in.name().trim(), id)) {
      throw nameTaken(in.name().trim());
    }
    return new Schedule.Input(in.name().trim(), in.targetKind(), target, in.cron().trim(), in.timeZone(),
        in.durationMinutes(), in.maxPerServer(), in.maxPerCluster(), in.selection(),
        in.selection() == Schedule.Selection.ALL ? null : in.minStoreFiles(),
        in.selection() == Schedule.Selection.ALL ? null : in.maxLocalityPercent(),
        in.selection() == Schedule.Selection.ALL ? null : in.minHoursSinceMajor(), in.pauseOutside(), in.enabled());
  }

  private ScheduleView view(Cluster c, Schedule s) {
    Instant now = clock.instant();
    CronWindows w = s.windows();
    Instant openEnd = s.enabled() ? w.openAt(now).map(CronWindows.Window::end).orElse(null) : null;
    return new ScheduleView(s, w.nextStarts(now, 3), openEnd, repo.latestRun(s.id()), recommendations(c, s),
        ShellCommands.forSchedule(s));
  }

  /** Periodic major compaction still on for a scheduled table is the classic double compaction. */
  private List<Finding> recommendations(Cluster c, Schedule s) {
    List<Finding> out = new ArrayList<>();
    List<String> names = switch (s.targetKind()) {
      case TABLE -> List.of(s.target());
      case NAMESPACE -> catalogs.get(c.id()).tables().stream().map(TableCatalog.Table::name)
          .filter(n -> CompactionRunner.namespace(n).equals(s.target())).toList();
      default -> {
        Pattern p = Pattern.compile(s.target());
        yield catalogs.get(c.id()).tables().stream().map(TableCatalog.Table::name)
            .filter(n -> p.matcher(n).matches()).toList();
      }
    };
    if (names.isEmpty() && s.targetKind() != Schedule.TargetKind.TABLE) {
      out.add(new Finding("NO_TABLES", "INFO", "no table matches the target yet"));
    }
    for (String t : names.stream().limit(PERIOD_CHECK_TABLES).toList()) {
      long period = period(c, t);
      if (period > 0) {
        out.add(new Finding("PERIODIC_MAJOR_ON", "WARN", "periodic major compaction is still on for " + t
            + " (every " + Duration.ofMillis(period).toHours() + " h): it compacts outside this schedule's windows."
            + " Turn it off: alter '" + t + "', CONFIGURATION => {'" + EngineCompactions.PERIOD_KEY + "' => '0'}"));
      }
    }
    if (s.pauseOutside()) {
      out.add(new Finding("SWITCH_IS_PER_SERVER", "INFO", "compaction_switch pauses every compaction of a"
          + " RegionServer, for all tables, outside the windows; flushes go on and store files pile up meanwhile"));
    }
    return out;
  }

  private long period(Cluster c, String table) {
    String key = c.id() + "/" + table;
    Cached hit = periods.get(key);
    Instant now = clock.instant();
    if (hit != null && hit.at().plus(PERIOD_CACHE).isAfter(now)) {
      return hit.periodMs();
    }
    try {
      long p = engine.majorCompactionPeriod(c.endpoints(), table);
      periods.put(key, new Cached(p, now));
      return p;
    } catch (IOException | RuntimeException unknown) {
      return 0;
    }
  }

  // ---- runs

  public record RunView(Run run, Map<RunRegion.State, Integer> counts, CompactionRepository.Totals totals) {}

  public List<RunView> runs(long clusterId, String table, Long scheduleId, int limit) {
    Cluster c = clusters.get(clusterId);
    String t = table == null || table.isBlank() ? null : TableNames.canonical(table.trim());
    List<Run> runs = repo.runs(c.id(), t, scheduleId, limit);
    return views(runs, null);
  }

  private List<RunView> views(List<Run> runs, String table) {
    List<Long> ids = runs.stream().map(Run::id).toList();
    var counts = repo.counts(ids);
    var totals = repo.totals(ids, table);
    return runs.stream().map(r -> new RunView(r, counts.getOrDefault(r.id(), Map.of()), totals.get(r.id()))).toList();
  }

  public record RunDetail(RunView view, List<RunRegion> regions) {}

  public RunDetail run(long clusterId, long runId) {
    Cluster c = clusters.get(clusterId);
    Run r = repo.run(runId).filter(x -> x.clusterId() == c.id()).orElseThrow(() ->
        ProblemException.of(ProblemType.RUN_NOT_FOUND, "no compaction run " + runId + " on " + c.name()));
    return new RunDetail(views(List.of(r), null).get(0), repo.regions(r.id()));
  }

  /** Finished runs that compacted regions of the table, oldest first, with that table's totals only. */
  public List<RunView> history(long clusterId, String table) {
    Cluster c = clusters.get(clusterId);
    if (table == null || table.isBlank()) {
      throw ProblemException.invalid(List.of(new FieldError("table", "a table is required")));
    }
    String t = TableNames.canonical(table.trim());
    List<Run> runs = new ArrayList<>(repo.runs(c.id(), t, null, 500).stream().filter(r -> r.state().isFinal())
        .toList());
    java.util.Collections.reverse(runs);
    return views(runs, t).stream().filter(v -> v.totals() != null).toList();
  }
}
