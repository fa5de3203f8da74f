package io.granary.security;

import io.granary.users.Role;
import io.granary.users.UsersService;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

/**
 * First start: creates "admin" with GRANARY_ADMIN_PASSWORD, or a generated password printed once
 * and left in data-dir/initial-admin-password (mode 600) until the admin changes it.
 */
@Component
@Order(1)
public class AdminBootstrap implements ApplicationRunner {
  public static final String PASSWORD_FILE = "initial-admin-password";
  private static final Logger log = LoggerFactory.getLogger(AdminBootstrap.class);

  private final UsersService users;
  private final SecurityProperties props;

  public AdminBootstrap(UsersService users, SecurityProperties props) {
    this.users = users;
    this.props = props;
  }

  @Override
  public void run(ApplicationArguments args) throws IOException {
    if (!users.none()) {
      return;
    }
    boolean generated = props.adminPassword() == null || props.adminPassword().isBlank();
    String password = generated ? generate() : props.adminPassword();
    users.create("admin", password, Role.ADMIN);
    if (generated) {
      Path dir = Path.of(props.dataDir());
      Files.createDirectories(dir);
      Path file = dir.resolve(PASSWORD_FILE);
      Files.writeString(file, password + "\n");
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
      System.out.println("\n*** Granary first start: user 'admin', password " + password
          + "\n*** (also in " + file.toAbsolutePath() + "; change it on the Users page)\n");
    } else {
      log.info("created user 'admin' with the password from GRANARY_ADMIN_PASSWORD");
    }
  }

  static String generate() {
    byte[] b = new byte[15];
    new SecureRandom().nextBytes(b);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
  }
}
