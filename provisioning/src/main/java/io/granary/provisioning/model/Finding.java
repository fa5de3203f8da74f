package io.granary.provisioning.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * A validation error or warning.
 *
 * @param field path into the spec, e.g. {@code hosts[2].address}; empty for the whole spec
 */
@JsonPropertyOrder({"code", "severity", "field", "message"})
public record Finding(FindingCode code, String field, String message) {

  public static Finding of(FindingCode code, String field, String message) {
    return new Finding(code, field, message);
  }

  @JsonProperty
  public Severity severity() {
    return code.severity();
  }

  @JsonIgnore
  public boolean isError() {
    return severity() == Severity.ERROR;
  }

  @Override
  public String toString() {
    return severity() + " " + code + (field.isEmpty() ? "" : " at " + field) + ": " + message;
  }
}
