package io.granary.operations;

/** What a running task may do: report progress, log events, and notice a cancel request. */
public interface OperationContext {
  void progress(int percent, String message);

  void info(String message);

  void warn(String message);

  boolean cancelRequested();

  /** Ends the task as CANCELLED when a cancel was requested; call between steps. */
  default void checkCancelled() {
    if (cancelRequested()) {
      throw new OperationCancelledException();
    }
  }
}
