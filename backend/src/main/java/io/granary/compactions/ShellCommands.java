package io.granary.compactions;

import java.util.ArrayList;
import java.util.List;

/** The hbase shell commands equivalent to what Granary does. */
public final class ShellCommands {
  private ShellCommands() {}

  static String quote(String s) {
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }

  /** One on-demand compaction. */
  public static String onDemand(boolean major, Schedule.TargetKind kind, String target, String family) {
    String verb = major ? "major_compact" : "compact";
    return switch (kind) {
      case SERVER -> "compact_rs " + quote(target.replace(':', ',')) + ", " + major;
      case REGION -> verb + " " + quote(target) + (family == null ? "" : ", " + quote(family));
      default -> verb + " " + quote(target) + (family == null ? "" : ", " + quote(family));
    };
  }

  /** What a window of the schedule runs, region by region. */
  public static String window(Schedule s) {
    String what = switch (s.targetKind()) {
      case TABLE -> "table " + quote(s.target());
      case NAMESPACE -> "tables of namespace " + quote(s.target());
      default -> "tables matching /" + s.target() + "/";
    };
    return "major_compact 'ENCODED_REGION_NAME'  # each selected region of " + what + ", at most "
        + s.maxPerServer() + " per RegionServer and " + s.maxPerCluster() + " at once";
  }

  public static List<String> forSchedule(Schedule s) {
    List<String> out = new ArrayList<>();
    if (s.pauseOutside()) {
      out.add("compaction_switch true   # at the window's start");
    }
    out.add(window(s));
    if (s.pauseOutside()) {
      out.add("compaction_switch false  # at the window's end");
    }
    return out;
  }
}
