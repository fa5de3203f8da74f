package io.granary.shared.web;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;

/** The signed-in user's name, for audit and "created by". */
public final class CurrentUser {
  private CurrentUser() {}

  public static String name() {
    Authentication a = SecurityContextHolder.getContext().getAuthentication();
    return a == null || !a.isAuthenticated() ? "anonymous" : a.getName();
  }

  /** True for a VIEWER: no OPERATOR or ADMIN role (other authorities, such as the sign-in factor, aside). */
  public static boolean isViewerOnly() {
    Authentication a = SecurityContextHolder.getContext().getAuthentication();
    if (a == null) {
      return true;
    }
    return a.getAuthorities().stream().map(g -> g.getAuthority())
        .noneMatch(r -> r.equals("ROLE_OPERATOR") || r.equals("ROLE_ADMIN"));
  }
}
