package io.granary.compactions;

import com.google.re2j.Pattern;
import io.granary.clusters.Cluster;
import io.granary.clusters.ClustersService;
import io.granary.engine.ClusterEndpoints;
import io.granary.engine.EngineCompactions.RegionStat;
import io.granary.engine.EngineCompactions;
import io.granary.operations.Operation;
import io.granary.operations.OperationCancelledException;
import io.granary.operations.OperationContext;
import io.granary.operations.OperationsService;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Drives one run region by region: plans the candidates once, then keeps at most the capped number
 * of regions compacting per RegionServer and per cluster, stops starting regions at the window's
 * end or on cancel, and records every region's figures before and after. All state is in
 * PostgreSQL, so a run adopted after a restart continues with the regions not yet done and never
 * asks for a region twice.
 */
@Component
public class CompactionRunner {
  public static final String TYPE = "COMPACTION";
  static final String WINDOW_ENDED = "the window ended before it started";
  static final String CANCELLED = "cancelled before it started";
  private static final int STATE_RETRIES = 5;
  private static final Logger log = LoggerFactory.getLogger(CompactionRunner.class);

  private final CompactionRepository repo;
  private final EngineCompactions engine;
  private final ClustersService clusters;
  private final OperationsService operations;
  private final CompactionSwitch compactionSwitch;
  private final CompactionsProperties props;
  private final Clock clock;
  private final Set<Long> active = ConcurrentHashMap.newKeySet();

  public CompactionRunner(CompactionRepository repo, EngineCompactions engine, ClustersService clusters,
      OperationsService operations, CompactionSwitch compactionSwitch, CompactionsProperties props, Clock clock) {
    this.repo = repo;
    this.engine = engine;
    this.clusters = clusters;
    this.operations = operations;
    this.compactionSwitch = compactionSwitch;
    this.props = props;
    this.clock = clock;
  }

  public String runnerId() {
    return operations.runnerId();
  }

  public boolean isActive(long runId) {
    return active.contains(runId);
  }

  /** Executes (or resumes) a run this runner owns, as an operation. */
  public Operation launch(Run run, String user, String note) {
    Operation op = operations.start(TYPE, run.clusterId(), target(run), "hbase shell> " + run.shellCommand(), user,
        ctx -> execute(run.id(), note, ctx));
    repo.setOperation(run.id(), op.id());
    return op;
  }

  static String target(Run run) {
    return run.scheduleId() != null ? "compaction schedule " + run.scheduleName() : "compaction of " + run.scope();
  }

  private String execute(long runId, String note, OperationContext ctx) throws Exception {
    if (!active.add(runId)) {
      throw new IllegalStateException("run " + runId + " is already executing here");
    }
    try {
      Run run = repo.run(runId).orElseThrow(() -> new IllegalStateException("no compaction run " + runId));
      if (note != null) {
        ctx.info(note);
      }
      Cluster c = clusters.get(run.clusterId());
      try {
        if (!run.planned()) {
          plan(run, c.endpoints(), ctx);
        }
        compactionSwitch.ensureOn(c);
        return drive(run, c.endpoints(), ctx);
      } catch (OperationCancelledException e) {
        throw e;
      } catch (InterruptedException e) {
        // the control plane is stopping: the run stays RUNNING and is adopted when it is back
        Thread.currentThread().interrupt();
        throw e;
      } catch (Exception e) {
        repo.finish(runId, Run.State.FAILED, e.getMessage());
        throw e;
      }
    } finally {
      active.remove(runId);
    }
  }

  private void plan(Run run, ClusterEndpoints e, OperationContext ctx) throws IOException {
    ctx.progress(1, "reading region figures from the RegionServers");
    List<RegionStat> target = engine.regions(e).stream().filter(matcher(run)).toList();
    Thresholds t = run.trigger() == Run.Trigger.ON_DEMAND || run.scheduleId() == null ? Thresholds.NONE
        : repo.scheduleById(run.scheduleId()).map(Schedule::thresholds).orElse(Thresholds.NONE);
    List<Candidates.Pick> picks = Candidates.select(target, t, clock.instant());
    int i = 0;
    for (Candidates.Pick p : picks) {
      RegionStat r = p.region();
      repo.insertRegion(new RunRegion(run.id(), r.encodedName(), r.regionName(), r.table(), r.startKey(), r.server(),
          p.selected() ? RunRegion.State.PENDING : RunRegion.State.SKIPPED, p.reason(), i++, r.stores(),
          r.storeFiles(), null, r.storeFileBytes(), null, r.locality(), null, r.lastMajorCompaction(), null, null,
          null));
    }
    repo.markPlanned(run.id());
    long selected = picks.stream().filter(Candidates.Pick::selected).count();
    ctx.info(selected + " of " + picks.size() + " regions selected"
        + (t.selectsAll() ? "" : ", " + (picks.size() - selected) + " under the thresholds skipped"));
  }

