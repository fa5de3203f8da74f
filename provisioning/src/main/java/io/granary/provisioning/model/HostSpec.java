package io.granary.provisioning.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import java.util.List;

/**
 * One host of the spec. RAM is given as ramGb or ramMb; roles, when present, are exactly what the
 * host runs (nothing added automatically).
 */
@JsonInclude(Include.NON_NULL)
public record HostSpec(
    String address,
    String hostname,
    Integer cores,
    Double ramGb,
    Integer ramMb,
    List<String> dataDisks,
    String rack,
    List<String> roles) {

  public static final String DEFAULT_RACK = "/default-rack";

  public HostSpec {
    dataDisks = dataDisks == null ? List.of() : dataDisks;
  }

  /** The inventory name: the hostname, else the address. */
  public String nameOrAddress() {
    return hostname != null && !hostname.isBlank() ? hostname : address;
  }

  public String rackOrDefault() {
    return rack == null ? DEFAULT_RACK : rack;
  }

  /** RAM in MB, or null when absent; ramMb wins when both agree (the validator rejects a clash). */
  public Integer ramMbOrNull() {
    if (ramMb != null) {
      return ramMb;
    }
    return ramGb == null ? null : (int) Math.round(ramGb * 1024);
  }

  /** The field the operator used for RAM, so findings point at it. */
  public String ramField() {
    return ramMb != null ? "ramMb" : "ramGb";
  }
}
