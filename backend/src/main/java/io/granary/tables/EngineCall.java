package io.granary.tables;

import io.granary.engine.EngineErrors;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A synchronous engine call made while serving a request. HDFS refusing the input (an invalid path) is the
 * caller's 400 and a missing path its 404; any other I/O failure is the cluster not answering (409). The
 * message is one line: a RemoteException carries the NameNode's whole stack trace, which stays in the log.
 */
@FunctionalInterface
public interface EngineCall<T> {
  T call() throws IOException;

  /** Longest a page waits on the engine: past the clients' own retries, short of a browser giving up. */
  Duration LIMIT = Duration.ofSeconds(25);

  static <T> T answer(EngineCall<T> call) {
    // on its own thread, so a cluster whose ZooKeeper or meta never answers cannot hold a request
    // (and the servlet thread) for minutes: HBase's client does not always honour its timeouts
    Future<T> f = Pool.CALLS.submit(call::call);
    try {
      return f.get(LIMIT.toSeconds(), TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      f.cancel(true);
      throw ProblemException.of(ProblemType.CLUSTER_UNREACHABLE, "the cluster did not answer within "
          + LIMIT.toSeconds() + " s");
    } catch (InterruptedException e) {
      f.cancel(true);
      Thread.currentThread().interrupt();
      throw ProblemException.of(ProblemType.CLUSTER_UNREACHABLE, "interrupted while waiting for the cluster");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IOException io) {
        throw problem(io);
      }
      if (cause instanceof ProblemException pe) {
        throw pe;
      }
      if (cause instanceof IllegalArgumentException iae && unresolvedHost(iae) != null) {
        // Hadoop wraps a NameNode host that does not resolve in an IllegalArgumentException: that is the
        // registered cluster's address, not this request's input
        throw ProblemException.of(ProblemType.CLUSTER_UNREACHABLE, "the cluster's host does not resolve: "
            + unresolvedHost(iae));
      }
      if (cause instanceof IllegalArgumentException iae) {
        // Hadoop's Path/URI parsing and HBase's TableName reject malformed input this way
        throw ProblemException.of(ProblemType.VALIDATION_FAILED, "the engine refused the input: "
            + firstLine(iae.getMessage() == null ? "invalid value" : iae.getMessage()));
      }
      if (cause instanceof RuntimeException re) {
        throw re;
      }
      throw new IllegalStateException(cause);
    }
  }

  /** Daemon threads for engine calls made on behalf of requests. */
  final class Pool {
    static final ExecutorService CALLS = Executors.newCachedThreadPool(r -> {
      Thread t = new Thread(r, "engine-call");
      t.setDaemon(true);
      return t;
    });

    private Pool() {}
  }

  private static ProblemException problem(IOException e) {
    String cls = EngineErrors.className(e);
    if (e instanceof FileNotFoundException || cls.endsWith("FileNotFoundException")) {
      return ProblemException.of(ProblemType.PATH_NOT_FOUND, "no such path: " + firstLine(e));
    }
    if (cls.endsWith("InvalidPathException") || cls.endsWith("IllegalArgumentException")
        || cls.endsWith("PathIsNotDirectoryException")) {
      return ProblemException.of(ProblemType.VALIDATION_FAILED, "HDFS refused the path: " + firstLine(e));
    }
    if (cls.endsWith("AccessDeniedException") || String.valueOf(e.getMessage()).contains("AccessDeniedException")) {
      return ProblemException.of(ProblemType.ENGINE_ACCESS_DENIED, "HBase refused the control plane's user (make it"
          + " an HBase superuser, hbase.superuser): " + firstLine(e));
    }
    return ProblemException.of(ProblemType.CLUSTER_UNREACHABLE, "the cluster did not answer: "
        + EngineErrors.describe(e));
  }

  /** The host name when {@code e} is, or wraps, an {@link UnknownHostException}; otherwise null. */
  static String unresolvedHost(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof UnknownHostException u) {
        return firstLine(u.getMessage() == null ? "unknown host" : u.getMessage());
      }
      String m = t.getMessage();
      if (m != null && m.startsWith(UnknownHostException.class.getName() + ": ")) {
        return firstLine(m.substring(UnknownHostException.class.getName().length() + 2));
      }
    }
    return null;
  }

  private static String firstLine(IOException e) {
    return firstLine(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
  }

  private static String firstLine(String m) {
    int nl = m.indexOf('\n');
    m = nl < 0 ? m : m.substring(0, nl);
    return m.length() > 300 ? m.substring(0, 300) + "…" : m;
  }
}
