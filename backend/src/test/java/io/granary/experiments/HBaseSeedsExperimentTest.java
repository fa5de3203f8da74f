package io.granary.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.shared.problem.FieldError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Seeds 001 and 002 beside the sweep: the MSLAB batch-read curve and the HFile formats table. */
class HBaseSeedsExperimentTest {
  final io.granary.clusters.Cluster local = new io.granary.clusters.Cluster(1, "local",
      io.granary.clusters.ClusterKind.LOCAL, "127.0.0.1:2181", "hdfs://127.0.0.1:9000", null, null, null);

  @Test
  void mslabRunsOneScratchClusterPerSettingAndRefusesAMemStoreTooLarge() {
    MslabBatchExperiment m = new MslabBatchExperiment();
    List<FieldError> errors = new ArrayList<>();
    List<ExperimentType.Variant> v = m.plan(ExperimentPlansTest.params("{\"mslab\":[\"on\",\"off\"],\"chunkSizes\":"
        + "[2097152,8388608],\"valueSizes\":[100],\"batches\":[1,1000],\"rows\":2000}"), ExperimentPlansTest.FIVE, errors);
    assertThat(errors).isEmpty();
    assertThat(v).extracting(ExperimentType.Variant::label).containsExactly("MSLAB on, chunk 2 MiB",
        "MSLAB on, chunk 8 MiB", "MSLAB off");
    assertThat(v.get(2).scratchUp()).contains("hbase.hregion.memstore.mslab.enabled=false");
    assertThat(String.join(" ", ExperimentRunner.command("granary-node", v.get(0), m, local, 5, 0))).isEqualTo(
        "granary-node memstore-multiget --rows 2000 --value-sizes 100 --batches 1,1000 --dir scratch/5-0"
            + " --table granary_exp_5_0");
    m.plan(ExperimentPlansTest.params("{\"valueSizes\":[100000],\"rows\":10000}"), ExperimentPlansTest.FIVE, errors);
    assertThat(errors).singleElement().satisfies(e -> {
      assertThat(e.field()).isEqualTo("params.rows");
      assertThat(e.message()).contains("954 MiB in the MemStore", "at most 64 MiB");
    });
  }

  @Test
  void theMslabCurveIsMillisecondsByBatchSizePerSetting() {
    MslabBatchExperiment m = new MslabBatchExperiment();
    List<ExperimentType.Point> points = new ArrayList<>();
    for (String mslab : List.of("on", "off")) {
      Map<String, Object> p = new LinkedHashMap<>();
      p.put("mslab", mslab);
      p.put("chunkSize", mslab.equals("on") ? 2097152L : null);
      double big = mslab.equals("on") ? 0.9 : 0.2;
      points.add(new ExperimentType.Point(0, p, "SUCCEEDED", ExperimentPlansTest.params("{\"curves\":[{\"valueSize\":"
          + "100,\"points\":[{\"keys\":1,\"seconds\":1.5},{\"keys\":1000,\"seconds\":0.1},{\"keys\":10000,\"seconds\":"
          + big + "}]}]}")));
    }
    ExperimentType.Figure f = m.figure(points);
    assertThat(f.panels()).singleElement().satisfies(p -> {
      assertThat(p.categories()).containsExactly("1", "1000", "10000");
      assertThat(p.series()).extracting(ExperimentType.Series::name).containsExactly("MSLAB on, chunk 2 MiB",
          "MSLAB off");
      assertThat(p.series().get(0).values()).containsExactly(1500.0, 100.0, 900.0);
    });
    assertThat(f.findings()).extracting(ExperimentType.Finding::ours).containsExactly("9.00×", "2.00×");
  }

