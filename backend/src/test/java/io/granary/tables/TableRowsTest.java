package io.granary.tables;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.shared.problem.FieldError;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

class TableRowsTest {
  @Test
  void theShellsBinarySafeFormRoundTripsEveryByte() {
    byte[] all = new byte[256];
    for (int i = 0; i < all.length; i++) {
      all[i] = (byte) i;
    }
    String shown = Bytes.toStringBinary(all);
    List<FieldError> errors = new ArrayList<>();
    assertThat(TableRows.printable("key", shown, errors)).isTrue();
    assertThat(Bytes.toBytesBinary(shown)).isEqualTo(all);
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
