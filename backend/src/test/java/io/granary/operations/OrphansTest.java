package io.granary.operations;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class OrphansTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");
  static final Instant STALE_BEFORE = NOW.minusSeconds(60);

  @Test
  void aFreshHeartbeatIsNeverAdoptedOutsideAStartup() {
    assertThat(Orphans.adoptable("cp-a", NOW.minusSeconds(5), "cp-b", false, STALE_BEFORE)).isFalse();
    // our own job just inserted, not launched yet: left alone
    assertThat(Orphans.adoptable("cp-b", NOW.minusSeconds(1), "cp-b", false, STALE_BEFORE)).isFalse();
  }

  @Test
  void aStaleHeartbeatIsAdoptedWhoeverOwnedIt() {
    assertThat(Orphans.adoptable("cp-a", NOW.minusSeconds(61), "cp-b", false, STALE_BEFORE)).isTrue();
    assertThat(Orphans.adoptable("cp-b", NOW.minusSeconds(61), "cp-b", false, STALE_BEFORE)).isTrue();
    assertThat(Orphans.adoptable("cp-a", null, "cp-b", false, STALE_BEFORE)).isTrue();
  }

  @Test
  void atASingleInstanceStartupEveryOtherOwnerIsDead() {
    assertThat(Orphans.adoptable("cp-a", NOW.minusSeconds(1), "cp-b", true, STALE_BEFORE)).isTrue();
    assertThat(Orphans.adoptable("cp-b", NOW.minusSeconds(1), "cp-b", true, STALE_BEFORE)).isFalse();
  }
}