  static java.util.function.Predicate<RegionStat> matcher(Run run) {
    String t = run.target();
    return switch (run.targetKind()) {
      case TABLE -> r -> r.table().equals(t);
      case NAMESPACE -> r -> namespace(r.table()).equals(t);
      case PATTERN -> {
        Pattern p = Pattern.compile(t);
        yield r -> p.matcher(r.table()).matches();
      }
      case REGION -> r -> r.encodedName().equals(t);
      case SERVER -> r -> r.server().equals(t);
    };
  }

  static String namespace(String table) {
    int colon = table.indexOf(':');
    return colon < 0 ? "default" : table.substring(0, colon);
  }

  private String drive(Run run, ClusterEndpoints e, OperationContext ctx) throws Exception {
    Map<String, Integer> stateErrors = new HashMap<>();
    boolean cancelled = false;
    while (true) {
      if (!repo.heartbeat(run.id(), runnerId())) {
        return "run " + run.id() + " was handed to another control plane";
      }
      List<RunRegion> regions = repo.regions(run.id());
      List<String> busy = new ArrayList<>();
      for (RunRegion r : regions) {
        if (r.state() == RunRegion.State.RUNNING && !finishIfDone(run, e, r, stateErrors, ctx)) {
          busy.add(r.server());
        }
      }
      cancelled = cancelled || ctx.cancelRequested();
      boolean windowOver = run.windowEnd() != null && !clock.instant().isBefore(run.windowEnd());
      if (cancelled || windowOver) {
        int n = repo.skipPending(run.id(), cancelled ? CANCELLED : WINDOW_ENDED);
        if (n > 0) {
          ctx.warn(n + " regions not started: " + (cancelled ? "cancel requested" : "the window ended"));
        }
      } else {
        List<RunRegion> pending = regions.stream().filter(r -> r.state() == RunRegion.State.PENDING).toList();
        for (RunRegion r : Dispatch.startable(pending, busy, run.maxPerServer(), run.maxPerCluster())) {
          start(run, e, r, ctx);
        }
      }
      List<RunRegion> now = repo.regions(run.id());
      long open = now.stream().filter(r -> r.state() == RunRegion.State.PENDING
          || r.state() == RunRegion.State.RUNNING).count();
      report(now, ctx);
      if (open == 0) {
        return finish(run, now, cancelled);
      }
      Thread.sleep(props.poll().toMillis());
    }
  }

  private void start(Run run, ClusterEndpoints e, RunRegion r, OperationContext ctx) {
    try {
      Optional<RegionStat> now = engine.region(e, r.server(), r.table(), r.region());
      if (now.isEmpty()) {
        repo.markFailed(run.id(), r.region(), "no longer on " + r.server() + " (moved, split or merged)");
        ctx.warn("region " + r.region() + " is no longer on " + r.server() + "; not compacted");
        return;
      }
      RegionStat s = now.get();
      if (s.storeFiles() == 0 && s.memstoreBytes() > 0) {
        ctx.warn(r.table() + " region " + r.region() + " has no HFile yet, only " + s.memstoreBytes() + " bytes in"
            + " its MemStore: a compaction rewrites HFiles only; flush first (hbase shell> flush '" + r.table() + "')");
      }
      repo.markRunning(run.id(), r.region(), s.storeFiles(), s.storeFileBytes(), s.locality());
      engine.compact(e, r.regionName(), run.family(), run.major());
      repo.markRequested(run.id(), r.region());
      ctx.info("compacting " + r.table() + " region " + r.region() + " on " + r.server() + " (" + s.storeFiles()
          + " store files in " + s.stores() + " stores)");
    } catch (IOException ex) {
      repo.markFailed(run.id(), r.region(), "request failed: " + ex.getMessage());
      ctx.warn("region " + r.region() + ": request failed: " + ex.getMessage());
    }
  }

