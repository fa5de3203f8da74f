package io.granary.tables;

import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import java.io.IOException;

/** A synchronous engine call made while serving a request: an I/O failure is the cluster not answering (409). */
@FunctionalInterface
public interface EngineCall<T> {
  T call() throws IOException;

  static <T> T answer(EngineCall<T> call) {
    try {
      return call.call();
    } catch (IOException e) {
      throw ProblemException.of(ProblemType.CLUSTER_UNREACHABLE, "the cluster did not answer: " + e.getMessage());
    }
  }
}
