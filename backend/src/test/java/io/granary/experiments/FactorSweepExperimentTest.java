package io.granary.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.shared.problem.FieldError;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class FactorSweepExperimentTest {
  final FactorSweepExperiment sweep = new FactorSweepExperiment();
  final io.granary.clusters.Cluster local = new io.granary.clusters.Cluster(1, "local",
      io.granary.clusters.ClusterKind.LOCAL, "127.0.0.1:2181", "hdfs://127.0.0.1:9000", null, null, null);

  List<ExperimentType.Variant> plan(String params, List<FieldError> errors) {
    return sweep.plan(ExperimentPlansTest.params(params), ExperimentPlansTest.FIVE, errors);
  }

  @Test
  void theReducedSweepIsTwoFactorsOfTwoLevelsOnTheClusterItself() {
    List<FieldError> errors = new ArrayList<>();
    JsonNode reduced = ExperimentPlansTest.JSON.valueToTree(sweep.reduced());
    List<ExperimentType.Variant> v = sweep.plan(reduced, ExperimentPlansTest.FIVE, errors);
    assertThat(errors).isEmpty();
    assertThat(sweep.scratch(reduced)).isFalse();
    assertThat(v).extracting(ExperimentType.Variant::label).containsExactly("P1 put", "P2 put", "P3 put", "P4 put");
    assertThat(v).extracting(x -> x.params().get("blockCache") + "/" + x.params().get("keysPerRequest"))
        .containsExactly("on/1", "on/10", "off/1", "off/10");
    assertThat(String.join(" ", ExperimentRunner.command("granary-node", v.get(1), sweep, local, 9, 2))).isEqualTo(
        "granary-node sweep-point --op put --threads 2 --ops 200 --rows 2000 --block-cache on --block-size 65536"
            + " --regions 1 --value-size 100 --keys 10 --compression NONE --encoding NONE --bloom ROW"
            + " --zookeeper 127.0.0.1:2181 --table granary_exp_9_2");
    assertThat(v.get(0).scratchUp()).isNull();
    // 4 runs × 2 repetitions of ~9 s each fit the 30-minute budget
    assertThat(v.stream().mapToDouble(sweep::estimateSeconds).sum() * 2).isLessThan(sweep.budgetSeconds(reduced));
  }

  @Test
  void mslabLevelsRunOnScratchClustersStartedWithThem() {
    List<FieldError> errors = new ArrayList<>();
    String p = "{\"operations\":[\"get\"],\"blockCache\":[\"on\"],\"blockSize\":[65536],\"regions\":[1],"
        + "\"valueSize\":[100],\"keysPerRequest\":[1],\"mslab\":[\"on\",\"off\"],\"chunkSize\":[2097152]}";
    List<ExperimentType.Variant> v = plan(p, errors);
    assertThat(errors).isEmpty();
    assertThat(sweep.scratch(ExperimentPlansTest.params(p))).isTrue();
    assertThat(v).hasSize(2);
    assertThat(v.get(1).scratchUp()).containsExactly("--datanodes", "3", "--regionservers", "1", "--hbase-set",
        "hbase.hregion.memstore.mslab.enabled=false", "--hbase-set", "hbase.hregion.memstore.mslab.chunksize=2097152");
    String cmd = String.join(" ", ExperimentRunner.command("granary-node", v.get(1), sweep, local, 9, 1));
    assertThat(cmd).contains("--dir scratch/9-1 --table granary_exp_9_1").doesNotContain("--zookeeper");
  }

  @Test
  void aFractionTakesTwoLevelFactorsAndSomethingMustVary() {
    List<FieldError> errors = new ArrayList<>();
    plan("{\"design\":[\"fractional\"]}", errors);
    assertThat(errors).singleElement().satisfies(e -> {
      assertThat(e.field()).isEqualTo("params.design");
      assertThat(e.message()).contains("Regions has 3 levels");
    });
    errors.clear();
    plan("{\"design\":[\"full\",\"fractional\"]}", errors);
    assertThat(errors).extracting(FieldError::field).containsExactly("params.design");
    errors.clear();
    plan("{\"blockCache\":[\"on\"],\"blockSize\":[65536],\"regions\":[1],\"valueSize\":[100],\"keysPerRequest\":[1]}",
        errors);
    assertThat(errors).singleElement().satisfies(e -> assertThat(e.message()).contains("needs something to vary"));
    errors.clear();
    plan("{\"regions\":[1,500],\"rows\":100}", errors);
    assertThat(errors).extracting(FieldError::field).contains("params.regions");
  }

  @Test
  void sixTwoLevelFactorsInAQuarterFractionAre16PointsOfResolutionFour() {
    List<FieldError> errors = new ArrayList<>();
    List<ExperimentType.Variant> v = plan("{\"design\":[\"fractional\"],\"operations\":[\"get\"],\"regions\":[1,5],"
        + "\"valueSize\":[100,1000],\"compression\":[\"NONE\",\"GZ\"]}", errors);
    assertThat(errors).isEmpty();
    assertThat(v).hasSize(16);
    assertThat(v.get(0).params().get("design")).isEqualTo("fractional 2^(6−2) resolution IV");
  }

  @Test
  void theRunOrderIsShuffledOnceForEveryVariantAndRepetition() {
    JsonNode p = ExperimentPlansTest.params("{\"operations\":[\"put\"]}");
    List<int[]> order = sweep.order(12, 3, p);
    assertThat(order).hasSize(36);
    Set<String> pairs = new HashSet<>();
    order.forEach(o -> pairs.add(o[0] + "/" + o[1]));
    assertThat(pairs).hasSize(36);
    assertThat(order.subList(0, 12).stream().map(o -> o[1]).distinct().count()).as("not repetition by repetition")
        .isGreaterThan(1);
    assertThat(sweep.order(12, 3, p)).usingRecursiveComparison().isEqualTo(order);
  }

  /** Block cache halves the put seconds, keys per request does nothing: the analysis says so. */
  @Test
  void theFigureIsAParetoChartRegressionInteractionAndTopFive() {
    List<ExperimentType.Point> points = new ArrayList<>();
    int i = 0;
    for (int rep = 0; rep < 3; rep++) {
      for (String cache : List.of("on", "off")) {
        for (long keys : List.of(1L, 10L)) {
          Map<String, Object> params = new LinkedHashMap<>();
          params.put("op", "put");
          params.put("blockCache", cache);
          params.put("keysPerRequest", keys);
          params.put("regions", 1L);
          double seconds = (cache.equals("on") ? 4 : 8) + (i++ % 3) * 0.05;
          points.add(new ExperimentType.Point(0, params, "SUCCEEDED",
              ExperimentPlansTest.params("{\"seconds\":" + seconds + "}")));
        }
      }
    }
    ExperimentType.Figure f = sweep.figure(points);
    assertThat(f.panels()).extracting(ExperimentType.Panel::title).containsExactly("Effects on put (Pareto of |t|)",
        "Interaction: Block cache × Keys per request (put, t = 0.00)");
    assertThat(f.panels().get(0).categories().get(0)).isEqualTo("blockCache");
    assertThat(f.tables()).extracting(ExperimentType.Table::title).containsExactly("Regression: put seconds",
        "Fastest configurations: put");
    assertThat(f.tables().get(0).rows().get(1)).startsWith("blockCache", "-2.000");
    assertThat(f.tables().get(1).rows().get(0).get(1)).isEqualTo("Block cache on, Keys per request 1");
    assertThat(f.findings()).singleElement().satisfies(x -> {
      assertThat(x.ours()).startsWith("blockCache (t = ");
      assertThat(x.ours()).doesNotContain("keysPerRequest");
      assertThat(x.seed()).contains("not block size or block cache");
    });
    // the same seconds a block for 10 keys a request as for 1: ten times the keys a second
    assertThat(f.notes()).contains(
        "put: 10 keys per request take 6.05 s a block, 1 take 6.05 s (means over the other settings): 10.0× the keys a second.");
  }
}
