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

  /** True when the caller's only authority is the given one (e.g. a VIEWER, with no higher role). */
  public static boolean hasOnly(String authority) {
    Authentication a = SecurityContextHolder.getContext().getAuthentication();
    return a != null && a.getAuthorities().size() == 1
        && a.getAuthorities().iterator().next().getAuthority().equals(authority);
  }
}
