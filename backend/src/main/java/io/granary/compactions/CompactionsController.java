package io.granary.compactions;

import static io.granary.shared.web.Dtos.time;

import io.granary.api.CompactionsApi;
import io.granary.api.model.CompactionHistoryPointDto;
import io.granary.api.model.CompactionKindDto;
import io.granary.api.model.CompactionRegionDto;
import io.granary.api.model.CompactionRegionStateDto;
import io.granary.api.model.CompactionRequestDto;
import io.granary.api.model.CompactionRunDetailDto;
import io.granary.api.model.CompactionRunDto;
import io.granary.api.model.CompactionRunStateDto;
import io.granary.api.model.CompactionScheduleDto;
import io.granary.api.model.CompactionScheduleInputDto;
import io.granary.api.model.CompactionSelectionDto;
import io.granary.api.model.CompactionStartedDto;
import io.granary.api.model.CompactionTargetKindDto;
import io.granary.api.model.CompactionTriggerDto;
import io.granary.api.model.LintFindingDto;
import io.granary.operations.OperationDtos;
import io.granary.shared.web.CurrentUser;
import io.granary.tables.keys.RowKeys;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;

@RestController
public class CompactionsController implements CompactionsApi {
  private final CompactionsService service;
  private final JsonMapper json;

  public CompactionsController(CompactionsService service, JsonMapper json) {
    this.service = service;
    this.json = json;
  }

  @Override
  public ResponseEntity<CompactionStartedDto> compactNow(Long clusterId, CompactionRequestDto b) {
    CompactionsService.Started s = service.compactNow(clusterId, new CompactionsService.Request(
        b.getKind() == CompactionKindDto.MAJOR, b.getTable(), b.getFamily(), b.getRegion(), b.getServer(),
        b.getMaxPerServer()), CurrentUser.name());
    return started(s);
  }

  @Override
  public ResponseEntity<CompactionStartedDto> runCompactionScheduleNow(Long clusterId, Long scheduleId) {
    return started(service.runNow(clusterId, scheduleId, CurrentUser.name()));
  }

  private static ResponseEntity<CompactionStartedDto> started(CompactionsService.Started s) {
    return ResponseEntity.status(HttpStatus.ACCEPTED)
        .location(URI.create("/api/v1/operations/" + s.operation().id()))
        .body(new CompactionStartedDto(OperationDtos.dto(s.operation()), s.run().id(), s.run().shellCommand()));
  }

  @Override
  public ResponseEntity<List<CompactionRunDto>> listCompactionRuns(Long clusterId, String table, Long scheduleId,
      Integer limit) {
    return ResponseEntity.ok(service.runs(clusterId, table, scheduleId, limit == null ? 50 : limit).stream()
        .map(CompactionsController::run).toList());
  }

  @Override
  public ResponseEntity<CompactionRunDetailDto> getCompactionRun(Long clusterId, Long runId) {
    CompactionsService.RunDetail d = service.run(clusterId, runId);
    CompactionRunDetailDto dto = json.convertValue(run(d.view()), CompactionRunDetailDto.class);
    return ResponseEntity.ok(dto.regions(d.regions().stream().map(CompactionsController::region).toList()));
  }

  @Override
  public ResponseEntity<List<CompactionHistoryPointDto>> getCompactionHistory(Long clusterId, String table) {
    return ResponseEntity.ok(service.history(clusterId, table).stream().map(v -> {
      var t = v.totals();
      return new CompactionHistoryPointDto(v.run().id(), CompactionTriggerDto.valueOf(v.run().trigger().name()),
          CompactionRunStateDto.valueOf(v.run().state().name()), time(v.run().startedAt()), t.regions(),
          (int) t.filesBefore(), (int) t.filesAfter()).finishedAt(time(v.run().finishedAt()))
          .bytesBefore(t.bytesBefore()).bytesAfter(t.bytesAfter()).localityBefore(t.localityBefore())
          .localityAfter(t.localityAfter());
    }).toList());
  }

  static CompactionRunDto run(CompactionsService.RunView v) {
    Run r = v.run();
    Map<RunRegion.State, Integer> n = v.counts();
    int total = n.values().stream().mapToInt(Integer::intValue).sum();
    CompactionRunDto dto = new CompactionRunDto(r.id(), CompactionTriggerDto.valueOf(r.trigger().name()),
        r.major() ? CompactionKindDto.MAJOR : CompactionKindDto.MINOR, r.scope(),
        CompactionRunStateDto.valueOf(r.state().name()), time(r.startedAt()), total,
        n.getOrDefault(RunRegion.State.DONE, 0), n.getOrDefault(RunRegion.State.SKIPPED, 0),
        n.getOrDefault(RunRegion.State.FAILED, 0), n.getOrDefault(RunRegion.State.RUNNING, 0),
        n.getOrDefault(RunRegion.State.PENDING, 0), r.shellCommand())
        .scheduleId(r.scheduleId()).scheduleName(r.scheduleName()).message(r.message()).operationId(r.operationId())
        .windowStart(time(r.windowStart())).windowEnd(time(r.windowEnd())).finishedAt(time(r.finishedAt()))
        .maxPerServer(r.maxPerServer())
        .maxPerCluster(r.maxPerCluster() >= CompactionsService.UNCAPPED ? null : r.maxPerCluster());
    if (r.finishedAt() != null) {
      dto.durationSeconds(Duration.between(r.startedAt(), r.finishedAt()).toMillis() / 1000.0);
    }
    var t = v.totals();
    if (t != null) {
      dto.storeFilesBefore((int) t.filesBefore()).storeFilesAfter((int) t.filesAfter()).bytesRead(t.bytesBefore())
          .bytesWritten(t.bytesAfter()).localityBefore(t.localityBefore()).localityAfter(t.localityAfter());
    }
    return dto;
  }

