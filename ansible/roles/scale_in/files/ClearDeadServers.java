import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;

/**
 * Removes RegionServers that left the cluster for good (ARGS: ServerNames host,port,startcode) from
 * the active master's dead-server list, for scale_in.yml: the master keeps a stopped server listed
 * as dead until it restarts, and a dead server makes the cluster DEGRADED. The master keeps a server
 * whose crash procedure still runs; then this exits 3 and the caller tries again. Prints
 * {"cleared": [...], "stillDead": [...]}. Run with the java source launcher and a conf dir holding
 * hbase-site.xml on the classpath.
 */
public class ClearDeadServers {
  public static void main(String[] args) throws Exception {
    try (Connection c = ConnectionFactory.createConnection(HBaseConfiguration.create());
        Admin admin = c.getAdmin()) {
      List<ServerName> dead = new ArrayList<>(
          admin.getClusterMetrics(EnumSet.of(ClusterMetrics.Option.DEAD_SERVERS)).getDeadServerNames());
      List<ServerName> asked = new ArrayList<>();
      for (String a : args) {
        ServerName sn = ServerName.valueOf(a);
        if (dead.contains(sn)) {
          asked.add(sn);
        }
      }
      List<ServerName> kept = asked.isEmpty() ? List.of() : admin.clearDeadServers(asked);
      List<ServerName> cleared = new ArrayList<>(asked);
      cleared.removeAll(kept);
      System.out.println("{\"cleared\": " + json(cleared) + ", \"stillDead\": " + json(kept) + "}");
      System.exit(kept.isEmpty() ? 0 : 3);
    }
  }

  private static String json(List<ServerName> servers) {
    List<String> quoted = new ArrayList<>();
    for (ServerName s : servers) {
      quoted.add("\"" + s.getServerName() + "\"");
    }
    return "[" + String.join(", ", quoted) + "]";
  }
}
