package io.granary.tables;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.shared.problem.FieldError;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TableRowsTest {
  @Test
  void everyByteInTheShellsFormPasses() {
    StringBuilder all = new StringBuilder();
    for (int i = 0; i < 256; i++) {
      all.append(i >= 0x20 && i < 0x7f && i != '\\' ? String.valueOf((char) i) : String.format("\\x%02X", i));
    }
    List<FieldError> errors = new ArrayList<>();
    assertThat(TableRows.printable("key", all.toString(), errors)).isTrue();
    assertThat(io.granary.engine.EngineTables.byteLength(all.toString())).isEqualTo(256);
  }

  @Test
  void aCharacterOutsidePrintableAsciiIsRefusedNamingTheEscape() {
    List<FieldError> errors = new ArrayList<>();
    assertThat(TableRows.printable("rows[0].key", "caf\u00e9", errors)).isFalse();
    assertThat(TableRows.printable("start", "a\tb", errors)).isFalse();
    assertThat(errors).extracting(FieldError::field).containsExactly("rows[0].key", "start");
    assertThat(errors.get(0).message()).contains("\\xNN");
  }

  @Test
  void shellCommandsQuoteLikeTheShell() {
    assertThat(TableRows.getCommand("t1", "row-\\x00\"1")).isEqualTo("get 't1', \"row-\\x00\\\"1\"");
  }
}
