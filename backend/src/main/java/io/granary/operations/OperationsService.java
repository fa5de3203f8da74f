package io.granary.operations;

import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Service;

/**
 * Runs long actions as operations: a row in PostgreSQL with state, progress and events, executed
 * on a bounded pool and streamed to subscribers. Each instance has a runner id; its open rows are
 * heartbeated, and rows whose runner died are failed by {@link OperationReaper}.
 */
@Service
public class OperationsService implements DisposableBean {
  private static final Logger log = LoggerFactory.getLogger(OperationsService.class);

  private final OperationRepository repo;
  private final OperationStreams streams;
  private final ExecutorService pool;
  private final String runnerId = "cp-" + UUID.randomUUID();

  public OperationsService(OperationRepository repo, OperationStreams streams, OperationsProperties props) {
    this.repo = repo;
    this.streams = streams;
    this.pool = Executors.newFixedThreadPool(props.threads(), r -> {
      Thread t = new Thread(r, "operation-runner");
      t.setDaemon(true);
      return t;
    });
  }

  public String runnerId() {
    return runnerId;
  }

  /**
   * Starts an operation; refuses it while another one on the same target of the same cluster is
   * open (one balancer run per cluster, one DDL per table; different tables run side by side).
   */
  public synchronized Operation start(String type, Long clusterId, String target, String shellEquivalent,
      String user, OperationTask task) {
    if (clusterId != null) {
      repo.openOnTarget(clusterId, target).ifPresent(open -> {
        throw ProblemException.of(ProblemType.OPERATION_ALREADY_RUNNING,
            "a " + open + " operation on " + target + " is already running on this cluster");
      });
    }
    Operation op = repo.insert(UUID.randomUUID(), type, clusterId, target, shellEquivalent, user, runnerId);
    pool.submit(() -> run(op.id(), task));
    return op;
  }

  private void run(UUID id, OperationTask task) {
    Context ctx = new Context(id);
    try {
      streams.publish(repo.markRunning(id));
      ctx.info("started");
      String message = task.run(ctx);
      finish(id, OperationState.SUCCEEDED, message == null ? "done" : message, OperationEvent.Level.INFO);
    } catch (OperationCancelledException e) {
      finish(id, OperationState.CANCELLED, "cancelled on request", OperationEvent.Level.WARN);
    } catch (Exception e) {
      log.warn("operation {} failed", id, e);
      String msg = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      finish(id, OperationState.FAILED, msg, OperationEvent.Level.ERROR);
    }
  }

  private void finish(UUID id, OperationState state, String message, OperationEvent.Level level) {
    repo.finish(id, state, message).ifPresent(op -> {
      streams.publish(repo.addEvent(id, level, state.name().toLowerCase() + ": " + message, op.progress()));
      streams.publish(op);
    });
  }

  public Operation get(UUID id) {
    return repo.find(id).orElseThrow(() -> notFound(id));
  }

  public List<OperationEvent> events(UUID id) {
    return repo.events(id);
  }

  public List<Operation> list(Long clusterId, OperationState state, int limit) {
    return repo.list(clusterId, state, limit);
  }

  public Operation cancel(UUID id) {
    Operation op = get(id);
    if (op.state().isFinal()) {
      throw ProblemException.of(ProblemType.OPERATION_FINISHED, "operation " + id + " is already " + op.state());
    }
    Operation updated = repo.requestCancel(id).orElseThrow(() ->
        ProblemException.of(ProblemType.OPERATION_FINISHED, "operation " + id + " finished meanwhile"));
    streams.publish(repo.addEvent(id, OperationEvent.Level.WARN, "cancel requested", null));
    streams.publish(updated);
    return updated;
  }

  private static ProblemException notFound(UUID id) {
    return ProblemException.of(ProblemType.OPERATION_NOT_FOUND, "no operation " + id);
  }

  void publishReaped(Operation op) {
    streams.publish(repo.addEvent(op.id(), OperationEvent.Level.ERROR, op.message(), op.progress()));
    streams.publish(op);
  }

  @Override
  public void destroy() {
    pool.shutdownNow();
  }

  private final class Context implements OperationContext {
    private final UUID id;

    Context(UUID id) {
      this.id = id;
    }

    @Override
    public void progress(int percent, String message) {
      int p = Math.max(0, Math.min(100, percent));
      streams.publish(repo.progress(id, p, message));
      if (message != null) {
        streams.publish(repo.addEvent(id, OperationEvent.Level.INFO, message, p));
      }
    }

    @Override
    public void info(String message) {
      streams.publish(repo.addEvent(id, OperationEvent.Level.INFO, message, null));
    }

    @Override
    public void warn(String message) {
      streams.publish(repo.addEvent(id, OperationEvent.Level.WARN, message, null));
    }

    @Override
    public boolean cancelRequested() {
      return repo.cancelRequested(id);
    }
  }
}
