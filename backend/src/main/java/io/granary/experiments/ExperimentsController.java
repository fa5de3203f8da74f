package io.granary.experiments;

import static io.granary.shared.web.Dtos.time;

import io.granary.api.ExperimentsApi;
import io.granary.api.model.BenchmarkLaunchedDto;
import io.granary.api.model.BenchmarkRunStateDto;
import io.granary.api.model.ExperimentDto;
import io.granary.api.model.ExperimentFindingDto;
import io.granary.api.model.ExperimentKindDto;
import io.granary.api.model.ExperimentLaunchDto;
import io.granary.api.model.ExperimentPanelDto;
import io.granary.api.model.ExperimentParamDto;
import io.granary.api.model.ExperimentRunDto;
import io.granary.api.model.ExperimentSeriesDto;
import io.granary.api.model.ExperimentPlanDto;
import io.granary.api.model.ExperimentSummaryDto;
import io.granary.api.model.ExperimentTableDto;
import io.granary.shared.web.CurrentUser;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

@RestController
public class ExperimentsController implements ExperimentsApi {
  private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

  private final ExperimentsService service;
  private final JsonMapper json;

  public ExperimentsController(ExperimentsService service, JsonMapper json) {
    this.service = service;
    this.json = json;
  }

  @Override
  public ResponseEntity<List<ExperimentKindDto>> listExperimentKinds() {
    return ResponseEntity.ok(service.catalog().stream().map(ExperimentsController::kind).toList());
  }

  static ExperimentKindDto kind(ExperimentType t) {
    return new ExperimentKindDto(t.key(), t.title(), t.description(), t.seed(), t.figure(), t.seedHardware(),
        t.seedFindings(), t.params().stream().map(ExperimentsController::param).toList(),
        t.defaults(ExperimentsService.cores()), t.reduced(), t.touchesCluster(), t.scratch(), t.command());
  }

  private static ExperimentParamDto param(Params p) {
    ExperimentParamDto d = new ExperimentParamDto(p.name(), p.label(), ExperimentParamDto.KindEnum.fromValue(
        p.kind().name()), p.help());
    if (p.kind() == Params.Kind.choices) {
      d.options(p.options());
    } else {
      d.min(p.min()).max(p.max()).unit(p.unit());
    }
    return d;
  }

  @Override
  public ResponseEntity<List<ExperimentSummaryDto>> listExperiments(Long clusterId, Integer limit) {
    return ResponseEntity.ok(service.list(clusterId, limit == null ? 50 : limit).stream()
        .map(s -> summary(s, ExperimentsService.state(s))).toList());
  }

  private ExperimentsService.Launch launch(ExperimentLaunchDto body) {
    return new ExperimentsService.Launch(body.getExperiment(), body.getName(),
        body.getParams() == null ? null : json.valueToTree(body.getParams()), body.getRepetitions(), body.getScratch());
  }

  @Override
  public ResponseEntity<ExperimentPlanDto> planExperiment(Long clusterId, ExperimentLaunchDto body) {
    ExperimentsService.Planned p = service.plan(clusterId, launch(body));
    return ResponseEntity.ok(new ExperimentPlanDto(p.type().key(), p.variants().size(), p.reps(), p.runs(), p.scratch(),
        p.variants().isEmpty() ? "" : String.join(" ", ExperimentRunner.command("granary-node", p.variants().get(0),
            p.type(), p.cluster(), 0, 0)))
        .estimatedSeconds(p.estimatedSeconds() > 0 ? Math.round(p.estimatedSeconds() * 10) / 10.0 : null)
        .budgetSeconds(p.budgetSeconds()).design(p.design()));
  }

  @Override
  public ResponseEntity<BenchmarkLaunchedDto> launchExperiment(Long clusterId, ExperimentLaunchDto body) {
    ExperimentsService.Launched l = service.launch(clusterId, launch(body), CurrentUser.name());
    return ResponseEntity.status(HttpStatus.ACCEPTED)
        .body(new BenchmarkLaunchedDto(l.seriesId(), l.runIds(), l.operationId()).warnings(l.warnings()));
  }

  @Override
  public ResponseEntity<ExperimentDto> getExperiment(Long clusterId, Long seriesId) {
    ExperimentsService.View v = service.get(clusterId, seriesId);
    List<ExperimentRunDto> runs = v.runs().stream().map(r -> new ExperimentRunDto(r.id(), r.variant(), r.label(),
        r.repetition(), BenchmarkRunStateDto.fromValue(r.state()), r.progress(), json.readValue(r.params(), MAP),
        r.command()).message(r.message()).result(r.summary() == null ? null : json.readValue(r.summary(), MAP))
        .mbPerSec(r.mbPerSec()).pid(r.pid()).startedAt(time(r.startedAt())).finishedAt(time(r.finishedAt()))).toList();
    List<ExperimentPanelDto> panels = v.figure().panels().stream().map(p -> new ExperimentPanelDto(p.title(),
        p.xLabel(), p.yLabel(), p.categories(), p.series().stream().map(s -> new ExperimentSeriesDto(s.name(),
            ExperimentSeriesDto.StyleEnum.fromValue(s.style()), s.values())).toList()).annotations(p.annotations()))
        .toList();
    return ResponseEntity.ok(new ExperimentDto(summary(v.series(), v.state()), kind(v.type()),
        json.convertValue(v.params(), MAP), runs, panels, v.figure().findings().stream()
            .map(f -> new ExperimentFindingDto(f.label(), f.ours(), f.seed())).toList(), v.figure().notes())
        .tables(v.figure().tables().stream().map(t -> new ExperimentTableDto(t.title(), t.columns(), t.rows())
            .caption(t.caption())).toList()));
  }

  @Override
  public ResponseEntity<ExperimentSummaryDto> cancelExperiment(Long clusterId, Long seriesId) {
    ExperimentRepository.SeriesRow s = service.cancel(clusterId, seriesId);
    return ResponseEntity.status(HttpStatus.ACCEPTED).body(summary(s, ExperimentsService.state(s)));
  }

  private static ExperimentSummaryDto summary(ExperimentRepository.SeriesRow s, String state) {
    ExperimentType t = ExperimentsService.type(s.experiment());
    return new ExperimentSummaryDto(s.id(), s.experiment(), t == null ? s.experiment() : t.title(), s.name(),
        BenchmarkRunStateDto.fromValue(state), s.runs(), s.succeeded(), s.createdBy(), time(s.createdAt()))
        .operationId(s.operationId());
  }
}
