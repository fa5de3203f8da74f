package io.granary.provisioning.validate;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;

/** The cheapest real check: a TCP connect to the SSH port. */
public final class TcpReachability implements Reachability {
  private final int port;
  private final Duration timeout;

  public TcpReachability(int port, Duration timeout) {
    this.port = port;
    this.timeout = timeout;
  }

  public static TcpReachability ssh() {
    return new TcpReachability(22, Duration.ofSeconds(3));
  }

  @Override
  public Result check(String address) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(address, port), (int) timeout.toMillis());
      return Result.reachable();
    } catch (IOException e) {
      return Result.unreachable(
          "no TCP connection to " + address + ":" + port + ": " + e.getMessage());
    }
  }
}
