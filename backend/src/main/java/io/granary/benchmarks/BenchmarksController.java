package io.granary.benchmarks;

import static io.granary.shared.web.Dtos.time;

import io.granary.api.BenchmarksApi;
import io.granary.api.model.BenchmarkCeilingDto;
import io.granary.api.model.BenchmarkComparisonDto;
import io.granary.api.model.BenchmarkComparisonMetricsInnerDto;
import io.granary.api.model.BenchmarkEstimateDto;
import io.granary.api.model.BenchmarkFailedLatencyDto;
import io.granary.api.model.BenchmarkIntervalDto;
import io.granary.api.model.BenchmarkIntervalOpsInnerDto;
import io.granary.api.model.BenchmarkLatencyDto;
import io.granary.api.model.BenchmarkLaunchDto;
import io.granary.api.model.BenchmarkLaunchedDto;
import io.granary.api.model.BenchmarkOpSummaryDto;
import io.granary.api.model.BenchmarkPresetDto;
import io.granary.api.model.BenchmarkProfileDto;
import io.granary.api.model.BenchmarkProfileServerDto;
import io.granary.api.model.BenchmarkProvenanceDto;
import io.granary.api.model.BenchmarkRunDetailDto;
import io.granary.api.model.BenchmarkRunDto;
import io.granary.api.model.BenchmarkRunStateDto;
import io.granary.api.model.BenchmarkSeriesDto;
import io.granary.api.model.BenchmarkSeriesVariantsInnerDto;
import io.granary.api.model.BenchmarkSpecDto;
import io.granary.api.model.BenchmarkSpecFieldsDto;
import io.granary.api.model.BenchmarkSummaryDto;
import io.granary.api.model.BenchmarkWorkloadDto;
import io.granary.engine.client.BenchmarkSpec;
import io.granary.shared.web.CurrentUser;
import java.util.ArrayList;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

@RestController
public class BenchmarksController implements BenchmarksApi {
  private final BenchmarksService service;
  private final JsonMapper json;

  public BenchmarksController(BenchmarksService service, JsonMapper json) {
    this.service = service;
    this.json = json;
  }

  @Override
  public ResponseEntity<List<BenchmarkPresetDto>> listBenchmarkPresets(Long clusterId) {
    return ResponseEntity.ok(Presets.all().stream()
        .map(p -> new BenchmarkPresetDto(p.id(), p.label(), p.description(),
            json.convertValue(specDto(p.spec()), BenchmarkSpecFieldsDto.class))).toList());
  }

  @Override
  public ResponseEntity<List<BenchmarkRunDto>> listBenchmarkRuns(Long clusterId, Long seriesId, Integer limit) {
    return ResponseEntity.ok(service.list(clusterId, seriesId, limit == null ? 100 : limit).stream()
        .map(r -> fill(new BenchmarkRunDto(), r)).toList());
  }

  @Override
  public ResponseEntity<BenchmarkLaunchedDto> launchBenchmark(Long clusterId, BenchmarkLaunchDto body) {
    List<SpecValidation.Input> variants = body.getVariants() == null ? List.of()
        : body.getVariants().stream().map(BenchmarksController::input).toList();
    BenchmarksService.Launched l = service.launch(clusterId, new BenchmarksService.Launch(body.getName(), variants,
        body.getRepetitions(), Boolean.TRUE.equals(body.getAcceptAboveCapacity()), Boolean.TRUE.equals(body.getProfile())),
        CurrentUser.name());
    return ResponseEntity.status(HttpStatus.ACCEPTED).body(launched(l));
  }

  @Override
  public ResponseEntity<BenchmarkLaunchedDto> probeBenchmarkCeiling(Long clusterId) {
    return ResponseEntity.status(HttpStatus.ACCEPTED).body(launched(service.probeCeiling(clusterId, CurrentUser.name())));
  }

  private static BenchmarkLaunchedDto launched(BenchmarksService.Launched l) {
    return new BenchmarkLaunchedDto(l.seriesId(), l.runIds(), l.operationId()).warnings(l.warnings());
  }

  @Override
  public ResponseEntity<BenchmarkRunDetailDto> getBenchmarkRun(Long clusterId, Long runId) {
    return ResponseEntity.ok(detail(service.get(clusterId, runId)));
  }

  @Override
  public ResponseEntity<List<BenchmarkIntervalDto>> getBenchmarkIntervals(Long clusterId, Long runId, Integer after) {
    return ResponseEntity.ok(service.intervals(clusterId, runId, after == null ? -1 : after).stream()
        .map(this::interval).toList());
  }

