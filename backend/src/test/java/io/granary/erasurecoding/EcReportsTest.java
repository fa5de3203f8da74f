package io.granary.erasurecoding;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.engine.EngineErasureCoding.FileInfo;
import io.granary.erasurecoding.EcMath.Layout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EcReportsTest {
  static final long MB = 1 << 20;
  static final long BLOCK = 128 * MB;
  static final Layout RS32 = new Layout("RS-3-2-1024k", 3, 2, (int) MB, 1);
  static final Layout THREE = Layout.replicated("replication", 3);

  static FileInfo file(long len) {
    return new FileInfo("/d/f" + len, len, (short) 3, BLOCK, "replication");
  }

  static FileInfo striped(long len) {
    return new FileInfo("/d/s" + len, len, (short) 1, BLOCK, "RS-3-2-1024k");
  }

  @Test
  void bigFilesAreRecommendedTheCheapestEnabledPolicy() {
    List<FileInfo> files = List.of(file(30 * MB), file(60 * MB));
    EcReports.Report r = EcReports.build("/d", files, List.of(RS32, THREE), Map.of("RS-3-2-1024k", RS32), 270 * MB);
    assertThat(r.recommended()).isEqualTo("RS-3-2-1024k");
    assertThat(r.action()).isEqualTo(EcReports.Action.CONVERT);
    assertThat(r.reason()).contains("44% less", "2 of 2 files are not under it yet");
    assertThat(r.layout("RS-3-2-1024k").rawBytes()).isEqualTo(150 * MB);
    assertThat(r.layout("replication").rawBytes()).isEqualTo(270 * MB);
    assertThat(r.current().blockObjects()).isEqualTo(6);
    assertThat(r.histogram()).extracting(EcReports.Bucket::files).containsExactly(0L, 0L, 0L, 0L, 2L, 0L, 0L);
    assertThat(r.warnings()).isEmpty();
  }

  @Test
  void smallFilesStayReplicatedWithAWarning() {
    List<FileInfo> files = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      files.add(file(10_000 + i));
    }
    EcReports.Report r = EcReports.build("/d", files, List.of(RS32, THREE), Map.of(), 3_000_000);
    assertThat(r.action()).isEqualTo(EcReports.Action.NONE);
    assertThat(r.recommended()).isEqualTo("current");
    assertThat(r.reason()).startsWith("nothing to do: all 100 files are already stored as 3× replication");
    assertThat(r.smallFiles()).isEqualTo(100);
    assertThat(r.layout("RS-3-2-1024k").blockObjects()).isEqualTo(300);
    assertThat(r.layout("RS-3-2-1024k").smallFileRaw()).isEqualTo(r.layout("RS-3-2-1024k").rawBytes());
    assertThat(r.warnings()).singleElement().asString().contains("100 of 100 files are smaller than 1 MiB");
  }

  @Test
  void anEmptyDirectoryHasNothingToRecommend() {
    EcReports.Report r = EcReports.build("/d", List.of(), List.of(RS32, THREE), Map.of(), 0);
    assertThat(r.recommended()).isEqualTo("current");
    assertThat(r.action()).isEqualTo(EcReports.Action.NONE);
  }

  @Test
  void filesAlreadyUnderTheCheapestPolicyAreNotRecommendedTheirOwnLayout() {
    List<FileInfo> files = List.of(striped(30 * MB), striped(60 * MB));
    EcReports.Report r = EcReports.build("/d", files, List.of(RS32, THREE), Map.of("RS-3-2-1024k", RS32), 150 * MB);
    assertThat(r.action()).isEqualTo(EcReports.Action.NONE);
    assertThat(r.recommended()).isEqualTo("current");
    assertThat(r.reason()).contains("already stored as RS-3-2-1024k");
  }

  @Test
  void openFilesAreLeftOutOfEveryFigureAndNamedInAWarning() {
    FileInfo wal = new FileInfo("/hbase/WALs/rs/wal.1", 158 * 1024, (short) 3, BLOCK, "replication", true);
    List<FileInfo> files = List.of(file(30 * MB), wal);
    EcReports.Report r = EcReports.build("/d", files, List.of(RS32, THREE), Map.of("RS-3-2-1024k", RS32), 90 * MB);
    assertThat(r.files()).isEqualTo(1);
    assertThat(r.openFiles()).isEqualTo(1);
    assertThat(r.openBytes()).isEqualTo(158 * 1024);
    assertThat(r.logicalBytes()).isEqualTo(30 * MB);
    assertThat(r.layout("replication").rawBytes()).isEqualTo(90 * MB);
    assertThat(r.warnings()).anySatisfy(w -> assertThat(w).contains("1 open file(s)", "158.0 KiB"));
  }

  @Test
  void aSavingBelowTheThresholdOverWhatIsStoredNowIsNothingToDo() {
    // XOR-2-1 files cost 1.5x; RS-3-2 would cost 1.67x: the cheapest is what is there
    Layout xor = new Layout("XOR-2-1-1024k", 2, 1, (int) MB, 1);
    List<FileInfo> files = List.of(new FileInfo("/d/x", 64 * MB, (short) 1, BLOCK, "XOR-2-1-1024k"));
    EcReports.Report r = EcReports.build("/d", files, List.of(RS32, xor, THREE), Map.of("XOR-2-1-1024k", xor,
        "RS-3-2-1024k", RS32), 96 * MB);
    assertThat(r.action()).isEqualTo(EcReports.Action.NONE);
    assertThat(r.reason()).contains("already stored as XOR-2-1-1024k");
  }
}