  static CompactionRegionDto region(RunRegion r) {
    return new CompactionRegionDto(r.region(), r.table(), RowKeys.toStringBinary(r.startKey()), r.server(),
        CompactionRegionStateDto.valueOf(r.state().name())).reason(r.reason()).stores(r.stores())
        .storeFilesBefore(r.storeFilesBefore()).storeFilesAfter(r.storeFilesAfter()).bytesBefore(r.bytesBefore())
        .bytesAfter(r.bytesAfter()).localityBefore(r.localityBefore() == null ? null : (double) r.localityBefore())
        .localityAfter(r.localityAfter() == null ? null : (double) r.localityAfter())
        .lastMajorBefore(time(r.lastMajorBefore())).startedAt(time(r.startedAt())).finishedAt(time(r.finishedAt()));
  }

  // ---- schedules

  @Override
  public ResponseEntity<List<CompactionScheduleDto>> listCompactionSchedules(Long clusterId) {
    return ResponseEntity.ok(service.schedules(clusterId).stream().map(this::schedule).toList());
  }

  @Override
  public ResponseEntity<CompactionScheduleDto> getCompactionSchedule(Long clusterId, Long scheduleId) {
    return ResponseEntity.ok(schedule(service.schedule(clusterId, scheduleId)));
  }

  @Override
  public ResponseEntity<CompactionScheduleDto> createCompactionSchedule(Long clusterId, CompactionScheduleInputDto b) {
    return ResponseEntity.status(HttpStatus.CREATED).body(schedule(service.create(clusterId, input(b),
        CurrentUser.name())));
  }

  @Override
  public ResponseEntity<CompactionScheduleDto> updateCompactionSchedule(Long clusterId, Long scheduleId,
      CompactionScheduleInputDto b) {
    return ResponseEntity.ok(schedule(service.update(clusterId, scheduleId, input(b))));
  }

  @Override
  public ResponseEntity<Void> deleteCompactionSchedule(Long clusterId, Long scheduleId) {
    service.delete(clusterId, scheduleId);
    return ResponseEntity.noContent().build();
  }

  static Schedule.Input input(CompactionScheduleInputDto b) {
    return new Schedule.Input(b.getName(),
        b.getTargetKind() == null ? null : Schedule.TargetKind.valueOf(b.getTargetKind().name()), b.getTarget(),
        b.getCron(), b.getTimeZone(), b.getDurationMinutes(), b.getMaxPerServer(), b.getMaxPerCluster(),
        b.getSelection() == null ? null : Schedule.Selection.valueOf(b.getSelection().name()),
        b.getMinStoreFilesPerStore(), b.getMaxLocalityPercent(), b.getMinHoursSinceMajor(),
        Boolean.TRUE.equals(b.getPauseOutsideWindows()), b.getEnabled() == null || b.getEnabled());
  }

  private CompactionScheduleDto schedule(CompactionsService.ScheduleView v) {
    Schedule s = v.schedule();
    CompactionScheduleDto dto = new CompactionScheduleDto().id(s.id()).name(s.name())
        .targetKind(CompactionTargetKindDto.valueOf(s.targetKind().name())).target(s.target()).cron(s.cron())
        .timeZone(s.timeZone()).durationMinutes(s.durationMinutes()).maxPerServer(s.maxPerServer())
        .maxPerCluster(s.maxPerCluster()).selection(CompactionSelectionDto.valueOf(s.selection().name()))
        .minStoreFilesPerStore(s.minStoreFiles()).maxLocalityPercent(s.maxLocalityPercent())
        .minHoursSinceMajor(s.minHoursSinceMajor()).pauseOutsideWindows(s.pauseOutside()).enabled(s.enabled())
        .nextWindows(v.nextWindows().stream().map(i -> time(i)).toList()).openWindowEnd(time(v.openWindowEnd()))
        .recommendations(v.recommendations().stream().map(f -> new LintFindingDto(f.code(),
            LintFindingDto.SeverityEnum.fromValue(f.severity()), f.message())).toList())
        .shellCommands(v.shellCommands()).createdBy(s.createdBy()).createdAt(time(s.createdAt()));
    v.lastRun().ifPresent(r -> dto.lastRun(run(new CompactionsService.RunView(r, Map.of(), null))));
    return dto;
  }
}
