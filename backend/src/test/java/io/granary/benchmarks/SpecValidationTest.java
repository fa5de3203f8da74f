package io.granary.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.engine.client.BenchmarkSpec;
import io.granary.shared.problem.FieldError;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpecValidationTest {
  private static SpecValidation.Input input(String workload, Integer threads, Double rate, String ycsb) {
    return new SpecValidation.Input(null, workload, "t", null, threads, null, null, rate, null, null, null, null, null,
        null, null, ycsb, null, null, null, null, null, null);
  }

  private static List<String> fields(SpecValidation.Input in) {
    List<FieldError> errors = new ArrayList<>();
    assertNull(SpecValidation.resolve(in, "variants[0].", "A", errors));
    return errors.stream().map(FieldError::field).toList();
  }

  @Test
  void defaultsAreFilledIn() {
    List<FieldError> errors = new ArrayList<>();
    BenchmarkSpec s = SpecValidation.resolve(input("randomRead", null, null, null), "", "A", errors);
    assertNotNull(s);
    assertTrue(errors.isEmpty());
    assertEquals(4, s.threads());
    assertEquals(30, s.durationSeconds());
    assertEquals(5, s.warmupSeconds());
    assertEquals(1000, s.valueSize());
    assertEquals(100_000, s.rows());
    assertEquals(100_000, s.hotKeys());
    assertTrue(s.loadFirst());
    assertEquals("A", s.label());
    assertEquals(false, s.openLoop());
  }

  @Test
  void badInputNamesTheField() {
    assertEquals(List.of("variants[0].threads"), fields(input("randomRead", 0, null, null)));
    assertEquals(List.of("variants[0].targetRate"), fields(input("randomRead", 2, -5.0, null)));
    assertEquals(List.of("variants[0].workload"), fields(input("mapReduce", 2, null, null)));
    assertEquals(List.of("variants[0].workload"), fields(input(BenchmarkSpec.CEILING, 2, null, null)));
    assertEquals(List.of("variants[0].ycsbWorkload"), fields(input("ycsb", 2, null, null)));
    assertEquals(List.of("variants[0].ycsbWorkload"), fields(input("ycsb", 2, null, "G")));
    assertEquals(List.of("variants[0].table"), fields(new SpecValidation.Input(null, "scan", " ", null, null, null,
        null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null)));
  }

  @Test
  void ycsbLetterIsNormalisedAndOnlyKeptForYcsb() {
    List<FieldError> errors = new ArrayList<>();
    assertEquals("C", SpecValidation.resolve(input("ycsb", 2, 100.0, "c"), "", "A", errors).ycsbWorkload());
    assertNull(SpecValidation.resolve(input("scan", 2, null, "c"), "", "A", errors).ycsbWorkload());
    assertTrue(errors.isEmpty());
  }

  private static SpecValidation.Input file(String letter, String text, Long recordCount) {
    return new SpecValidation.Input(null, "ycsb", "t", null, null, null, null, null, null, null, null, null, null,
        null, null, letter, recordCount, null, null, null, null, text);
  }

  @Test
  void aWorkloadFileSetsTheDefaultsAndTheRequestWins() {
    String text = "recordcount=5000\noperationcount=2000\nworkload=site.ycsb.workloads.CoreWorkload\n"
        + "readproportion=0.9\nscanproportion=0.1\nmaxscanlength=50\nfieldcount=4\nfieldlength=20\n";
    List<FieldError> errors = new ArrayList<>();
    BenchmarkSpec s = SpecValidation.resolve(file(null, text, null), "", "A", errors);
    assertTrue(errors.isEmpty(), errors.toString());
    assertEquals(5000, s.recordCount());
    assertEquals(2000, s.operationCount());
    assertEquals(4, s.fieldCount());
    assertEquals(20, s.fieldLength());
    assertEquals(50, s.scanLength());
    assertTrue(s.scans());
    assertEquals("ycsb file", s.title());
    assertEquals(text, s.ycsbProperties());
    assertEquals(700, SpecValidation.resolve(file(null, text, 700L), "", "A", errors).recordCount());
  }

  @Test
  void aLaunchThatLeavesTheCountsOutTakesThemFromItsWorkloadFile() {
    // through the API's own request type: a field left out must arrive as absent, not as a schema default
    io.granary.api.model.BenchmarkSpecDto d = new io.granary.api.model.BenchmarkSpecDto(
        io.granary.api.model.BenchmarkWorkloadDto.YCSB, "usertable");
    d.setYcsbProperties("recordcount=3000\noperationcount=1000\nfieldcount=3\nfieldlength=40\n"
        + "workload=site.ycsb.workloads.CoreWorkload\nreadproportion=1\n");
    List<FieldError> errors = new ArrayList<>();
    BenchmarkSpec s = SpecValidation.resolve(BenchmarksController.input(d), "", "A", errors);
    assertTrue(errors.isEmpty(), errors.toString());
    assertEquals(3000, s.recordCount());
    assertEquals(1000, s.operationCount());
    assertEquals(3, s.fieldCount());
    assertEquals(40, s.fieldLength());
    assertEquals(1000, s.scanLength(), "YCSB's maxscanlength when the file names none");
  }

  @Test
  void aBadWorkloadFileIsRefusedWithItsLineNamed() {
    assertEquals(List.of("variants[0].ycsbProperties"), fields(file(null, "readproportion=1.5\n", null)));
    assertEquals(List.of("variants[0].ycsbProperties"),
        fields(file(null, "workload=site.ycsb.workloads.TimeSeriesWorkload\n", null)));
    assertEquals(List.of("variants[0].ycsbProperties"), fields(file(null, "recordcount=many\n", null)));
    assertEquals(List.of("variants[0].ycsbProperties"), fields(file(null, "a=1\n\u0001b=2\n", null)));
    assertEquals(List.of("variants[0].ycsbWorkload"), fields(file("A", "readproportion=1\n", null)));
    List<FieldError> errors = new ArrayList<>();
    SpecValidation.resolve(file(null, "readproportion=0.5\nrequestdistribution=pareto\n", null), "", "A", errors);
    assertTrue(errors.get(0).message().contains("requestdistribution=pareto"), errors.toString());
    errors.clear();
    SpecValidation.resolve(file(null, "x=1\n\u0001", null), "", "A", errors);
    assertTrue(errors.get(0).message().endsWith("on line 2"), errors.toString());
  }
}
