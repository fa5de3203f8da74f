package io.granary.provisioning.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;

/**
 * The spec's {@code security} section (docs/adr/0018-security.md §1); left out, or without
 * {@code kerberos}, the cluster runs without Kerberos.
 */
@JsonInclude(Include.NON_NULL)
public record SecuritySpec(KerberosSpec kerberos) {}
