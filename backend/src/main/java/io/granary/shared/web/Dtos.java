package io.granary.shared.web;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** Small conversions every controller needs when mapping records to generated DTOs. */
public final class Dtos {
  private Dtos() {}

  public static OffsetDateTime time(Instant i) {
    return i == null ? null : i.atOffset(ZoneOffset.UTC);
  }

  public static Instant instant(OffsetDateTime t) {
    return t == null ? null : t.toInstant();
  }
}
