package io.granary.operations;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/** Live SSE subscribers per operation; every state change and event is pushed to them. */
@Component
public class OperationStreams {
  private final Map<UUID, List<SseEmitter>> subscribers = new ConcurrentHashMap<>();

  public void subscribe(UUID id, SseEmitter emitter) {
    subscribers.computeIfAbsent(id, k -> new CopyOnWriteArrayList<>()).add(emitter);
    Runnable remove = () -> {
      List<SseEmitter> l = subscribers.get(id);
      if (l != null) {
        l.remove(emitter);
      }
    };
    emitter.onCompletion(remove);
    emitter.onTimeout(remove);
    emitter.onError(e -> remove.run());
  }

  void publish(Operation op) {
    send(op.id(), "operation", OperationDtos.dto(op));
    if (op.state().isFinal()) {
      List<SseEmitter> l = subscribers.remove(op.id());
      if (l != null) {
        l.forEach(SseEmitter::complete);
      }
    }
  }

  void publish(OperationEvent event) {
    send(event.operationId(), "event", OperationDtos.event(event));
  }

  private void send(UUID id, String name, Object data) {
    List<SseEmitter> l = subscribers.get(id);
    if (l == null) {
      return;
    }
    for (SseEmitter e : l) {
      try {
        e.send(SseEmitter.event().name(name).data(data));
      } catch (IOException | IllegalStateException ex) {
        l.remove(e);
      }
    }
  }
}
