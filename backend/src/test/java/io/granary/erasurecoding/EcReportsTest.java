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

  @Test
  void bigFilesAreRecommendedTheCheapestEnabledPolicy() {
    List<FileInfo> files = List.of(file(30 * MB), file(60 * MB));
    EcReports.Report r = EcReports.build("/d", files, List.of(RS32, THREE), Map.of("RS-3-2-1024k", RS32), 270 * MB);
    assertThat(r.recommended()).isEqualTo("RS-3-2-1024k");
    assertThat(r.reason()).contains("44% less");
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
    assertThat(r.recommended()).isEqualTo("replication");
    assertThat(r.reason()).contains("would save only 0%");
    assertThat(r.smallFiles()).isEqualTo(100);
    assertThat(r.layout("RS-3-2-1024k").blockObjects()).isEqualTo(300);
    assertThat(r.layout("RS-3-2-1024k").smallFileRaw()).isEqualTo(r.layout("RS-3-2-1024k").rawBytes());
    assertThat(r.warnings()).singleElement().asString().contains("100 of 100 files are smaller than 1 MB");
  }

  @Test
  void anEmptyDirectoryHasNothingToRecommend() {
    EcReports.Report r = EcReports.build("/d", List.of(), List.of(RS32, THREE), Map.of(), 0);
    assertThat(r.recommended()).isEqualTo("current");
  }
}
