import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Creates table ARGS[0] with family "f" unless it exists, for lab-e2e.sh (the launcher has no
 * create-table command); with ARGS[1] = N and ARGS[2] = K it is split into N regions at the
 * load command's keys K/N, 2K/N, ... ("%010d"), so every RegionServer holds some. Run with the
 * java source launcher and a conf dir holding hbase-site.xml on the classpath.
 */
public class CreateTable {
  public static void main(String[] args) throws Exception {
    Configuration conf = HBaseConfiguration.create();
    TableName name = TableName.valueOf(args[0]);
    int regions = args.length > 1 ? Integer.parseInt(args[1]) : 1;
    long keys = args.length > 2 ? Long.parseLong(args[2]) : 0;
    try (Connection c = ConnectionFactory.createConnection(conf); Admin admin = c.getAdmin()) {
      if (admin.tableExists(name)) {
        System.out.println("table " + name + " exists");
        return;
      }
      var table = TableDescriptorBuilder.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of("f")).build();
      if (regions > 1) {
        byte[][] splits = new byte[regions - 1][];
        for (int i = 1; i < regions; i++) {
          splits[i - 1] = Bytes.toBytes(String.format("%010d", keys * i / regions));
        }
        admin.createTable(table, splits);
      } else {
        admin.createTable(table);
      }
      System.out.println("created table " + name + " (" + regions + " regions)");
    }
  }
}
