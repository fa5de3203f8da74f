package io.granary.observability;

import io.granary.security.SecurityProperties;
import io.granary.shared.files.PrivateFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import org.springframework.stereotype.Component;

/**
 * The secret Prometheus and Alertmanager present to the control plane: accepted only on
 * /actuator/prometheus and the alert webhook (role MONITOR, outside the user roles). It lives in
 * data-dir/scrape.token (0600), created at the first start, so restarts keep it.
 */
@Component
public class ScrapeToken {
  public static final String ROLE = "MONITOR";
  public static final String PRINCIPAL = "prometheus";
  static final String FILE = "scrape.token";

  private final Path file;
  private volatile String token;

  public ScrapeToken(SecurityProperties props) {
    this.file = Path.of(props.dataDir()).resolve(FILE);
  }

  public String value() {
    String t = token;
    if (t == null) {
      synchronized (this) {
        t = token = loadOrCreate();
      }
    }
    return t;
  }

  /** Constant time, so the comparison tells nothing about how much of a guess was right. */
  public boolean matches(String presented) {
    return presented != null && MessageDigest.isEqual(value().getBytes(StandardCharsets.UTF_8),
        presented.getBytes(StandardCharsets.UTF_8));
  }

  /** The requests a scrape token may make. */
  public static boolean allows(String method, String path) {
    return ("GET".equals(method) && "/actuator/prometheus".equals(path))
        || ("POST".equals(method) && AlertsWebhook.PATH.equals(path));
  }

  private String loadOrCreate() {
    try {
      if (Files.exists(file)) {
        String t = Files.readString(file).trim();
        if (t.length() >= 32) {
          return t;
        }
      }
      byte[] raw = new byte[32];
      new SecureRandom().nextBytes(raw);
      String t = "grs_" + HexFormat.of().formatHex(raw);
      PrivateFiles.write(file, t + "\n");
      return t;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot keep the scrape token in " + file, e);
    }
  }
}
