package io.granary.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class ExperimentFiguresTest {
  static final JsonMapper JSON = JsonMapper.builder().build();

  static ExperimentType.Point coder(String coder, int threads, double enc, double dec) {
    return new ExperimentType.Point(0, Map.of("schema", "RS-6-3", "coder", coder, "cellKib", 1024, "threads", threads,
        "mb", 64), "SUCCEEDED", JSON.readTree("{\"encodeMiBps\":" + enc + ",\"decodeMiBps\":" + dec + "}"));
  }

  @Test
  void coderBarsAreMediansPerCoderWithTheIsalJavaRatioAboveEachGroup() {
    ExperimentType.Figure f = new EcCoderExperiment().figure(List.of(coder("isa-l", 1, 4000, 3000),
        coder("java", 1, 250, 200), coder("isa-l", 1, 4200, 3100), coder("java", 1, 260, 210),
        coder("isa-l", 1, 9000, 1), coder("java", 2, 500, 400)));
    ExperimentType.Panel enc = f.panels().get(0);
    assertThat(enc.title()).isEqualTo("Encode MiB/s");
    assertThat(enc.categories()).containsExactly("RS-6-3 · 1024 KiB · 1 thread", "RS-6-3 · 1024 KiB · 2 threads");
    assertThat(enc.series()).extracting(ExperimentType.Series::name).containsExactly("isa-l", "java");
    assertThat(enc.series().get(0).values()).containsExactly(4200.0, null); // median of 4000, 4200, 9000
    assertThat(enc.series().get(1).values()).containsExactly(255.0, 500.0);
    assertThat(enc.annotations()).containsExactly("ISA-L/Java 16×", "");
    assertThat(f.findings()).singleElement().satisfies(x -> {
      assertThat(x.ours()).isEqualTo("16×");
      assertThat(x.seed()).contains("~16×");
    });
  }

  @Test
  void smallFilePointsAreSetAgainstTheArithmeticAndDisagreementsNamed() {
    String layout = "\"layout\":{\"layout\":\"RS-3-2-1024k\",\"replication\":1,\"dataUnits\":3,\"parityUnits\":2,"
        + "\"cellSize\":1048576,\"blockSize\":4194304}";
    // 1 MiB: 1 data + 2 parity; 5 MiB: 3 data + 2 parity (one block group of 12 MiB); the second is off by one
    ExperimentType.Point p = new ExperimentType.Point(0, Map.of("layout", "RS-3-2-1024k", "sizesKib", List.of(1024,
        5120)), "SUCCEEDED", JSON.readTree("{\"points\":[{\"size\":1048576,\"files\":2,\"blockObjects\":6},"
        + "{\"size\":5242880,\"files\":1,\"blockObjects\":4}]," + layout + "}"));
    ExperimentType.Figure f = new SmallFilesExperiment().figure(List.of(p));
    ExperimentType.Panel panel = f.panels().get(0);
    assertThat(panel.title()).isEqualTo("Block objects per file: RS-3-2-1024k");
    assertThat(panel.categories()).containsExactly("1 MiB", "5 MiB");
    assertThat(panel.series().get(0).values()).containsExactly(3.0, 5.0);
    assertThat(panel.series().get(1).values()).containsExactly(3.0, 4.0);
    assertThat(f.notes()).contains("1 of 2 measured points equal the arithmetic");
    assertThat(f.notes()).anyMatch(n -> n.contains("5 MiB") && n.contains("the arithmetic says 5"));
  }

  @Test
  void replicationCountsEveryReplicaOfEveryBlock() {
    String layout = "{\"layout\":\"replication\",\"replication\":3,\"dataUnits\":0,\"parityUnits\":0,\"cellSize\":0,"
        + "\"blockSize\":4194304}";
    assertThat(SmallFilesExperiment.expected(5 << 20, JSON.readTree(layout))).isEqualTo(6);
    assertThat(SmallFilesExperiment.expected(512 << 10, JSON.readTree(layout))).isEqualTo(3);
  }

  @Test
  void dfsioLinesGoByWritersWithEcAgainstReplication() {
    ExperimentType.Point rep = new ExperimentType.Point(0, Map.of("layout", "replication", "coder", "-", "writers", 1),
        "SUCCEEDED", JSON.readTree("{\"writeMiBps\":100,\"readMiBps\":300,\"bytes\":100,\"rawBytes\":300,"
            + "\"writeCpuSecondsPerGiB\":1.5}"));
    ExperimentType.Point ec = new ExperimentType.Point(1, Map.of("layout", "RS-3-2-1024k", "coder", "isa-l", "writers",
        1), "SUCCEEDED", JSON.readTree("{\"writeMiBps\":150,\"readMiBps\":270,\"bytes\":100,\"rawBytes\":167,"
            + "\"writeCpuSecondsPerGiB\":2.0}"));
    ExperimentType.Figure f = new DfsIoExperiment().figure(List.of(rep, ec));
    assertThat(f.panels()).extracting(ExperimentType.Panel::title).containsExactly("Write MiB/s", "Read MiB/s");
    assertThat(f.panels().get(0).series().get(1).values()).containsExactly(150.0);
    assertThat(f.findings()).extracting(ExperimentType.Finding::ours).containsExactly("1.50×", "0.90×");
    assertThat(f.notes()).anyMatch(n -> n.contains("RS-3-2-1024k isa-l") && n.contains("1.67× the data"));
  }
}
