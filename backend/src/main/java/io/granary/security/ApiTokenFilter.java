package io.granary.security;

import io.granary.observability.ScrapeToken;
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
  /** Null where no scrape token exists (web-layer tests): only API tokens then. */
  private final java.util.function.Supplier<ScrapeToken> scrape;

  public ApiTokenFilter(TokensService tokens, UserRepository users, ProblemSecurityHandlers problems,
      java.util.function.Supplier<ScrapeToken> scrape) {
    this.tokens = tokens;
    this.users = users;
    this.problems = problems;
    this.scrape = scrape;
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
    String presented = req.getHeader("Authorization").substring(7).trim();
    ScrapeToken st = scrape.get();
    if (st != null && ScrapeToken.allows(req.getMethod(), req.getRequestURI()) && st.matches(presented)) {
      SecurityContext ctx = SecurityContextHolder.createEmptyContext();
      ctx.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(ScrapeToken.PRINCIPAL, null,
          java.util.List.of(new org.springframework.security.core.authority.SimpleGrantedAuthority(
              "ROLE_" + ScrapeToken.ROLE))));
      SecurityContextHolder.setContext(ctx);
      chain.doFilter(req, res);
      return;
    }
    Optional<String> username = tokens.authenticate(presented);
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
