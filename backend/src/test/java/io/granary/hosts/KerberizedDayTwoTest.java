package io.granary.hosts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.granary.clusters.Cluster;
import io.granary.clusters.ClusterKind;
import io.granary.engine.EngineKerberos;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import java.util.List;
import org.junit.jupiter.api.Test;

class KerberizedDayTwoTest {
  static Cluster cluster(EngineKerberos kerberos) {
    return new Cluster(3, "krb", ClusterKind.PROVISIONED, "lab1:2181", "hdfs://lab1:8020", null, null, null, null,
        kerberos);
  }

  @Test
  void dayTwoRunsOfAKerberizedClusterAreRefusedNamingTheRealm() {
    EngineKerberos k = new EngineKerberos("GRANARY.TEST", List.of("lab1"), "granary-cp/krb@GRANARY.TEST",
        "privacy", "authentication", "-----BEGIN CERTIFICATE-----");
    ProblemException e = catchThrowableOfType(ProblemException.class,
        () -> RollingRestartService.refuseKerberized(cluster(k), "a rolling restart"));
    assertThat(e.type()).isEqualTo(ProblemType.KERBEROS_UNSUPPORTED);
    assertThat(e.type().status().value()).isEqualTo(409);
    assertThat(e.getMessage()).contains("a rolling restart of 'krb' is not supported yet").contains("GRANARY.TEST");
    assertThatCode(() -> RollingRestartService.refuseKerberized(cluster(null), "a rolling restart"))
        .doesNotThrowAnyException();
  }
}
