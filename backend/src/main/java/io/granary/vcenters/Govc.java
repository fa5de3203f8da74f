package io.granary.vcenters;

import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.springframework.stereotype.Component;

/**
 * Runs govc against one vCenter. Credentials go in the child's environment only (never its
 * command line), TLS material in a private temporary directory removed afterwards; failures
 * become the three vcenter-* problems, never a 500.
 */
@Component
public class Govc {
  private final VcentersProperties props;

  public Govc(VcentersProperties props) {
    this.props = props;
  }

  /** How to reach and trust one vCenter. */
  public record Target(String url, String username, String password, boolean tlsVerify, String thumbprint,
      String caPem) {}

  /** A series of govc calls sharing one login (the session is kept in the temporary directory). */
  public Session open(Target t) {
    return new Session(t, props.govcPath(), props.timeout());
  }

  public static final class Session implements AutoCloseable {
    private final Target target;
    private final Path govc;
    private final Duration timeout;
    private final Path dir;
    private final Map<String, String> env = new LinkedHashMap<>();

    Session(Target t, Path govc, Duration timeout) {
      this.target = t;
      this.govc = govc;
      this.timeout = timeout;
      try {
        dir = Files.createTempDirectory("granary-govc-",
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        env.putAll(environment(t, dir));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    /** govc's stdout, or a vcenter-* problem. */
    public String run(List<String> args) {
      List<String> cmd = new ArrayList<>();
      cmd.add(govc.toString());
      cmd.addAll(args);
      ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
      Map<String, String> e = pb.environment();
      // the operator's own govc settings and Python CA overrides must not leak into the call
      e.keySet().removeIf(k -> k.startsWith("GOVC_") || k.startsWith("GOVMOMI_"));
      e.remove("REQUESTS_CA_BUNDLE");
      e.remove("CURL_CA_BUNDLE");
      e.putAll(env);
      Process p;
      try {
        p = pb.start();
      } catch (IOException ex) {
        throw ProblemException.of(ProblemType.VCENTER_UNREACHABLE, "govc cannot be started (" + govc
            + "): build it with tools/vsphere/build.sh or set granary.vcenters.govc");
      }
      CompletableFuture<String> out = read(p.getInputStream());
      CompletableFuture<String> err = read(p.getErrorStream());
      try {
        if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
          p.destroyForcibly();
          throw ProblemException.of(ProblemType.VCENTER_UNREACHABLE, host(target.url()) + " did not answer within "
              + timeout.toSeconds() + " s");
        }
        String stdout = out.get(5, TimeUnit.SECONDS);
        if (p.exitValue() != 0) {
          String text = (err.get(5, TimeUnit.SECONDS) + "\n" + stdout).strip();
          throw ProblemException.of(classify(text), message(text, govc.toString(), target.password()));
        }
        return stdout;
      } catch (InterruptedException ex) {
        p.destroyForcibly();
        Thread.currentThread().interrupt();
        throw ProblemException.of(ProblemType.VCENTER_UNREACHABLE, "interrupted while waiting for govc");
      } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException ex) {
        throw ProblemException.of(ProblemType.VCENTER_UNREACHABLE, "govc's output could not be read");
      }
    }

    public String run(String... args) {
      return run(List.of(args));
    }

    @Override
    public void close() {
      try (var walk = Files.walk(dir)) {
        walk.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      } catch (IOException e) {
        // a leftover temporary directory holds no password (only a session cookie that expires)
      }
    }
  }

  private static CompletableFuture<String> read(InputStream in) {
    return CompletableFuture.supplyAsync(() -> {
      try (in) {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        return "";
      }
    });
  }

