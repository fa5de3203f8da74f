package io.granary.erasurecoding;

import static io.granary.shared.web.Dtos.time;

import io.granary.api.ErasureCodingApi;
import io.granary.api.model.EcCoderDto;
import io.granary.api.model.EcConversionDto;
import io.granary.api.model.EcConversionStartedDto;
import io.granary.api.model.EcDirectoryDto;
import io.granary.api.model.EcEntryDto;
import io.granary.api.model.EcHistogramBucketDto;
import io.granary.api.model.EcLayoutCostDto;
import io.granary.api.model.EcPoliciesDto;
import io.granary.api.model.EcPolicyDto;
import io.granary.api.model.EcReportDto;
import io.granary.api.model.EcReportRecommendationDto;
import io.granary.api.model.EcTopologyDto;
import io.granary.api.model.HFileLayoutDto;
import io.granary.api.model.SetEcPolicyRequestDto;
import io.granary.api.model.SetTableEcPolicyRequestDto;
import io.granary.api.model.StartEcConversionRequestDto;
import io.granary.api.model.TableEcChangeDto;
import io.granary.api.model.TableEcStateDto;
import io.granary.engine.EngineErasureCoding;
import io.granary.operations.OperationDtos;
import io.granary.shared.web.CurrentUser;
import java.net.URI;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;

@RestController
public class ErasureCodingController implements ErasureCodingApi {
  private final ErasureCodingService service;
  private final ConversionRunner runner;
  private final JsonMapper json;

  public ErasureCodingController(ErasureCodingService service, ConversionRunner runner, JsonMapper json) {
    this.service = service;
    this.runner = runner;
    this.json = json;
  }

  @Override
  public ResponseEntity<EcPoliciesDto> listEcPolicies(Long clusterId) {
    ErasureCodingService.Policies p = service.policies(clusterId);
    return ResponseEntity.ok(new EcPoliciesDto(p.policies().stream().map(ErasureCodingController::policy).toList(),
        new EcTopologyDto(p.topology().liveDataNodes(), p.topology().racks()),
        new EcCoderDto(p.nativeCoder(), p.coder()), "hdfs ec -listPolicies"));
  }

  static EcPolicyDto policy(ErasureCodingService.PolicyView v) {
    EngineErasureCoding.Policy p = v.policy();
    boolean enabled = p.state().equals("ENABLED");
    return new EcPolicyDto(p.name(), EcPolicyDto.StateEnum.fromValue(p.state()), p.dataUnits(), p.parityUnits(),
        p.cellSize(), p.codec(), Math.round(v.overhead() * 100) / 100.0, p.system(),
        "hdfs ec -" + (enabled ? "disablePolicy" : "enablePolicy") + " -policy " + p.name())
        .fitsTopology(v.fits()).topologyMessage(v.topologyMessage());
  }

  @Override
  public ResponseEntity<EcPolicyDto> enableEcPolicy(Long clusterId, String policy) {
    return ResponseEntity.ok(policy(service.enable(clusterId, policy)));
  }

  @Override
  public ResponseEntity<EcPolicyDto> disableEcPolicy(Long clusterId, String policy) {
    return ResponseEntity.ok(policy(service.disable(clusterId, policy)));
  }

  @Override
  public ResponseEntity<EcDirectoryDto> browseEcDirectory(Long clusterId, String path) {
    return ResponseEntity.ok(directory(service.browse(clusterId, path)));
  }

  @Override
  public ResponseEntity<EcDirectoryDto> setEcDirectoryPolicy(Long clusterId, String path, SetEcPolicyRequestDto body) {
    return ResponseEntity.ok(directory(service.setPolicy(clusterId, path, body == null ? null : body.getPolicy())));
  }

  static EcEntryDto entry(EngineErasureCoding.Entry e, boolean inherited, boolean protectedPath) {
    return new EcEntryDto(e.name(), e.path(), e.directory(), e.length(), e.fileCount(), e.policy(), inherited)
        .spaceConsumedBytes(e.spaceConsumed() < 0 ? null : e.spaceConsumed())
        .replication(e.directory() ? null : (int) e.replication())._protected(protectedPath);
  }

  private EcDirectoryDto directory(ErasureCodingService.Directory d) {
    EcDirectoryDto dto = json.convertValue(entry(d.entry(), d.inherited(), d.protectedPath()), EcDirectoryDto.class);
    return dto.children(d.children().stream().map(c -> entry(c.entry(), c.inherited(), c.protectedPath())).toList())
        .childrenTruncated(d.truncated()).warnings(d.warnings()).shellCommands(d.shellCommands());
  }

