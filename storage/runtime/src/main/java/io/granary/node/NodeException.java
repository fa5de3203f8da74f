package io.granary.node;

/** A problem the operator can act on; the command line prints its message as one line. */
public class NodeException extends RuntimeException {
  private final int exitCode;

  public NodeException(String message) {
    this(message, 1);
  }

  public NodeException(String message, int exitCode) {
    super(message);
    this.exitCode = exitCode;
  }

  public static NodeException usage(String message) {
    return new NodeException(message, 2);
  }

  public int exitCode() {
    return exitCode;
  }
}