  @Override
  public ResponseEntity<BenchmarkProfileDto> getBenchmarkProfile(Long clusterId, Long runId) {
    BenchmarksService.Profile p = service.profile(clusterId, runId);
    BenchmarkProfileDto d = new BenchmarkProfileDto().runId(runId).interval(RegionServerProfiler.INTERVAL)
        .servers(new ArrayList<>());
    if (p.document() == null) {
      return ResponseEntity.ok(d.state(switch (p.run().state()) {
        case QUEUED -> BenchmarkProfileDto.StateEnum.PENDING;
        case RUNNING -> BenchmarkProfileDto.StateEnum.RUNNING;
        default -> BenchmarkProfileDto.StateEnum.MISSING;
      }));
    }
    JsonNode doc = json.readTree(p.document());
    d.state(BenchmarkProfileDto.StateEnum.DONE).interval(doc.path("interval").asString(RegionServerProfiler.INTERVAL));
    if (doc.hasNonNull("message")) {
      d.message(doc.path("message").asString());
    }
    for (JsonNode s : doc.path("servers")) {
      d.addServersItem(json.convertValue(s, BenchmarkProfileServerDto.class));
    }
    return ResponseEntity.ok(d);
  }

  @Override
  public ResponseEntity<BenchmarkRunDto> cancelBenchmarkRun(Long clusterId, Long runId) {
    return ResponseEntity.status(HttpStatus.ACCEPTED).body(fill(new BenchmarkRunDto(), service.cancel(clusterId, runId)));
  }

  @Override
  public ResponseEntity<BenchmarkComparisonDto> compareBenchmarkRuns(Long clusterId, String runs) {
    BenchmarksService.Comparison c = service.compare(clusterId, runs);
    return ResponseEntity.ok(new BenchmarkComparisonDto(c.runs().stream().map(r -> fill(new BenchmarkRunDto(), r)).toList(),
        c.metrics().stream().map(m -> new BenchmarkComparisonMetricsInnerDto(m.key(), m.label(), m.unit(),
            m.higherIsBetter() ? BenchmarkComparisonMetricsInnerDto.BetterEnum.HIGHER
                : BenchmarkComparisonMetricsInnerDto.BetterEnum.LOWER, m.values(), m.ratios())).toList())
        .differences(c.differences()));
  }

  @Override
  public ResponseEntity<BenchmarkSeriesDto> getBenchmarkSeries(Long clusterId, Long seriesId) {
    BenchmarksService.SeriesView v = service.series(clusterId, seriesId);
    return ResponseEntity.ok(new BenchmarkSeriesDto(v.series().id(), v.series().name(), v.series().repetitions(),
        BenchmarkRunStateDto.fromValue(v.state().name()), v.variants().stream()
            .map(x -> new BenchmarkSeriesVariantsInnerDto(x.label(), x.runIds()).opsPerSec(estimate(x.opsPerSec()))
                .p99CorrectedMs(estimate(x.p99CorrectedMs())).ratioToFirst(x.ratioToFirst()))
            .toList()).operationId(v.series().operationId()));
  }

  @Override
  public ResponseEntity<BenchmarkCeilingDto> getBenchmarkCeiling(Long clusterId) {
    return ResponseEntity.ok(service.ceiling(clusterId).map(r -> new BenchmarkCeilingDto(r.state() == Run.State.SUCCEEDED)
            .runId(r.id()).opsPerSec(r.opsPerSec()).p99ServiceMs(r.p99ServiceMs()).agentCpuPercent(r.agentCpu())
            .threads(r.spec().threads()).measuredAt(time(r.finishedAt()))
            .state(BenchmarkRunStateDto.fromValue(r.state().name())))
        .orElse(new BenchmarkCeilingDto(false)));
  }

  // ---- mapping

  private static BenchmarkEstimateDto estimate(Estimates.Estimate e) {
    return new BenchmarkEstimateDto(e.n(), e.median(), e.low(), e.high(), e.confidence());
  }

  static SpecValidation.Input input(BenchmarkSpecDto d) {
    return new SpecValidation.Input(d.getLabel(), d.getWorkload() == null ? null : d.getWorkload().getValue(),
        d.getTable(), d.getFamily(), d.getThreads(), d.getDurationSeconds(), d.getWarmupSeconds(), d.getTargetRate(),
        d.getOperationCount(), d.getRows(), d.getValueSize(), d.getBatchSize(), d.getClientBuffering(),
        d.getScanLength(), d.getLoadFirst(), d.getYcsbWorkload() == null ? null : d.getYcsbWorkload().getValue(),
        d.getRecordCount(), d.getRequestDistribution() == null ? null : d.getRequestDistribution().getValue(),
        d.getFieldCount(), d.getFieldLength(), d.getHotKeys(), d.getYcsbProperties());
  }

