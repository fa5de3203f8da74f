package io.granary.operations;

import static io.granary.shared.web.Dtos.time;

import io.granary.api.model.OperationDetailDto;
import io.granary.api.model.OperationDto;
import io.granary.api.model.OperationEventDto;
import io.granary.api.model.OperationStateDto;
import java.util.List;

/** Maps operations to API DTOs; public because every feature that starts one returns it. */
public final class OperationDtos {
  private OperationDtos() {}

  public static OperationDto dto(Operation op) {
    return new OperationDto(op.id(), op.type(), op.target(), OperationStateDto.fromValue(op.state().name()),
        op.progress(), op.createdBy(), time(op.createdAt()))
        .clusterId(op.clusterId()).message(op.message()).startedAt(time(op.startedAt()))
        .finishedAt(time(op.finishedAt())).cancelRequested(op.cancelRequested())
        .shellEquivalent(op.shellEquivalent());
  }

  static OperationEventDto event(OperationEvent e) {
    return new OperationEventDto(time(e.at()), OperationEventDto.LevelEnum.fromValue(e.level().name()), e.message())
        .progress(e.progress());
  }

  static OperationDetailDto detail(Operation op, List<OperationEvent> events) {
    return new OperationDetailDto(op.id(), op.type(), op.target(), OperationStateDto.fromValue(op.state().name()),
        op.progress(), op.createdBy(), time(op.createdAt()), events.stream().map(OperationDtos::event).toList())
        .clusterId(op.clusterId()).message(op.message()).startedAt(time(op.startedAt()))
        .finishedAt(time(op.finishedAt())).cancelRequested(op.cancelRequested())
        .shellEquivalent(op.shellEquivalent());
  }
}
