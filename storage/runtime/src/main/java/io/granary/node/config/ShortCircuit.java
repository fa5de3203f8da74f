package io.granary.node.config;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import org.apache.hadoop.net.unix.DomainSocket;

/** Whether DataNodes offer short-circuit local reads, and over which UNIX socket path. */
public record ShortCircuit(boolean enabled, String socketPath, String reason) {
  /** sun_path holds 108 bytes; leave room for the port Hadoop substitutes into _PORT. */
  static final int MAX_SOCKET_PATH = 100;

  /** A check of the socket's directory: null when acceptable, else why not. */
  @FunctionalInterface
  public interface PathCheck {
    String problem(Path dir);
  }

  public static ShortCircuit decide(Path runDir, boolean nativeDomainSockets, String failure) {
    return decide(runDir, nativeDomainSockets, failure, ShortCircuit::hadoopPathCheck);
  }

  public static ShortCircuit decide(
      Path runDir, boolean nativeDomainSockets, String failure, PathCheck check) {
    if (!nativeDomainSockets) {
      return off("native domain sockets unavailable: " + failure);
    }
    // _PORT becomes each DataNode's data port, so one setting serves all DataNodes on the host.
    String path = runDir.resolve("dn._PORT").toString();
    if (path.length() > MAX_SOCKET_PATH) {
      return off("socket path longer than " + MAX_SOCKET_PATH + " characters: " + path);
    }
    String problem = check.problem(runDir);
    if (problem != null) {
      return off(problem);
    }
    return new ShortCircuit(true, path, "on");
  }

  public static ShortCircuit off(String reason) {
    return new ShortCircuit(false, "", reason);
  }

  /**
   * The DataNode refuses a socket whose parent directories others may write to; ask Hadoop's own
   * native check (the one the DataNode runs) instead of re-implementing its rules.
   */
  static String hadoopPathCheck(Path dir) {
    try {
      Method m =
          DomainSocket.class.getDeclaredMethod(
              "validateSocketPathSecurity0", String.class, int.class);
      m.setAccessible(true);
      m.invoke(null, dir.resolve("dn.0").toString(), 0);
      return null;
    } catch (InvocationTargetException e) {
      return e.getCause() == null ? e.toString() : e.getCause().getMessage();
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      return "cannot check socket path security: " + e;
    }
  }
}
