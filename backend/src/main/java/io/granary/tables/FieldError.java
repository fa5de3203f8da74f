package io.granary.tables;

/** One problem with one user-supplied field; the web layer maps these to its problem response. */
public record FieldError(String field, String message) {
  public FieldError {
    if (field == null || message == null) {
      throw new IllegalArgumentException("field and message are required");
    }
  }
}
