package io.granary.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.erasurecoding.EcMath;
import io.granary.shared.problem.FieldError;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class ExperimentPlansTest {
  static final JsonMapper JSON = JsonMapper.builder().build();
  static final ExperimentType.Facts FIVE = new ExperimentType.Facts(5, 10L << 30, Map.of(
      "RS-3-2-1024k", new EcMath.Layout("RS-3-2-1024k", 3, 2, 1 << 20, 1),
      "RS-6-3-1024k", new EcMath.Layout("RS-6-3-1024k", 6, 3, 1 << 20, 1)), 2, true, 1L << 30);

  static JsonNode params(String s) {
    return JSON.readTree(s);
  }

  @Test
  void theCoderMatrixSkipsTheLegacyCoderForXorAndNamesEachPoint() {
    List<FieldError> errors = new ArrayList<>();
    List<ExperimentType.Variant> v = new EcCoderExperiment().plan(params("{\"schemas\":[\"XOR-2-1\",\"RS-6-3\"],"
        + "\"coders\":[\"legacy\",\"isa-l\"],\"threads\":[2,1],\"cellsKib\":[64],\"mb\":16}"), FIVE, errors);
    assertThat(errors).isEmpty();
    // catalog order (RS-6-3 before XOR-2-1, isa-l before legacy), threads sorted; XOR has no legacy coder
    assertThat(v).extracting(ExperimentType.Variant::label).containsExactly("RS-6-3 isa-l 64k ×1",
        "RS-6-3 isa-l 64k ×2", "RS-6-3 legacy 64k ×1", "RS-6-3 legacy 64k ×2", "XOR-2-1 isa-l 64k ×1",
        "XOR-2-1 isa-l 64k ×2");
    assertThat(v.get(2).args()).containsExactly("--codec", "rs-legacy", "--data", "6", "--parity", "3", "--coder",
        "java", "--cell", "65536", "--threads", "1", "--mb", "16");
    assertThat(v.get(4).args()).contains("xor", "native");
  }

  @Test
  void badValuesAreFieldErrorsNamingTheParameter() {
    List<FieldError> errors = new ArrayList<>();
    new EcCoderExperiment().plan(params("{\"schemas\":[\"RS-9-9\"],\"threads\":[0],\"cellsKib\":\"big\",\"mb\":1.5}"),
        FIVE, errors);
    assertThat(errors).extracting(FieldError::field).containsExactly("params.schemas", "params.threads",
        "params.cellsKib", "params.mb");
    assertThat(errors.get(1).message()).contains("from 1 to 64", "got 0");
    errors.clear();
    new EcCoderExperiment().plan(params("{\"schemas\":[\"XOR-2-1\"],\"coders\":[\"legacy\"]}"), FIVE, errors);
    assertThat(errors).extracting(FieldError::message).first().asString().contains("Reed-Solomon only");
  }

  @Test
  void aLayoutNeedsAsManyLiveDataNodesAsInternalBlocksAndAKnownPolicy() {
    List<FieldError> errors = new ArrayList<>();
    new SmallFilesExperiment().plan(params("{\"layouts\":[\"RS-6-3-1024k\"]}"), FIVE, errors);
    assertThat(errors).singleElement().satisfies(e -> {
      assertThat(e.field()).isEqualTo("params.layouts");
      assertThat(e.message()).contains("RS-6-3-1024k places 9 internal blocks", "the cluster has 5 live");
    });
    errors.clear();
    new DfsIoExperiment().plan(params("{\"layouts\":[\"RS-10-4-1024k\"]}"), FIVE, errors);
    assertThat(errors).singleElement().extracting(FieldError::message).asString().contains("no EC policy RS-10-4-1024k");
  }

  @Test
  void dfsioRunsReplicationOnceAndEachEcLayoutPerCoderWithTheBytesItStores() {
    List<FieldError> errors = new ArrayList<>();
    List<ExperimentType.Variant> v = new DfsIoExperiment().plan(params("{\"layouts\":[\"replication\","
        + "\"RS-3-2-1024k\"],\"coders\":[\"isa-l\",\"java\"],\"writers\":[1],\"files\":2,\"fileMb\":8}"), FIVE, errors);
    assertThat(errors).isEmpty();
    assertThat(v).extracting(ExperimentType.Variant::label).containsExactly("replication ×1",
        "RS-3-2-1024k isa-l ×1", "RS-3-2-1024k java ×1");
    assertThat(v.get(0).hdfsBytes()).isEqualTo(3 * (16L << 20));
    assertThat(v.get(1).hdfsBytes()).isEqualTo((long) Math.ceil((16L << 20) * 5 / 3.0));
    assertThat(v.get(2).args()).contains("--coder", "java", "--drop-caches");
  }

  @Test
  void reconstructionVariantsStartTheirScratchClusterWithOneKnobAndFitTheLocalDisk() {
    List<FieldError> errors = new ArrayList<>();
    List<ExperimentType.Variant> v = new ReconstructionExperiment().plan(params("{\"variants\":[\"defaults\","
        + "\"work-multiplier-10\"],\"files\":2,\"fileMb\":8}"), FIVE, errors);
    assertThat(errors).isEmpty();
    assertThat(v.get(0).scratchUp()).containsExactly("--datanodes", "6", "--regionservers", "1");
    assertThat(v.get(1).scratchUp()).containsExactly("--datanodes", "6", "--regionservers", "1", "--hdfs-set",
        "dfs.namenode.replication.work.multiplier.per.iteration=10");
    io.granary.clusters.Cluster c = new io.granary.clusters.Cluster(1, "local", io.granary.clusters.ClusterKind.LOCAL,
        "127.0.0.1:2181", "hdfs://127.0.0.1:9000", null, null, null);
    assertThat(String.join(" ", ExperimentRunner.command("granary-node", v.get(0), false, c, 4, 0)))
        .isEqualTo("granary-node reconstruction --layout RS-3-2-1024k --files 2 --mb 8 --dir scratch/4-0");
    // 3 copies + 5/3 of 200 GiB do not fit in 1 GiB
    new ReconstructionExperiment().plan(params("{\"files\":200,\"fileMb\":1024}"), FIVE, errors);
    assertThat(errors).singleElement().satisfies(e -> assertThat(e.message()).contains("933.3 GiB", "1.0 GiB free"));
  }

  @Test
  void theCommandGivesHdfsToolsTheClusterAndAWorkingDirectoryOfTheirOwn() {
    io.granary.clusters.Cluster c = new io.granary.clusters.Cluster(1, "local", io.granary.clusters.ClusterKind.LOCAL,
        "127.0.0.1:2181", "hdfs://127.0.0.1:9000", null, null, null);
    ExperimentType.Variant v = new ExperimentType.Variant("replication", "small-files", List.of("--layout",
        "replication"), Map.of(), 0);
    assertThat(String.join(" ", ExperimentRunner.command("granary-node", v, true, c, 7, 3))).isEqualTo(
        "granary-node small-files --layout replication --namenode hdfs://127.0.0.1:9000 --path "
            + "/granary-bench/experiments/7-3");
    assertThat(ExperimentRunner.command("granary-node", v, false, c, 7, 3)).doesNotContain("--namenode");
  }
}
