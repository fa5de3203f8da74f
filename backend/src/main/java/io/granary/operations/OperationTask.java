package io.granary.operations;

/** The body of an operation. Returns the final message on success. */
@FunctionalInterface
public interface OperationTask {
  String run(OperationContext ctx) throws Exception;
}
