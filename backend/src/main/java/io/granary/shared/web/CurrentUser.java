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
}
