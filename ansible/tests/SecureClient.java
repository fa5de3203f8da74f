import java.security.PrivilegedExceptionAction;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.security.access.Permission;
import org.apache.hadoop.hbase.security.access.UserPermission;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * One client action against a Kerberized lab cluster, for lab-kerberos.sh, as PRINCIPAL from KEYTAB
 * (or, with "-", whatever ticket the environment has: none):
 *   SecureClient PRINCIPAL KEYTAB ls PATH | create TABLE | grant TABLE USER ACTIONS | put TABLE ROW | get TABLE ROW
 * Prints "ok ..." and exits 0, or prints the refusal and exits 3. Run with the java source launcher,
 * bin/jdk17.flags and a conf dir holding core/hdfs/hbase-site.xml on the classpath.
 */
public class SecureClient {
  public static void main(String[] a) throws Exception {
    Configuration conf = HBaseConfiguration.create();
    UserGroupInformation.setConfiguration(conf);
    UserGroupInformation ugi = "-".equals(a[0]) ? UserGroupInformation.getCurrentUser()
        : UserGroupInformation.loginUserFromKeytabAndReturnUGI(a[0], a[1]);
    try {
      String out = ugi.doAs((PrivilegedExceptionAction<String>) () -> run(conf, ugi, a));
      System.out.println("ok " + out);
    } catch (Exception e) {
      Throwable t = e;
      while (t.getCause() != null && t.getCause() != t) {
        t = t.getCause();
      }
      System.out.println("refused: " + t.getClass().getSimpleName() + ": " + t.getMessage());
      System.exit(3);
    }
  }

  static String run(Configuration conf, UserGroupInformation ugi, String[] a) throws Exception {
    String op = a[2];
    if (op.equals("ls")) {
      try (FileSystem fs = FileSystem.newInstance(conf)) {
        return fs.listStatus(new Path(a[3])).length + " entries in " + a[3];
      }
    }
    // one attempt: a refusal must come back as one, not after the client's retries
    conf.setInt("hbase.client.retries.number", 1);
    try (Connection c = ConnectionFactory.createConnection(conf, User.create(ugi))) {
      TableName t = TableName.valueOf(a[3]);
      switch (op) {
        case "create":
          try (Admin admin = c.getAdmin()) {
            admin.createTable(TableDescriptorBuilder.newBuilder(t).setColumnFamily(ColumnFamilyDescriptorBuilder.of("f")).build());
          }
          return "created " + t;
        case "grant":
          try (Admin admin = c.getAdmin()) {
            Permission.Action[] actions = a[5].chars().mapToObj(ch -> Permission.Action.valueOf(
                switch (ch) { case 'R' -> "READ"; case 'W' -> "WRITE"; case 'X' -> "EXEC"; case 'C' -> "CREATE"; default -> "ADMIN"; }))
                .toArray(Permission.Action[]::new);
            admin.grant(new UserPermission(a[4], Permission.newBuilder(t).withActions(actions).build()), false);
          }
          return "granted " + a[5] + " on " + t + " to " + a[4];
        case "put":
          try (Table table = c.getTable(t)) {
            table.put(new Put(Bytes.toBytes(a[4])).addColumn(Bytes.toBytes("f"), Bytes.toBytes("q"), Bytes.toBytes("v-" + a[4])));
          }
          return "put " + a[4];
        case "get":
          try (Table table = c.getTable(t)) {
            byte[] v = table.get(new Get(Bytes.toBytes(a[4]))).getValue(Bytes.toBytes("f"), Bytes.toBytes("q"));
            return "get " + a[4] + " = " + (v == null ? "(none)" : Bytes.toString(v));
          }
        default:
          throw new IllegalArgumentException("unknown action " + op);
      }
    }
  }
}
