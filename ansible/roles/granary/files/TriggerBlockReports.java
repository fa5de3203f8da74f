import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.tools.DFSAdmin;
import org.apache.hadoop.util.ToolRunner;

/**
 * Asks each DataNode (ARGS: address:ipcPort) for a full block report now, in one JVM (DFSAdmin
 * -triggerBlockReport starts one per DataNode). Prints {"asked": N, "failed": [...]}; a DataNode
 * that does not answer is listed, not fatal: it reports in full when it comes back anyway. Run with
 * the java source launcher and a conf dir holding hdfs-site.xml on the classpath.
 */
public class TriggerBlockReports {
  public static void main(String[] args) throws Exception {
    Configuration conf = new HdfsConfiguration();
    StringBuilder failed = new StringBuilder();
    for (String a : args) {
      if (ToolRunner.run(conf, new DFSAdmin(conf), new String[] {"-triggerBlockReport", a}) != 0) {
        failed.append(failed.length() == 0 ? "" : ", ").append('"').append(a).append('"');
      }
    }
    System.out.println("{\"asked\": " + args.length + ", \"failed\": [" + failed + "]}");
  }
}
