package io.granary.shared.problem;

import java.util.List;

/** Thrown by services for an expected failure; the handler turns it into problem+json. */
public class ProblemException extends RuntimeException {
  private final ProblemType type;
  private final List<FieldError> fields;

  public ProblemException(ProblemType type, String detail) {
    this(type, detail, List.of());
  }

  public ProblemException(ProblemType type, String detail, List<FieldError> fields) {
    super(detail);
    this.type = type;
    this.fields = List.copyOf(fields);
  }

  public ProblemType type() {
    return type;
  }

  public List<FieldError> fields() {
    return fields;
  }

  public static ProblemException of(ProblemType type, String detail) {
    return new ProblemException(type, detail);
  }

  public static ProblemException invalid(List<FieldError> fields) {
    return new ProblemException(ProblemType.VALIDATION_FAILED, fields.size() + " field(s) invalid", fields);
  }
}
