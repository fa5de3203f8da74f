package io.granary.erasurecoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import org.junit.jupiter.api.Test;

class EcPathsTest {
  @Test
  void walsMasterDataOldWalsTheirParentsAndTheirInsidesAreProtected() {
    for (String p : new String[] {"/", "/hbase", "/hbase/WALs", "/hbase/WALs/rs1", "/hbase/MasterData", "/hbase/oldWALs"}) {
      assertThat(EcPaths.protectedBy(p, "/hbase")).as(p).isNotNull();
    }
    for (String p : new String[] {"/hbase/data", "/hbase/data/default/t", "/data", "/hbase/WALsX", "/hbasex"}) {
      assertThat(EcPaths.protectedBy(p, "/hbase")).as(p).isNull();
    }
  }

  @Test
  void refusalsCarryTheProblemCode() {
    assertThatThrownBy(() -> EcPaths.refuseProtected("/hbase", "/hbase"))
        .isInstanceOfSatisfying(ProblemException.class, e -> {
          assertThat(e.type()).isEqualTo(ProblemType.EC_PROTECTED_PATH);
          assertThat(e.getMessage()).contains("/hbase/WALs", "hflush");
        });
  }

  @Test
  void pathsAreNormalizedOrRefused() {
    assertThat(EcPaths.normalize("path", "/a//b/")).isEqualTo("/a/b");
    assertThat(EcPaths.normalize("path", "/")).isEqualTo("/");
    assertThatThrownBy(() -> EcPaths.normalize("path", "a/b")).isInstanceOf(ProblemException.class);
    assertThatThrownBy(() -> EcPaths.normalize("path", "/a/../b")).isInstanceOf(ProblemException.class);
  }
}