  static BenchmarkSpecDto specDto(SpecValidation.Input i) {
    BenchmarkSpecDto d = new BenchmarkSpecDto(BenchmarkWorkloadDto.fromValue(i.workload()), i.table())
        .label(i.label()).family(i.family()).threads(i.threads()).durationSeconds(i.durationSeconds())
        .warmupSeconds(i.warmupSeconds()).targetRate(i.targetRate()).operationCount(i.operationCount())
        .valueSize(i.valueSize()).batchSize(i.batchSize()).clientBuffering(i.clientBuffering())
        .scanLength(i.scanLength()).loadFirst(i.loadFirst()).recordCount(i.recordCount())
        .fieldCount(i.fieldCount()).fieldLength(i.fieldLength()).hotKeys(i.hotKeys()).rows(i.rows())
        .ycsbProperties(i.ycsbProperties());
    if (i.ycsbWorkload() != null) {
      d.ycsbWorkload(BenchmarkSpecDto.YcsbWorkloadEnum.fromValue(i.ycsbWorkload()));
    }
    if (i.requestDistribution() != null) {
      d.requestDistribution(BenchmarkSpecDto.RequestDistributionEnum.fromValue(i.requestDistribution()));
    }
    return d;
  }

  static BenchmarkSpecDto specDto(BenchmarkSpec s) {
    BenchmarkSpecDto d = new BenchmarkSpecDto(
        BenchmarkWorkloadDto.fromValue(s.workload()), s.table()).label(s.label()).family(s.family()).threads(s.threads()).durationSeconds(s.durationSeconds())
        .warmupSeconds(s.warmupSeconds()).targetRate(s.targetRate()).operationCount(s.operationCount())
        .rows(s.rows()).valueSize(s.valueSize()).batchSize(s.batchSize()).clientBuffering(s.clientBuffering())
        .scanLength(s.scanLength()).loadFirst(s.loadFirst()).recordCount(s.recordCount()).fieldCount(s.fieldCount())
        .fieldLength(s.fieldLength()).hotKeys(s.hotKeys()).ycsbProperties(s.ycsbProperties());
    if (s.ycsbWorkload() != null) {
      d.ycsbWorkload(BenchmarkSpecDto.YcsbWorkloadEnum.fromValue(s.ycsbWorkload()));
    }
    if (s.requestDistribution() != null) {
      d.requestDistribution(BenchmarkSpecDto.RequestDistributionEnum.fromValue(s.requestDistribution()));
    }
    return d;
  }

  private static BenchmarkRunDto fill(BenchmarkRunDto d, Run r) {
    BenchmarkSpec s = r.spec();
    d.id(r.id()).seriesId(r.seriesId()).seriesName(r.seriesName()).label(r.label()).repetition(r.repetition())
        .kind(BenchmarkRunDto.KindEnum.fromValue(r.kind().name())).workload(r.workload()).table(r.table())
        .state(BenchmarkRunStateDto.fromValue(r.state().name())).phase(r.phase()).message(r.message())
        .mode(s.openLoop() ? BenchmarkRunDto.ModeEnum.OPEN : BenchmarkRunDto.ModeEnum.CLOSED)
        .targetRate(s.openLoop() ? s.targetRate() : null).threads(s.threads()).durationSeconds(s.durationSeconds())
        .progress(r.progress()).operationId(r.operationId()).createdAt(time(r.createdAt()))
        .startedAt(time(r.startedAt())).finishedAt(time(r.finishedAt())).opsPerSec(r.opsPerSec())
        .mbPerSec(r.mbPerSec()).p99CorrectedMs(r.p99CorrectedMs()).p99ServiceMs(r.p99ServiceMs())
        .agentCpuPercent(r.agentCpu()).errors(r.errors()).timeouts(r.timeouts())
        .ceilingOpsPerSec(r.ceilingOpsPerSec()).ceilingRatio(r.ceilingRatio()).complete(r.complete())
        .profiled(r.profiled()).shellEquivalent(ShellEquivalent.of(s));
    return d;
  }

