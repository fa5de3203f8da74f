package io.granary.operations;

public enum OperationState {
  PENDING, RUNNING, SUCCEEDED, FAILED, CANCELLED;

  public boolean isFinal() {
    return this == SUCCEEDED || this == FAILED || this == CANCELLED;
  }
}
