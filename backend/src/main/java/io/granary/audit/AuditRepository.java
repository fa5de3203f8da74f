package io.granary.audit;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
public class AuditRepository {
  private static final String FILTER = """
      WHERE (CAST(:username AS VARCHAR) IS NULL OR username = :username)
        AND (CAST(:action AS VARCHAR) IS NULL OR action ILIKE '%' || :action || '%')
        AND (CAST(:result AS VARCHAR) IS NULL OR result = :result)
        AND (CAST(:from AS TIMESTAMPTZ) IS NULL OR at >= :from)
        AND (CAST(:to AS TIMESTAMPTZ) IS NULL OR at < :to)
      """;

  private final JdbcClient jdbc;

  public AuditRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  static AuditEntry map(ResultSet rs, int row) throws SQLException {
    int status = rs.getInt("status");
    Integer st = rs.wasNull() ? null : status;
    return new AuditEntry(rs.getLong("id"), rs.getTimestamp("at").toInstant(), rs.getString("username"),
        rs.getString("action"), rs.getString("target"), AuditResult.valueOf(rs.getString("result")), st,
        rs.getString("detail"), rs.getString("remote_address"));
  }

  public void insert(String username, String action, String target, AuditResult result, Integer status,
      String detail, String remote) {
    jdbc.sql("""
            INSERT INTO audit_log (username, action, target, result, status, detail, remote_address)
            VALUES (?, ?, ?, ?, ?, ?, ?)""")
        .params(username, action, target, result.name(), status, detail, remote).update();
  }

  public record Query(String username, String action, AuditResult result, Instant from, Instant to, int page, int size) {}

  public List<AuditEntry> find(Query q) {
    return bind(jdbc.sql("SELECT * FROM audit_log " + FILTER + " ORDER BY at DESC, id DESC LIMIT :limit OFFSET :offset"), q)
        .param("limit", q.size()).param("offset", (long) q.page() * q.size())
        .query(AuditRepository::map).list();
  }

  public long count(Query q) {
    return bind(jdbc.sql("SELECT count(*) FROM audit_log " + FILTER), q).query(Long.class).single();
  }

  private static JdbcClient.StatementSpec bind(JdbcClient.StatementSpec s, Query q) {
    return s.param("username", blankToNull(q.username())).param("action", blankToNull(q.action()))
        .param("result", q.result() == null ? null : q.result().name())
        .param("from", q.from() == null ? null : Timestamp.from(q.from()))
        .param("to", q.to() == null ? null : Timestamp.from(q.to()));
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }
}