  /** GOVC_* for one connection; CA and thumbprint files are written into {@code dir}. */
  static Map<String, String> environment(Target t, Path dir) throws IOException {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("GOVC_URL", t.url());
    env.put("GOVC_USERNAME", t.username());
    env.put("GOVC_PASSWORD", t.password());
    // one login per session, kept in the private directory rather than ~/.govmomi
    env.put("GOVMOMI_HOME", dir.toString());
    env.put("GOVC_PERSIST_SESSION", "true");
    if (!t.tlsVerify()) {
      env.put("GOVC_INSECURE", "1");
    } else {
      if (t.caPem() != null && !t.caPem().isBlank()) {
        Path ca = Files.writeString(dir.resolve("ca.pem"), t.caPem().strip() + "\n");
        env.put("GOVC_TLS_CA_CERTS", ca.toString());
      }
      if (t.thumbprint() != null && !t.thumbprint().isBlank()) {
        Path known = Files.writeString(dir.resolve("known_hosts"), knownHosts(t.url(), t.thumbprint()));
        env.put("GOVC_TLS_KNOWN_HOSTS", known.toString());
      }
    }
    return env;
  }

  /** govc looks a thumbprint up by the URL's host (with its port when it has one); upper case only. */
  static String knownHosts(String url, String thumbprint) {
    URI u;
    try {
      u = new URI(url);
    } catch (java.net.URISyntaxException e) {
      return ""; // a URL stored before it was checked: no host to pin, govc then refuses the certificate
    }
    if (u.getHost() == null) {
      return "";
    }
    String tp = thumbprint.strip().toUpperCase(Locale.ROOT);
    int port = u.getPort() == -1 ? 443 : u.getPort();
    return u.getHost() + " " + tp + "\n" + u.getHost() + ":" + port + " " + tp + "\n";
  }

  /** Which of the three problems a govc failure is. */
  static ProblemType classify(String text) {
    String t = text.toLowerCase(Locale.ROOT);
    if (t.contains("login failure") || t.contains("incorrect user name or password") || t.contains("invalidlogin")
        || t.contains("notauthenticated") || t.contains("cannot complete login")
        || t.contains("401 unauthorized")) {
      return ProblemType.VCENTER_AUTH;
    }
    if (t.contains("x509:") || t.contains("tls:") || t.contains("thumbprint does not match")
        || t.contains("certificate")) {
      return ProblemType.VCENTER_TLS;
    }
    return ProblemType.VCENTER_UNREACHABLE;
  }

  /** The useful line of govc's output, without its path and never the password. */
  static String message(String text, String govcPath, String password) {
    String line = text.lines().map(String::strip).filter(l -> l.startsWith(govcPath + ":") || l.startsWith("govc:"))
        .findFirst().orElse(null);
    if (line == null) {
      // a SOAP fault printed as JSON: its "String" says what vCenter answered
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"String\"\\s*:\\s*\"([^\"]*)\"").matcher(text);
      line = m.find() ? m.group(1) : text.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst()
          .orElse("govc failed without a message");
    }
    line = line.replace(govcPath + ":", "govc:").strip();
    if (line.startsWith("govc:")) {
      line = line.substring(5).strip();
    }
    if (password != null && !password.isEmpty()) {
      line = line.replace(password, "***");
    }
    return line.length() > 500 ? line.substring(0, 500) + "…" : line;
  }

  static String host(String url) {
    try {
      URI u = URI.create(url);
      return u.getHost() + (u.getPort() == -1 ? "" : ":" + u.getPort());
    } catch (IllegalArgumentException e) {
      return "the vCenter";
    }
  }

  /** How an operator sets up govc for this connection in a shell (the password as a placeholder). */
  public static List<String> shellSetup(Target t) {
    List<String> lines = new ArrayList<>();
    lines.add("export GOVC_URL=" + quote(t.url()) + " GOVC_USERNAME=" + quote(t.username())
        + " GOVC_PASSWORD='<password>'");
    if (!t.tlsVerify()) {
      lines.add("export GOVC_INSECURE=1");
    } else if (t.caPem() != null && !t.caPem().isBlank()) {
      lines.add("export GOVC_TLS_CA_CERTS=ca.pem   # the connection's CA certificate");
    }
    if (t.tlsVerify() && t.thumbprint() != null && !t.thumbprint().isBlank()) {
      lines.add("echo " + quote(knownHosts(t.url(), t.thumbprint()).lines().toList().get(1))
          + " > known_hosts && export GOVC_TLS_KNOWN_HOSTS=known_hosts");
    }
    return lines;
  }

  /** A POSIX shell word. */
  public static String quote(String s) {
    return "'" + s.replace("'", "'\\''") + "'";
  }
}
