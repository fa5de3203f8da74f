package io.granary.operations;

/** Thrown inside a task to stop at a safe point after a cancel request. */
public class OperationCancelledException extends RuntimeException {
  public OperationCancelledException() {
    super("cancelled", null, false, false);
  }
}
