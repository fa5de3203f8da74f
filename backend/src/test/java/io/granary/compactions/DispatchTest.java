package io.granary.compactions;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class DispatchTest {
  static RunRegion pending(String name, String server) {
    return new RunRegion(1, name, name.getBytes(), "t", new byte[0], server, RunRegion.State.PENDING, null, 0, 1, 5,
        null, null, null, null, null, null, null, null, null);
  }

  static final List<RunRegion> PENDING = List.of(pending("a1", "A"), pending("a2", "A"), pending("b1", "B"),
      pending("b2", "B"), pending("c1", "C"));

  @Test
  void onePerServerStartsOneRegionOnEachServerInPriorityOrder() {
    assertThat(Dispatch.startable(PENDING, List.of(), 1, 10)).extracting(RunRegion::region)
        .containsExactly("a1", "b1", "c1");
  }

  @Test
  void serversAlreadyBusyAreSkippedAndTheClusterCapHolds() {
    assertThat(Dispatch.startable(PENDING, List.of("A"), 1, 10)).extracting(RunRegion::region)
        .containsExactly("b1", "c1");
    assertThat(Dispatch.startable(PENDING, List.of("A"), 1, 2)).extracting(RunRegion::region).containsExactly("b1");
    assertThat(Dispatch.startable(PENDING, List.of("A", "B"), 1, 2)).isEmpty();
    assertThat(Dispatch.startable(PENDING, List.of(), 2, 3)).extracting(RunRegion::region)
        .containsExactly("a1", "a2", "b1");
  }
}
