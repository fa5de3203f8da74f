package io.granary.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.shared.problem.FieldError;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpecValidationTest {
  private static SpecValidation.Input input(String workload, Integer threads, Double rate, String ycsb) {
    return new SpecValidation.Input(null, workload, "t", null, threads, null, null, rate, null, null, null, null, null,
        null, null, ycsb, null, null, null, null, null);
  }

  private static List<String> fields(SpecValidation.Input in) {
    List<FieldError> errors = new ArrayList<>();
    assertNull(SpecValidation.resolve(in, "variants[0].", "A", errors));
    return errors.stream().map(FieldError::field).toList();
  }

  @Test
  void defaultsAreFilledIn() {
    List<FieldError> errors = new ArrayList<>();
    Spec s = SpecValidation.resolve(input("randomRead", null, null, null), "", "A", errors);
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
    assertEquals(List.of("variants[0].workload"), fields(input(Spec.CEILING, 2, null, null)));
    assertEquals(List.of("variants[0].ycsbWorkload"), fields(input("ycsb", 2, null, null)));
    assertEquals(List.of("variants[0].ycsbWorkload"), fields(input("ycsb", 2, null, "G")));
    assertEquals(List.of("variants[0].table"), fields(new SpecValidation.Input(null, "scan", " ", null, null, null,
        null, null, null, null, null, null, null, null, null, null, null, null, null, null, null)));
  }

  @Test
  void ycsbLetterIsNormalisedAndOnlyKeptForYcsb() {
    List<FieldError> errors = new ArrayList<>();
    assertEquals("C", SpecValidation.resolve(input("ycsb", 2, 100.0, "c"), "", "A", errors).ycsbWorkload());
    assertNull(SpecValidation.resolve(input("scan", 2, null, "c"), "", "A", errors).ycsbWorkload());
    assertTrue(errors.isEmpty());
  }
}
