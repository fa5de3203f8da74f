package io.granary.security;

import io.granary.api.AuthApi;
import io.granary.api.model.CurrentUserDto;
import io.granary.api.model.LoginRequestDto;
import io.granary.api.model.RoleDto;
import io.granary.audit.AuditResult;
import io.granary.audit.AuditService;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import io.granary.shared.web.CurrentUser;
import io.granary.users.UserRepository;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import org.springframework.http.ResponseEntity;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.context.SecurityContextRepository;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class AuthController implements AuthApi {
  private final AuthenticationManager authentication;
  private final SecurityContextRepository contexts;
  private final UserRepository users;
  private final AuditService audit;
  private final HttpServletRequest request;
  private final HttpServletResponse response;

  public AuthController(AuthenticationManager authentication, SecurityContextRepository contexts,
      UserRepository users, AuditService audit, HttpServletRequest request, HttpServletResponse response) {
    this.authentication = authentication;
    this.contexts = contexts;
    this.users = users;
    this.audit = audit;
    this.request = request;
    this.response = response;
  }

  @Override
  public ResponseEntity<CurrentUserDto> login(LoginRequestDto body) {
    Authentication auth;
    try {
      auth = authentication.authenticate(
          UsernamePasswordAuthenticationToken.unauthenticated(body.getUsername(), body.getPassword()));
    } catch (AuthenticationException e) {
      audit.record(body.getUsername(), "POST /api/v1/auth/login", "session", AuditResult.DENIED, 401,
          "login failed", request.getRemoteAddr());
      throw ProblemException.of(ProblemType.BAD_CREDENTIALS, "Wrong username or password, or the account is disabled");
    }
    // a fresh session id at login: no session fixation
    HttpSession old = request.getSession(false);
    if (old != null) {
      old.invalidate();
    }
    request.getSession(true);
    SecurityContext ctx = SecurityContextHolder.createEmptyContext();
    ctx.setAuthentication(auth);
    SecurityContextHolder.setContext(ctx);
    contexts.saveContext(ctx, request, response);
    audit.record(auth.getName(), "POST /api/v1/auth/login", "session", AuditResult.SUCCESS, 200, null,
        request.getRemoteAddr());
    return ResponseEntity.ok(me(auth.getName()));
  }

  @Override
  public ResponseEntity<Void> logout() {
    HttpSession s = request.getSession(false);
    if (s != null) {
      s.invalidate();
    }
    SecurityContextHolder.clearContext();
    return ResponseEntity.noContent().build();
  }

  @Override
  public ResponseEntity<CurrentUserDto> currentUser() {
    return ResponseEntity.ok(me(CurrentUser.name()));
  }

  private CurrentUserDto me(String username) {
    var u = users.findByUsername(username).orElseThrow(() ->
        ProblemException.of(ProblemType.UNAUTHENTICATED, "the signed-in user no longer exists"));
    return new CurrentUserDto(u.username(), RoleDto.fromValue(u.role().name()));
  }
}
