package io.granary.tables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;

class EngineCallTest {

  private static ProblemType typeOf(EngineCall<?> call) {
    try {
      EngineCall.answer(call);
    } catch (ProblemException e) {
      return e.type();
    }
    throw new AssertionError("no problem raised");
  }

  @Test
  void unresolvableNameNodeHostIsTheClusterNotTheInput() {
    // what Hadoop's DFS client throws for hdfs://8L0 when 8L0 does not resolve
    EngineCall<Void> call = () -> {
      throw new IllegalArgumentException(new UnknownHostException("8L0"));
    };
    assertThat(typeOf(call)).isEqualTo(ProblemType.CLUSTER_UNREACHABLE);
    assertThatThrownBy(() -> EngineCall.answer(call)).hasMessageContaining("does not resolve: 8L0");
  }

  @Test
  void unknownHostSeenOnlyInTheMessageCounts() {
    assertThat(EngineCall.unresolvedHost(new IllegalArgumentException("java.net.UnknownHostException: nn1")))
        .isEqualTo("nn1");
    assertThat(EngineCall.unresolvedHost(new IllegalArgumentException("Wrong FS: x"))).isNull();
  }

  @Test
  void malformedInputStaysTheCallersError() {
    EngineCall<Void> call = () -> {
      throw new IllegalArgumentException("Illegal character in path");
    };
    assertThat(typeOf(call)).isEqualTo(ProblemType.VALIDATION_FAILED);
  }

  @Test
  void missingPathIsNotFoundAndOtherIoIsUnreachable() {
    assertThat(typeOf(() -> {
      throw new FileNotFoundException("/hbase/x");
    })).isEqualTo(ProblemType.PATH_NOT_FOUND);
    assertThat(typeOf(() -> {
      throw new IOException("Connection refused");
    })).isEqualTo(ProblemType.CLUSTER_UNREACHABLE);
  }
}