  @Override
  public ResponseEntity<EcReportDto> getEcReport(Long clusterId, String path) {
    EcReports.Report r = service.report(clusterId, path);
    return ResponseEntity.ok(new EcReportDto(r.path(), r.files(), r.openFiles(), r.openBytes(), r.logicalBytes(),
        r.smallFiles(), r.histogram().stream().map(b -> new EcHistogramBucketDto(b.label(), b.min(), b.files(),
            b.bytes()).maxBytes(b.max())).toList(), layout(r.current()),
        r.layouts().stream().map(ErasureCodingController::layout).toList(),
        new EcReportRecommendationDto(r.recommended(), EcReportRecommendationDto.ActionEnum.fromValue(
            r.action().name()), r.reason())).warnings(r.warnings()));
  }

  static EcLayoutCostDto layout(EcReports.LayoutCost l) {
    return new EcLayoutCostDto(l.layout(), l.rawBytes(), l.blockObjects(), Math.round(l.ratioToLogical() * 1000)
        / 1000.0).smallFileRawBytes(l.smallFileRaw());
  }

  @Override
  public ResponseEntity<List<EcConversionDto>> listEcConversions(Long clusterId) {
    return ResponseEntity.ok(service.conversions(clusterId).stream().map(this::conversion).toList());
  }

  @Override
  public ResponseEntity<EcConversionDto> getEcConversion(Long clusterId, Long conversionId) {
    return ResponseEntity.ok(conversion(service.conversion(clusterId, conversionId)));
  }

  @Override
  public ResponseEntity<EcConversionStartedDto> startEcConversion(Long clusterId, StartEcConversionRequestDto b) {
    ErasureCodingService.Started s = service.convert(clusterId, b.getPath(), b.getPolicy(), b.getThrottleMbPerSecond(),
        b.getConfirm(), CurrentUser.name());
    return ResponseEntity.status(HttpStatus.ACCEPTED).location(URI.create("/api/v1/operations/" + s.operation().id()))
        .body(new EcConversionStartedDto(OperationDtos.dto(s.operation()), conversion(s.conversion())));
  }

  EcConversionDto conversion(Conversion c) {
    Conversion.Totals t = c.totals();
    Conversion.Copy copy = c.copy();
    return new EcConversionDto(c.id(), c.path(), c.policy(), EcConversionDto.StateEnum.fromValue(c.state().name()),
        t.files(), t.done(), t.failed(), t.bytes(), t.bytesDone(), t.rawBefore(), t.rawNow(),
        t.rawBefore() - t.rawNow(), c.predictedRaw(), time(c.startedAt()), c.shellCommand())
        .message(c.message()).operationId(c.operationId()).throttleMbPerSecond(c.throttleMbps())
        .finishedAt(time(c.finishedAt())).coder(copy.coder()).parallelFiles(copy.parallelFiles())
        .filesCopying(c.state() == Conversion.State.RUNNING ? runner.filesCopying(c.id()) : 0)
        .mibPerSecond(copy.mibPerSecond());
  }

  @Override
  public ResponseEntity<TableEcStateDto> getTableEcPolicy(Long clusterId, String table) {
    ErasureCodingService.TableEcView v = service.table(clusterId, table);
    return ResponseEntity.ok(new TableEcStateDto(v.table(), v.state().hfiles(), v.state().hfilesUnderPolicy(),
        v.state().hfilesStriped(), v.state().files().stream().map(f -> new HFileLayoutDto(f.path(), f.length(),
            f.striped() ? HFileLayoutDto.LayoutEnum.STRIPED : HFileLayoutDto.LayoutEnum.CONTIGUOUS, f.policy(),
            f.spaceConsumed())).toList(), v.shell()).policy(v.state().policy()).directoryPolicy(v.state().directoryPolicy()).warnings(v.warnings()));
  }

  @Override
  public ResponseEntity<TableEcChangeDto> setTableEcPolicy(Long clusterId, String table,
      SetTableEcPolicyRequestDto body) {
    ErasureCodingService.TableChange ch = service.setTablePolicy(clusterId, table, body == null ? null
        : body.getPolicy(), CurrentUser.name());
    return ResponseEntity.status(HttpStatus.ACCEPTED).location(URI.create("/api/v1/operations/"
        + ch.operation().id())).body(new TableEcChangeDto(OperationDtos.dto(ch.operation()), ch.shell(),
            "existing HFiles keep their layout until their next major compaction rewrites them; start one now with"
                + " major_compact '" + table + "' (Compactions)").warnings(ch.warnings()));
  }
}
