package io.granary.shared.problem;

/**
 * One invalid input, named by its JSON path (e.g. {@code families[0].compression}): validators
 * return lists of these, {@link ProblemException} carries them to the handler, which lists them in
 * the problem's {@code errors}.
 */
public record FieldError(String field, String message) {
  public FieldError {
    if (field == null || message == null) {
      throw new IllegalArgumentException("field and message are required");
    }
  }
}
