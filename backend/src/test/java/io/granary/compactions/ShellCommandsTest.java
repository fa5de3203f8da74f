package io.granary.compactions;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.compactions.Schedule.TargetKind;
import org.junit.jupiter.api.Test;

class ShellCommandsTest {
  @Test
  void onDemandCommandsMatchTheShell() {
    assertThat(ShellCommands.onDemand(true, TargetKind.TABLE, "ns:t", null)).isEqualTo("major_compact 'ns:t'");
    assertThat(ShellCommands.onDemand(true, TargetKind.TABLE, "t", "cf")).isEqualTo("major_compact 't', 'cf'");
    assertThat(ShellCommands.onDemand(false, TargetKind.TABLE, "t", null)).isEqualTo("compact 't'");
    assertThat(ShellCommands.onDemand(true, TargetKind.REGION, "abc123", null)).isEqualTo("major_compact 'abc123'");
    assertThat(ShellCommands.onDemand(true, TargetKind.SERVER, "h,16020,17", null))
        .isEqualTo("compact_rs 'h,16020,17', true");
  }

  @Test
  void aPausingScheduleSwitchesAroundItsWindow() {
    Schedule s = new Schedule(1, 1, "n", TargetKind.NAMESPACE, "ns", "0 1 * * *", "UTC", 60, 1, 2,
        Schedule.Selection.ALL, null, null, null, true, true, "u", null);
    assertThat(ShellCommands.forSchedule(s)).hasSize(3).first().asString().startsWith("compaction_switch true");
    assertThat(ShellCommands.forSchedule(s).get(1)).contains("namespace 'ns'", "at most 1 per RegionServer and 2 at once");
  }
}
