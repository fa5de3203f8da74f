package io.granary.shared.db;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;

/** Nullable column reads and writes that JDBC makes verbose. */
public final class Rows {
  private Rows() {}

  public static Instant instant(ResultSet rs, String col) throws SQLException {
    Timestamp t = rs.getTimestamp(col);
    return t == null ? null : t.toInstant();
  }

  public static Timestamp timestamp(Instant i) {
    return i == null ? null : Timestamp.from(i);
  }

  public static Integer intOrNull(ResultSet rs, String col) throws SQLException {
    int v = rs.getInt(col);
    return rs.wasNull() ? null : v;
  }

  public static Long longOrNull(ResultSet rs, String col) throws SQLException {
    long v = rs.getLong(col);
    return rs.wasNull() ? null : v;
  }

  public static Float floatOrNull(ResultSet rs, String col) throws SQLException {
    float v = rs.getFloat(col);
    return rs.wasNull() ? null : v;
  }
}
