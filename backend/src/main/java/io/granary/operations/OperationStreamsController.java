package io.granary.operations;

import java.io.IOException;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * GET /operations/{id}/stream (tag OperationStreams in the contract). Hand-written: the generated
 * interface cannot return an SseEmitter. Sends the current snapshot and past events first, so a
 * late subscriber misses nothing, then live updates until the operation is final.
 */
@RestController
public class OperationStreamsController {
  private final OperationsService service;
  private final OperationStreams streams;

  public OperationStreamsController(OperationsService service, OperationStreams streams) {
    this.service = service;
    this.streams = streams;
  }

  @GetMapping(value = "/api/v1/operations/{operationId}/stream", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
  public SseEmitter streamOperation(@PathVariable UUID operationId) throws IOException {
    service.get(operationId); // 404 before opening a stream
    SseEmitter emitter = new SseEmitter(30 * 60 * 1000L);
    streams.subscribe(operationId, emitter);
    for (OperationEvent e : service.events(operationId)) {
      emitter.send(SseEmitter.event().name("event").data(OperationDtos.event(e)));
    }
    Operation now = service.get(operationId);
    emitter.send(SseEmitter.event().name("operation").data(OperationDtos.dto(now)));
    if (now.state().isFinal()) {
      emitter.complete();
    }
    return emitter;
  }
}
