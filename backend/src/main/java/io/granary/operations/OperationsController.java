package io.granary.operations;

import io.granary.api.OperationsApi;
import io.granary.api.model.OperationDetailDto;
import io.granary.api.model.OperationDto;
import io.granary.api.model.OperationStateDto;
import java.util.List;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class OperationsController implements OperationsApi {
  private final OperationsService service;

  public OperationsController(OperationsService service) {
    this.service = service;
  }

  @Override
  public ResponseEntity<List<OperationDto>> listOperations(Long clusterId, OperationStateDto state, Integer limit) {
    OperationState s = state == null ? null : OperationState.valueOf(state.getValue());
    return ResponseEntity.ok(service.list(clusterId, s, limit == null ? 100 : limit).stream()
        .map(OperationDtos::dto).toList());
  }

  @Override
  public ResponseEntity<OperationDetailDto> getOperation(UUID operationId) {
    Operation op = service.get(operationId);
    return ResponseEntity.ok(OperationDtos.detail(op, service.events(operationId)));
  }

  @Override
  public ResponseEntity<OperationDto> cancelOperation(UUID operationId) {
    return ResponseEntity.status(HttpStatus.ACCEPTED).body(OperationDtos.dto(service.cancel(operationId)));
  }
}
