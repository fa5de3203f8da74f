import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;

/**
 * Creates table ARGS[0] with family "f" unless it exists, for lab-e2e.sh (the launcher has no
 * create-table command). Run with the java source launcher and a conf dir holding hbase-site.xml
 * on the classpath.
 */
public class CreateTable {
  public static void main(String[] args) throws Exception {
    Configuration conf = HBaseConfiguration.create();
    TableName name = TableName.valueOf(args[0]);
    try (Connection c = ConnectionFactory.createConnection(conf); Admin admin = c.getAdmin()) {
      if (admin.tableExists(name)) {
        System.out.println("table " + name + " exists");
        return;
      }
      admin.createTable(TableDescriptorBuilder.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of("f")).build());
      System.out.println("created table " + name);
    }
  }
}
