package io.granary.shared.problem;

/** Thrown by services for an expected failure; the handler turns it into problem+json. */
public class ProblemException extends RuntimeException {
  private final ProblemType type;

  public ProblemException(ProblemType type, String detail) {
    super(detail);
    this.type = type;
  }

  public ProblemType type() {
    return type;
  }

  public static ProblemException of(ProblemType type, String detail) {
    return new ProblemException(type, detail);
  }
}
