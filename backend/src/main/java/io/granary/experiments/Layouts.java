package io.granary.experiments;

import io.granary.erasurecoding.EcMath;
import io.granary.shared.problem.FieldError;
import java.util.List;
import java.util.Locale;

/** The HDFS layouts an experiment writes under: 3× replication or one of HDFS's system EC policies. */
final class Layouts {
  static final String REPLICATION = "replication";
  static final List<String> OPTIONS = List.of(REPLICATION, "RS-3-2-1024k", "RS-6-3-1024k", "RS-10-4-1024k",
      "XOR-2-1-1024k", "RS-LEGACY-6-3-1024k");

  private Layouts() {}

  static EcMath.Layout of(String name, ExperimentType.Facts facts) {
    return name.equals(REPLICATION) ? EcMath.Layout.replicated(REPLICATION, 3) : facts.policies().get(name);
  }

  /** Each layout must be one the cluster knows and has enough live DataNodes to place in full. */
  static void check(List<String> layouts, ExperimentType.Facts facts, String field, List<FieldError> errors) {
    for (String l : layouts) {
      EcMath.Layout layout = of(l, facts);
      if (layout == null) {
        errors.add(new FieldError(field, "the cluster has no EC policy " + l));
        return;
      }
      int need = layout.striped() ? layout.dataUnits() + layout.parityUnits() : 1;
      if (facts.liveDataNodes() < need) {
        errors.add(new FieldError(field, String.format(Locale.ROOT,
            "%s places %d internal blocks on %d different DataNodes; the cluster has %d live", l, need, need,
            facts.liveDataNodes())));
        return;
      }
    }
  }

  /** HDFS bytes stored for {@code logical} bytes under the layout (its overhead, not the partial-stripe detail). */
  static long stored(long logical, EcMath.Layout layout) {
    return (long) Math.ceil(logical * layout.overhead());
  }
}
