package io.granary.provisioning.model;

/** The spec is not a well-formed document of the expected shape. */
public final class SpecParseException extends RuntimeException {
  private final Finding finding;

  public SpecParseException(Finding finding) {
    super(
        finding.field().isEmpty() ? finding.message() : finding.field() + ": " + finding.message());
    this.finding = finding;
  }

  public Finding finding() {
    return finding;
  }
}
