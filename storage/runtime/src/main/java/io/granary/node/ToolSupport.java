package io.granary.node;

import java.io.IOException;
import java.io.PrintStream;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;

/** What the experiment tools share: their progress event, and dropping the table a run made. */
public final class ToolSupport {
  private ToolSupport() {}

  /** One {@code {"event":"progress",…}} line; the control plane shows done ÷ total as the run's progress. */
  public static void progress(PrintStream out, String phase, int done, int total) {
    out.println("{\"event\":\"progress\",\"phase\":\"" + phase + "\",\"done\":" + done + ",\"total\":" + total + "}");
    out.flush();
  }

  /** Disables (when enabled) and deletes the table, if it exists. */
  public static void dropTable(Admin admin, TableName name) throws IOException {
    if (admin.tableExists(name)) {
      if (admin.isTableEnabled(name)) {
        admin.disableTable(name);
      }
      admin.deleteTable(name);
    }
  }
}
