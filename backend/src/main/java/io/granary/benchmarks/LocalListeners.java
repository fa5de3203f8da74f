package io.granary.benchmarks;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Which process on this host listens on a TCP port, from /proc (the listening sockets' inodes and
 * each process's open descriptors): how a RegionServer's ServerName becomes a PID the profiler can
 * attach to. Only processes this user may inspect are found (root: all).
 */
final class LocalListeners {
  private LocalListeners() {}

  /** port → pid for each of {@code ports} something on this host listens on. */
  static Map<Integer, Long> pids(Set<Integer> ports) {
    return pids(Path.of("/proc"), ports);
  }

  static Map<Integer, Long> pids(Path proc, Set<Integer> ports) {
    Map<Long, Integer> inodes = new HashMap<>();
    for (String table : new String[] {"net/tcp", "net/tcp6"}) {
      try {
        for (String line : Files.readAllLines(proc.resolve(table))) {
          listening(line, ports, inodes);
        }
      } catch (IOException e) {
        // no IPv6 (or no /proc): nothing listens there
      }
    }
    Map<Integer, Long> out = new HashMap<>();
    if (inodes.isEmpty()) {
      return out;
    }
    try (DirectoryStream<Path> procs = Files.newDirectoryStream(proc, p -> p.getFileName().toString().matches("\\d+"))) {
      for (Path p : procs) {
        Set<Integer> found = sockets(p.resolve("fd"), inodes);
        for (int port : found) {
          out.putIfAbsent(port, Long.parseLong(p.getFileName().toString()));
        }
        if (out.size() == new HashSet<>(inodes.values()).size()) {
          break;
        }
      }
    } catch (IOException e) {
      // /proc unreadable: none found
    }
    return out;
  }

  /** A /proc/net/tcp row "sl local_address rem_address st … inode": state 0A is LISTEN. */
  static void listening(String line, Set<Integer> ports, Map<Long, Integer> inodes) {
    String[] f = line.trim().split("\\s+");
    if (f.length < 10 || !"0A".equals(f[3]) || f[1].indexOf(':') < 0) {
      return;
    }
    try {
      int port = Integer.parseInt(f[1].substring(f[1].indexOf(':') + 1), 16);
      long inode = Long.parseLong(f[9]);
      if (ports.contains(port) && inode > 0) {
        inodes.put(inode, port);
      }
    } catch (NumberFormatException e) {
      // the header row
    }
  }

  private static Set<Integer> sockets(Path fdDir, Map<Long, Integer> inodes) {
    Set<Integer> ports = new HashSet<>();
    try (DirectoryStream<Path> fds = Files.newDirectoryStream(fdDir)) {
      for (Path fd : fds) {
        try {
          String target = Files.readSymbolicLink(fd).toString();
          if (target.startsWith("socket:[")) {
            Integer port = inodes.get(Long.parseLong(target.substring(8, target.length() - 1)));
            if (port != null) {
              ports.add(port);
            }
          }
        } catch (IOException | NumberFormatException e) {
          // closed meanwhile
        }
      }
    } catch (IOException e) {
      // gone, or another user's
    }
    return ports;
  }
}
