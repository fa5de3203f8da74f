package io.granary.users;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
public class UserRepository {
  private final JdbcClient jdbc;

  public UserRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  static UserAccount map(ResultSet rs, int row) throws SQLException {
    return new UserAccount(rs.getLong("id"), rs.getString("username"), rs.getString("password_hash"),
        Role.valueOf(rs.getString("role")), rs.getBoolean("enabled"), rs.getTimestamp("created_at").toInstant());
  }

  public List<UserAccount> findAll() {
    return jdbc.sql("SELECT * FROM users ORDER BY username").query(UserRepository::map).list();
  }

  public Optional<UserAccount> findByUsername(String username) {
    return jdbc.sql("SELECT * FROM users WHERE username = ?").param(username).query(UserRepository::map).optional();
  }

  public UserAccount insert(String username, String hash, Role role) {
    return jdbc.sql("INSERT INTO users (username, password_hash, role) VALUES (?, ?, ?) RETURNING *")
        .params(username, hash, role.name()).query(UserRepository::map).single();
  }

  public UserAccount update(long id, Role role, String hash, boolean enabled) {
    return jdbc.sql("UPDATE users SET role = ?, password_hash = ?, enabled = ? WHERE id = ? RETURNING *")
        .params(role.name(), hash, enabled, id).query(UserRepository::map).single();
  }

  public void delete(long id) {
    jdbc.sql("DELETE FROM users WHERE id = ?").param(id).update();
  }

  public long countEnabledAdmins() {
    return jdbc.sql("SELECT count(*) FROM users WHERE role = 'ADMIN' AND enabled").query(Long.class).single();
  }

  public long count() {
    return jdbc.sql("SELECT count(*) FROM users").query(Long.class).single();
  }
}
