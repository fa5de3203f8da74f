package io.granary.vcenters;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.granary.shared.problem.ProblemException;
import org.junit.jupiter.api.Test;

class VcentersServiceUrlTest {
  @Test
  void aConnectionUrlMustParseWithAHost() {
    assertThatCode(() -> VcentersService.checkUrl("https://vcenter.example.com/sdk")).doesNotThrowAnyException();
    assertThatCode(() -> VcentersService.checkUrl("https://[fd00::1]:8989/sdk")).doesNotThrowAnyException();
    assertThatThrownBy(() -> VcentersService.checkUrl("https://oym[3][QVp64DEcA1/5Q0t43P_"))
        .isInstanceOf(ProblemException.class);
    assertThatThrownBy(() -> VcentersService.checkUrl("ftp://vcenter.example.com"))
        .isInstanceOf(ProblemException.class);
  }
}
