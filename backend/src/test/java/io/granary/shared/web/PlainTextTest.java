package io.granary.shared.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PlainTextTest {
  @Test
  void namesWithMarkupOrControlCharactersAreRefusedOthersPass() {
    assertThat(PlainText.problem("nightly major — ns:users")).isNull();
    assertThat(PlainText.problem("Ünïcödé 名前")).isNull();
    assertThat(PlainText.problem(null)).isNull();
    assertThat(PlainText.problem("<img src=x>")).contains("markup");
    assertThat(PlainText.problem("a>b")).contains("markup");
    assertThat(PlainText.problem("line\nbreak")).contains("control");
    assertThat(PlainText.problem("nul\u0000")).contains("control");
  }
}
