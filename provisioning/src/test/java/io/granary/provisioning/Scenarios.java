package io.granary.provisioning;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.provisioning.model.Plan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.UnaryOperator;

/** The golden scenarios' specs (src/test/resources/scenarios/NAME/spec.yaml) as test fixtures. */
public final class Scenarios {
  public static final Path DIR = Path.of("src/test/resources/scenarios");

  private Scenarios() {}

  public static String spec(String name) {
    try {
      return Files.readString(DIR.resolve(name).resolve("spec.yaml"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The plan of a valid scenario. */
  public static Plan plan(String name) {
    return plan(name, UnaryOperator.identity());
  }

  /** The plan of a scenario's spec after {@code edit} (a text replacement, an appended block). */
  public static Plan plan(String name, UnaryOperator<String> edit) {
    return planOf(edit.apply(spec(name)));
  }

  public static Plan planOf(String yaml) {
    PlanResult r = new Planner().plan(yaml);
    assertTrue(r.ok(), () -> "expected a plan, got " + r.findings());
    return r.plan();
  }
}