  @Test
  void hfileFormatsAreOneVariantPerCodecAndBlockSizeWithTheSeedsTable() {
    HFileFormatsExperiment h = new HFileFormatsExperiment();
    List<FieldError> errors = new ArrayList<>();
    List<ExperimentType.Variant> v = h.plan(ExperimentPlansTest.params("{\"codecs\":[\"NONE\",\"GZ\"],\"blockSizes\":"
        + "[16384,65536],\"entries\":1000}"), ExperimentPlansTest.FIVE, errors);
    assertThat(errors).isEmpty();
    assertThat(v).extracting(ExperimentType.Variant::label).containsExactly("NONE 16k", "NONE 64k", "GZ 16k", "GZ 64k");
    assertThat(v.get(2).params()).containsEntry("compression", "GZ");
    assertThat(String.join(" ", ExperimentRunner.command("granary-node", v.get(3), h, local, 6, 3))).isEqualTo(
        "granary-node hfile-bench --codec GZ --block-size 65536 --entries 1000 --namenode hdfs://127.0.0.1:9000"
            + " --path /granary-bench/experiments/6-3");
    List<ExperimentType.Point> points = new ArrayList<>();
    for (String codec : List.of("NONE", "GZ")) {
      points.add(new ExperimentType.Point(0, Map.of("compression", codec, "blockSize", 65536L), "SUCCEEDED",
          ExperimentPlansTest.params("{\"writeEntriesPerSec\":1000,\"scanEntriesPerSec\":90000,\"seekEntriesPerSec\":"
              + "3000,\"shortScanEntriesPerSec\":20000,\"compressionRatio\":" + (codec.equals("GZ") ? 6.8 : 0.99) + "}")));
    }
    ExperimentType.Figure f = h.figure(points);
    assertThat(f.panels()).extracting(ExperimentType.Panel::title).containsExactly("Write entries/s",
        "Full scan entries/s", "Random seek entries/s", "Random short scan (30 entries) entries/s", "Compression ratio");
    assertThat(f.panels().get(4).series().get(0).values()).containsExactly(0.99, 6.8);
    assertThat(f.findings()).extracting(ExperimentType.Finding::ours).containsExactly("6.8:1", "30×");
  }

  @Test
  void peWorkloadsRunTheAgentAndStandBesideBigtablePerServer() {
    PeBigtableExperiment pe = new PeBigtableExperiment();
    List<FieldError> errors = new ArrayList<>();
    List<ExperimentType.Variant> v = pe.plan(ExperimentPlansTest.JSON.valueToTree(pe.reduced()),
        ExperimentPlansTest.FIVE, errors);
    assertThat(errors).isEmpty();
    assertThat(v).extracting(ExperimentType.Variant::label).containsExactly("randomRead", "randomWrite");
    assertThat(String.join(" ", ExperimentRunner.command("granary-node", v.get(0), pe, local, 3, 1))).isEqualTo(
        "granary-bench --config run.json # hbase pe --nomapred --table=granary_exp_3_1 --families=1 --rows=2500"
            + " --valueSize=1000 randomRead 2");
    assertThat(PeBigtableExperiment.spec(v.get(0).params(), "t").loadFirst()).isTrue();
    assertThat(PeBigtableExperiment.spec(v.get(1).params(), "t").loadFirst()).isFalse();
    List<ExperimentType.Point> points = List.of(
        new ExperimentType.Point(0, Map.of("workload", "randomRead"), "SUCCEEDED",
            ExperimentPlansTest.params("{\"opsPerSec\":2424,\"rowsPerSec\":2424,\"regionServers\":2}")),
        new ExperimentType.Point(1, Map.of("workload", "scan"), "SUCCEEDED",
            ExperimentPlansTest.params("{\"opsPerSec\":300,\"rowsPerSec\":30000,\"regionServers\":2}")));
    ExperimentType.Figure f = pe.figure(points);
    assertThat(f.panels().get(0).series().get(0).values()).containsExactly(1212.0, 15000.0);
    assertThat(f.panels().get(0).series().get(1).values()).containsExactly(1212.0, 15385.0);
    assertThat(f.findings()).extracting(ExperimentType.Finding::ours).containsExactly("1,212 (1.00× the paper's)",
        "15,000 (0.97× the paper's)");
  }
}
