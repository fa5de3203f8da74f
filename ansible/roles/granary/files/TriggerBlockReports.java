import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.tools.DFSAdmin;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.util.ToolRunner;

/**
 * Asks each DataNode (ARGS: address:ipcPort) for a full block report now, twice, in one JVM (DFSAdmin
 * -triggerBlockReport starts one per DataNode). Prints {"asked": N, "failed": [...]}; a DataNode
 * that does not answer is listed, not fatal: it reports in full when it comes back anyway. Run with
 * the java source launcher and a conf dir holding hdfs-site.xml on the classpath. On a Kerberized
 * cluster -Dgranary.principal and -Dgranary.keytab name the login (the NameNode's).
 */
public class TriggerBlockReports {
  public static void main(String[] args) throws Exception {
    Configuration conf = new HdfsConfiguration();
    String principal = System.getProperty("granary.principal", "");
    if (!principal.isEmpty()) {
      UserGroupInformation.setConfiguration(conf);
      UserGroupInformation.loginUserFromKeytab(principal, System.getProperty("granary.keytab"));
    }
    StringBuilder failed = new StringBuilder();
    // Two rounds: a NameNode that restarted postpones deleting a stale replica while any other
    // replica of the block sits on a DataNode it has no full report from yet; the first round
    // gives it one from every DataNode, the second finds the stale replicas again and deletes them.
    for (int round = 0; round < 2; round++) {
      if (round > 0) {
        Thread.sleep(5_000);
      }
      for (String a : args) {
        if (ToolRunner.run(conf, new DFSAdmin(conf), new String[] {"-triggerBlockReport", a}) != 0 && round == 0) {
          failed.append(failed.length() == 0 ? "" : ", ").append('"').append(a).append('"');
        }
      }
    }
    System.out.println("{\"asked\": " + args.length + ", \"failed\": [" + failed + "]}");
  }
}