  /** True when the region left RUNNING (done or failed). */
  private boolean finishIfDone(Run run, ClusterEndpoints e, RunRegion r, Map<String, Integer> errors,
      OperationContext ctx) {
    try {
      if (r.requestedAt() == null) {
        // the previous runner stopped between marking and asking: ask now (the only request)
        engine.compact(e, r.regionName(), run.family(), run.major());
        repo.markRequested(run.id(), r.region());
        return false;
      }
      if (!"NONE".equals(engine.compactionState(e, r.regionName()))) {
        return false;
      }
      Optional<RegionStat> after = engine.region(e, r.server(), r.table(), r.region());
      repo.markDone(run.id(), r.region(), after.map(RegionStat::storeFiles).orElse(null),
          after.map(RegionStat::storeFileBytes).orElse(null), after.map(RegionStat::locality).orElse(null));
      if (run.major() && run.family() == null && after.isPresent() && after.get().storeFiles() > after.get().stores()) {
        ctx.warn(r.table() + " region " + r.region() + " still has " + after.get().storeFiles() + " store files in "
            + after.get().stores() + " stores: flushes landed meanwhile, or its server ignored the request");
      }
      ctx.info(r.table() + " region " + r.region() + " done: " + r.storeFilesBefore() + " → "
          + after.map(a -> Integer.toString(a.storeFiles())).orElse("?") + " store files, " + r.bytesBefore() + " → "
          + after.map(a -> Long.toString(a.storeFileBytes())).orElse("?") + " bytes");
      return true;
    } catch (IOException ex) {
      int n = errors.merge(r.region(), 1, Integer::sum);
      if (n >= STATE_RETRIES) {
        repo.markFailed(run.id(), r.region(), "compaction state unavailable: " + ex.getMessage());
        ctx.warn("region " + r.region() + ": " + ex.getMessage());
        return true;
      }
      log.debug("compaction state of {} failed ({}x)", r.region(), n, ex);
      return false;
    }
  }

  private static void report(List<RunRegion> regions, OperationContext ctx) {
    int total = regions.size();
    long finished = regions.stream().filter(r -> r.state() != RunRegion.State.PENDING
        && r.state() != RunRegion.State.RUNNING).count();
    int pct = total == 0 ? 100 : (int) (finished * 100 / total);
    ctx.progress(Math.max(2, pct), null);
  }

  private String finish(Run run, List<RunRegion> regions, boolean cancelled) {
    long done = count(regions, RunRegion.State.DONE);
    long failed = count(regions, RunRegion.State.FAILED);
    long late = regions.stream().filter(r -> r.state() == RunRegion.State.SKIPPED
        && (WINDOW_ENDED.equals(r.reason()) || CANCELLED.equals(r.reason()))).count();
    long skipped = count(regions, RunRegion.State.SKIPPED) - late;
    List<RunRegion> compacted = regions.stream().filter(r -> r.state() == RunRegion.State.DONE).toList();
    long rewritten = compacted.stream().mapToLong(r -> r.bytesBefore() == null ? 0 : r.bytesBefore()).sum();
    long written = compacted.stream().mapToLong(r -> r.bytesAfter() == null ? 0 : r.bytesAfter()).sum();
    boolean noHfiles = !compacted.isEmpty() && compacted.stream()
        .allMatch(r -> r.storeFilesBefore() != null && r.storeFilesBefore() == 0);
    String summary = done + " compacted, " + skipped + " skipped under the thresholds, " + failed + " failed"
        + (late > 0 ? ", " + late + " not started" : "")
        + (noHfiles ? "; nothing was rewritten: the regions had no HFiles (data still in the MemStore is not"
            + " compacted; flush first)" : compacted.isEmpty() ? "" : "; " + rewritten + " bytes of HFiles rewritten"
            + " into " + written);
    Run.State state = cancelled ? Run.State.CANCELLED
        : failed > 0 && done == 0 ? Run.State.FAILED
        : failed > 0 || late > 0 ? Run.State.PARTIAL : Run.State.SUCCEEDED;
    repo.finish(run.id(), state, summary);
    if (state == Run.State.CANCELLED) {
      throw new OperationCancelledException();
    }
    if (state == Run.State.FAILED) {
      throw new IllegalStateException(summary);
    }
    return (state == Run.State.PARTIAL ? "partial: " : "") + summary;
  }

  private static long count(List<RunRegion> regions, RunRegion.State s) {
    return regions.stream().filter(r -> r.state() == s).count();
  }
}
