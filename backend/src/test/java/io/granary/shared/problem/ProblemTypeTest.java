package io.granary.shared.problem;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ProblemTypeTest {
  @Test
  void codesAreUniqueAndKebabCase() {
    var codes = Arrays.stream(ProblemType.values()).map(ProblemType::code).toList();
    assertThat(codes).doesNotHaveDuplicates();
    assertThat(codes).allMatch(c -> c.matches("[a-z]+(-[a-z]+)*"));
  }

  @Test
  void onlyInternalErrorIsAServerError() {
    assertThat(Arrays.stream(ProblemType.values()).filter(t -> t.status().is5xxServerError()))
        .containsExactly(ProblemType.INTERNAL_ERROR);
  }
}
