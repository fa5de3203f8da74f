package io.granary.tokens;

import io.granary.shared.problem.FieldError;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import io.granary.shared.web.PlainText;
import io.granary.users.UserAccount;
import io.granary.users.UsersService;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Service;

/** API tokens: 32 random bytes shown once; only their SHA-256 is stored. */
@Service
public class TokensService {
  static final String PREFIX = "gra_";
  private static final SecureRandom RANDOM = new SecureRandom();

  private final TokenRepository tokens;
  private final UsersService users;

  public TokensService(TokenRepository tokens, UsersService users) {
    this.tokens = tokens;
    this.users = users;
  }

  public record Created(ApiToken token, String secret) {}

  public Created create(String username, String name) {
    String why = PlainText.problem(name);
    if (why != null) {
      throw ProblemException.invalid(List.of(new FieldError("name", why)));
    }
    UserAccount u = users.get(username);
    byte[] raw = new byte[32];
    RANDOM.nextBytes(raw);
    String secret = PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
    return new Created(tokens.insert(u.id(), name, hash(secret)), secret);
  }

  public List<ApiToken> list(String username) {
    return tokens.forUser(users.get(username).id());
  }

  public void delete(String username, long id) {
    if (!tokens.delete(id, users.get(username).id())) {
      throw ProblemException.of(ProblemType.TOKEN_NOT_FOUND, "no token " + id + " of yours");
    }
  }

  /** The username a presented secret belongs to, if the token exists and its user is enabled. */
  public Optional<String> authenticate(String secret) {
    if (secret == null || !secret.startsWith(PREFIX)) {
      return Optional.empty();
    }
    return tokens.useByHash(hash(secret));
  }

  static String hash(String secret) {
    try {
      return HexFormat.of().formatHex(
          MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
