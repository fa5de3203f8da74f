package io.granary.tokens;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
public class TokenRepository {
  private final JdbcClient jdbc;

  public TokenRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  static ApiToken map(ResultSet rs, int row) throws SQLException {
    Timestamp used = rs.getTimestamp("last_used_at");
    return new ApiToken(rs.getLong("id"), rs.getLong("user_id"), rs.getString("name"),
        rs.getTimestamp("created_at").toInstant(), used == null ? null : used.toInstant());
  }

  public ApiToken insert(long userId, String name, String hash) {
    return jdbc.sql("INSERT INTO api_tokens (user_id, name, token_hash) VALUES (?, ?, ?) RETURNING *")
        .params(userId, name, hash).query(TokenRepository::map).single();
  }

  public List<ApiToken> forUser(long userId) {
    return jdbc.sql("SELECT * FROM api_tokens WHERE user_id = ? ORDER BY created_at DESC")
        .param(userId).query(TokenRepository::map).list();
  }

  public boolean delete(long id, long userId) {
    return jdbc.sql("DELETE FROM api_tokens WHERE id = ? AND user_id = ?").params(id, userId).update() > 0;
  }

  /** The owner's username for a token hash, touching its last use. */
  public Optional<String> useByHash(String hash) {
    return jdbc.sql("""
            UPDATE api_tokens t SET last_used_at = now() FROM users u
            WHERE t.token_hash = ? AND u.id = t.user_id AND u.enabled RETURNING u.username""")
        .param(hash).query(String.class).optional();
  }
}
