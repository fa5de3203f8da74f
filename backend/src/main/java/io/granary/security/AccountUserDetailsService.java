package io.granary.security;

import io.granary.users.UserAccount;
import io.granary.users.UserRepository;
import java.util.List;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.stereotype.Service;

@Service
public class AccountUserDetailsService implements UserDetailsService {
  private final UserRepository users;

  public AccountUserDetailsService(UserRepository users) {
    this.users = users;
  }

  @Override
  public UserDetails loadUserByUsername(String username) {
    UserAccount u = users.findByUsername(username).orElseThrow(() -> new UsernameNotFoundException(username));
    return User.withUsername(u.username()).password(u.passwordHash()).disabled(!u.enabled())
        .authorities(authorities(u)).build();
  }

  static List<SimpleGrantedAuthority> authorities(UserAccount u) {
    return List.of(new SimpleGrantedAuthority("ROLE_" + u.role().name()));
  }
}
