package io.granary.security;

import io.granary.shared.problem.ProblemType;
import io.granary.tokens.TokensService;
import io.granary.users.UserRepository;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/** Authenticates "Authorization: Bearer gra_…" requests; no session is created for them. */
public class ApiTokenFilter extends OncePerRequestFilter {
  private final TokensService tokens;
  private final UserRepository users;
  private final ProblemSecurityHandlers problems;

  public ApiTokenFilter(TokensService tokens, UserRepository users, ProblemSecurityHandlers problems) {
    this.tokens = tokens;
    this.users = users;
    this.problems = problems;
  }

  static boolean isBearer(HttpServletRequest req) {
    String h = req.getHeader("Authorization");
    return h != null && h.regionMatches(true, 0, "Bearer ", 0, 7);
  }

  @Override
  protected void doFilterInternal(HttpServletRequest req, HttpServletResponse res, FilterChain chain)
      throws ServletException, IOException {
    if (!isBearer(req)) {
      chain.doFilter(req, res);
      return;
    }
    Optional<String> username = tokens.authenticate(req.getHeader("Authorization").substring(7).trim());
    var user = username.flatMap(users::findByUsername);
    if (user.isEmpty()) {
      problems.write(req, res, ProblemType.UNAUTHENTICATED, "Unknown or revoked API token");
      return;
    }
    SecurityContext ctx = SecurityContextHolder.createEmptyContext();
    ctx.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(user.get().username(), null,
        AccountUserDetailsService.authorities(user.get())));
    SecurityContextHolder.setContext(ctx);
    chain.doFilter(req, res);
  }
}