  BenchmarkRunDetailDto detail(Run r) {
    // the generated detail class flattens allOf, so it shares no type with BenchmarkRunDto
    BenchmarkRunDetailDto d = json.convertValue(fill(new BenchmarkRunDto(), r), BenchmarkRunDetailDto.class);
    d.spec(specDto(r.spec()));
    if (r.provenance() != null) {
      d.provenance(json.readValue(r.provenance(), BenchmarkProvenanceDto.class));
    }
    if (r.summary() != null) {
      d.summary(summary(json.readTree(r.summary())));
    }
    return d;
  }

  static BenchmarkLatencyDto latency(JsonNode n) {
    return new BenchmarkLatencyDto().min(n.path("min").asDouble()).mean(n.path("mean").asDouble())
        .p50(n.path("p50").asDouble()).p90(n.path("p90").asDouble()).p95(n.path("p95").asDouble())
        .p99(n.path("p99").asDouble()).p999(n.path("p999").asDouble()).max(n.path("max").asDouble());
  }

  static BenchmarkSummaryDto summary(JsonNode s) {
    double seconds = s.path("measuredSeconds").asDouble();
    BenchmarkRepository.Headline h = BenchmarkRunner.headline(s);
    JsonNode all = s.path("all");
    List<BenchmarkOpSummaryDto> ops = new ArrayList<>();
    for (JsonNode o : s.path("ops")) {
      long count = o.path("count").asLong();
      long ok = ok(o);
      BenchmarkOpSummaryDto d = new BenchmarkOpSummaryDto(o.path("op").asString(), count, ok,
          o.path("notFound").asLong(), o.path("errors").asLong(), o.path("timeouts").asLong(), o.path("rows").asLong(),
          o.path("bytes").asLong(), perSecond(count, seconds), perSecond(ok, seconds), latency(o.path("corrected")),
          latency(o.path("service")));
      if (o.has("failed")) {
        d.failed(new BenchmarkFailedLatencyDto(latency(o.path("failed").path("corrected")),
            latency(o.path("failed").path("service"))));
      }
      ops.add(d);
    }
    long gcCount = 0;
    long gcTime = 0;
    for (JsonNode g : s.path("gc")) {
      gcCount += g.path("count").asLong();
      gcTime += g.path("timeMs").asLong();
    }
    long ok = ok(all);
    return new BenchmarkSummaryDto().measuredSeconds(seconds).count(all.path("count").asLong()).ok(ok)
        .notFound(all.path("notFound").asLong()).opsPerSec(h.opsPerSec()).okPerSec(perSecond(ok, seconds))
        .ycsbReport(s.hasNonNull("ycsbReport")).mbPerSec(h.mbPerSec()).errors(h.errors()).timeouts(h.timeouts())
        .agentCpuMean(s.path("agentCpuMean").asDouble()).agentCpuMax(s.path("agentCpuMax").asDouble())
        .complete(h.complete()).corrected(latency(all.path("corrected"))).service(latency(all.path("service")))
        .ops(ops).gcCount(s.has("gc") ? gcCount : null).gcTimeMs(s.has("gc") ? gcTime : null);
  }

  /** Operations that returned OK; a summary from before OK was counted apart has only successes in its count. */
  private static long ok(JsonNode o) {
    return o.has("ok") ? o.path("ok").asLong() : o.path("count").asLong();
  }

  private static double perSecond(long n, double seconds) {
    return seconds > 0 ? Math.round(n / seconds * 100) / 100.0 : 0;
  }

  private BenchmarkIntervalDto interval(Interval i) {
    List<BenchmarkIntervalOpsInnerDto> ops = new ArrayList<>();
    for (JsonNode o : json.readTree(i.perOp())) {
      ops.add(new BenchmarkIntervalOpsInnerDto(o.path("op").asString(), o.path("count").asLong(),
          o.path("errors").asLong(), o.path("p99CorrectedMs").asDouble(), o.path("p99ServiceMs").asDouble())
          .notFound(o.has("notFound") ? o.path("notFound").asLong() : null));
    }
    return new BenchmarkIntervalDto(i.index(), i.startSeconds(), i.seconds(), i.warmup(), i.count(),
        Math.round(i.opsPerSec() * 100) / 100.0, i.errors(), i.timeouts(), i.p50CorrectedMs(), i.p99CorrectedMs(),
        i.p99ServiceMs(), i.agentCpu(), i.systemCpu()).mbPerSec(Math.round(i.mbPerSec() * 100) / 100.0)
        .maxCorrectedMs(i.maxCorrectedMs()).ops(ops);
  }
}
