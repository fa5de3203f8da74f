package io.granary.engine;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import org.apache.hadoop.hbase.MasterNotRunningException;
import org.apache.hadoop.hbase.client.RetriesExhaustedException;

/** Turns HBase/HDFS exceptions into one operator-readable line (never a stack trace). */
public final class EngineErrors {
  private EngineErrors() {}

  /** The exception's class, or for an HDFS RemoteException the class thrown on the NameNode. */
  public static String className(Throwable t) {
    return t instanceof org.apache.hadoop.ipc.RemoteException re ? re.getClassName() : t.getClass().getName();
  }

  public static String describe(Throwable t) {
    if (t instanceof EngineConnections.ClusterDownException) {
      return t.getMessage();
    }
    Throwable root = t;
    while (root.getCause() != null && root.getCause() != root) {
      if (root instanceof ConnectException || root instanceof SocketTimeoutException) {
        break;
      }
      root = root.getCause();
    }
    if (root instanceof ConnectException) {
      return "connection refused: " + firstLine(root.getMessage());
    }
    if (root instanceof SocketTimeoutException) {
      return "timed out: " + firstLine(root.getMessage());
    }
    if (t instanceof MasterNotRunningException) {
      return "HMaster not running";
    }
    if (t instanceof RetriesExhaustedException) {
      return "HBase did not answer after retries: " + firstLine(root.getMessage());
    }
    return root.getClass().getSimpleName() + ": " + firstLine(root.getMessage());
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    String line = nl < 0 ? s : s.substring(0, nl);
    return line.length() > 300 ? line.substring(0, 300) + "…" : line;
  }
}
