package io.granary.users;

import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import java.util.List;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
public class UsersService {
  private final UserRepository users;
  private final PasswordEncoder encoder;

  public UsersService(UserRepository users, PasswordEncoder encoder) {
    this.users = users;
    this.encoder = encoder;
  }

  public List<UserAccount> list() {
    return users.findAll();
  }

  public UserAccount get(String username) {
    return users.findByUsername(username).orElseThrow(() ->
        ProblemException.of(ProblemType.USER_NOT_FOUND, "no user '" + username + "'"));
  }

  public UserAccount create(String username, String password, Role role) {
    if (users.findByUsername(username).isPresent()) {
      throw ProblemException.of(ProblemType.USERNAME_TAKEN, "user '" + username + "' exists");
    }
    try {
      return users.insert(username, encoder.encode(password), role);
    } catch (DuplicateKeyException e) {
      throw ProblemException.of(ProblemType.USERNAME_TAKEN, "user '" + username + "' exists");
    }
  }

  /** Changes what is given; refuses to leave no enabled ADMIN. */
  @Transactional
  public UserAccount update(String username, Role role, String password, Boolean enabled) {
    UserAccount u = get(username);
    Role newRole = role == null ? u.role() : role;
    boolean newEnabled = enabled == null ? u.enabled() : enabled;
    boolean losesAdmin = u.role() == Role.ADMIN && u.enabled() && (newRole != Role.ADMIN || !newEnabled);
    if (losesAdmin && users.countEnabledAdmins() <= 1) {
      throw ProblemException.of(ProblemType.LAST_ADMIN, "'" + username + "' is the last enabled ADMIN");
    }
    String hash = password == null ? u.passwordHash() : encoder.encode(password);
    return users.update(u.id(), newRole, hash, newEnabled);
  }

  @Transactional
  public void delete(String username) {
    UserAccount u = get(username);
    if (u.role() == Role.ADMIN && u.enabled() && users.countEnabledAdmins() <= 1) {
      throw ProblemException.of(ProblemType.LAST_ADMIN, "'" + username + "' is the last enabled ADMIN");
    }
    users.delete(u.id());
  }

  public boolean none() {
    return users.count() == 0;
  }
}
