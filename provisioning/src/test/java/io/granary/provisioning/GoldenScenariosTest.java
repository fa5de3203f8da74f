package io.granary.provisioning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.granary.provisioning.model.Finding;
import io.granary.provisioning.model.FindingCode;
import io.granary.provisioning.model.Mappers;
import io.granary.provisioning.render.InventoryRenderer;
import io.granary.provisioning.render.VsphereVarsRenderer;
import io.granary.provisioning.vsphere.VcenterEndpoint;
import io.granary.provisioning.vsphere.VspherePlanResult;
import io.granary.provisioning.vsphere.VspherePlanner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Each folder under scenarios/ holds a spec.yaml and what the planner must produce from it:
 * plan.json (findings + plan) and, for valid specs, the rendered inventory/. Regenerate after an
 * intended change with {@code mvn -f provisioning/pom.xml test -Dgolden.update=true} and review the
 * diff. A folder named {@code vcsim-*} holds a vSphere spec, planned by {@link VspherePlanner}
 * against vcsim's inventory ({@value #VCSIM_FACTS}); its golden files add {@code vsphere.yml}.
 */
class GoldenScenariosTest {
  static final Path SCENARIOS = Scenarios.DIR;
  static final boolean UPDATE = Boolean.getBoolean("golden.update");
  static final String VCSIM_FACTS = "src/test/resources/vsphere/vcsim-facts.json";
  static final String VCSIM = "vcsim-";

  /** The connection the vcsim scenarios render {@code vsphere.yml} with. */
  static final VcenterEndpoint SIMULATOR =
      new VcenterEndpoint("127.0.0.1", 8989, "administrator@vsphere.local", true);

  @TestFactory
  Stream<DynamicTest> everyScenarioMatchesItsGoldenFiles() throws IOException {
    return scenarios()
        .map(dir -> DynamicTest.dynamicTest(dir.getFileName().toString(), () -> check(dir)));
  }

  @Test
  void everyErrorCodeIsProducedByAScenario() throws IOException {
    Set<FindingCode> seen = EnumSet.noneOf(FindingCode.class);
    scenarios()
        .forEach(dir -> result(dir).findings().stream().map(Finding::code).forEach(seen::add));
    Set<FindingCode> missing = EnumSet.complementOf(EnumSet.copyOf(seen));
    // a host's reachability is a runtime check; SpecValidatorTest covers it with a fake
    missing.remove(FindingCode.UNREACHABLE_HOST);
    // a scale-in is checked against a running cluster, not planned from a spec;
    // ScaleInPreflightTest produces every scale-in-* code
    missing.removeIf(c -> c.code().startsWith(FindingCode.SCALE_IN_PREFIX));
    // found against a vCenter's facts or connection; VspherePlannerTest produces them
    missing.removeAll(FindingCode.VCENTER_CHECKS);
    assertTrue(missing.isEmpty(), "no scenario produces " + missing);
  }

  private static void check(Path dir) throws IOException {
    SortedMap<String, String> actual = new TreeMap<>();
    PlanResult result;
    if (dir.getFileName().toString().startsWith(VCSIM)) {
      VspherePlanResult r = vsphere(dir);
      actual.put("plan.json", Mappers.JSON.writeValueAsString(r) + "\n");
      if (r.ok()) {
        actual.put(
            VsphereVarsRenderer.FILE, new VsphereVarsRenderer().render(r.vms(), SIMULATOR));
      }
      result = r.hostPlan();
    } else {
      result = result(dir);
      actual.put("plan.json", Mappers.JSON.writeValueAsString(result) + "\n");
    }
    if (result.ok()) {
      new InventoryRenderer()
          .render(result.plan())
          .forEach((k, v) -> actual.put("inventory/" + k, v));
    }
    SortedMap<String, String> expected = golden(dir);
    if (UPDATE) {
      for (String stale : expected.keySet()) {
        Files.delete(dir.resolve(stale));
      }
      for (Map.Entry<String, String> e : actual.entrySet()) {
        Path file = dir.resolve(e.getKey());
        Files.createDirectories(file.getParent());
        Files.writeString(file, e.getValue());
      }
      return;
    }
    if (expected.isEmpty()) {
      fail(dir + " has no golden files; run with -Dgolden.update=true");
    }
    assertEquals(expected.keySet(), actual.keySet(), dir + ": rendered files");
    for (String name : expected.keySet()) {
      assertEquals(expected.get(name), actual.get(name), dir + "/" + name);
    }
  }

  static VspherePlanResult vsphere(Path dir) {
    try {
      return new VspherePlanner(VspherePlanner.readFacts(Path.of(VCSIM_FACTS)))
          .plan(Files.readString(dir.resolve("spec.yaml")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static PlanResult result(Path dir) {
    if (dir.getFileName().toString().startsWith(VCSIM)) {
      return vsphere(dir).hostPlan();
    }
    try {
      return new Planner().plan(Files.readString(dir.resolve("spec.yaml")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static SortedMap<String, String> golden(Path dir) throws IOException {
    SortedMap<String, String> m = new TreeMap<>();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        String rel = dir.relativize(f).toString();
        if (!rel.equals("spec.yaml")) {
          m.put(rel, Files.readString(f));
        }
      }
    }
    return m;
  }

  static Stream<Path> scenarios() throws IOException {
    try (Stream<Path> s = Files.list(SCENARIOS)) {
      return s.filter(Files::isDirectory).sorted().toList().stream();
    }
  }
}
