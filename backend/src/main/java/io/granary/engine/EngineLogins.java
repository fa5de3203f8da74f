package io.granary.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.UserGroupInformation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The control plane's Kerberos logins, one per Kerberized cluster, each from the keytab its install
 * handed over (docs/adr/0018-security.md §5). Hadoop's login state is JVM-wide: the first Kerberized
 * cluster switches it to Kerberos, after which simple clusters are reached with
 * {@code ipc.client.fallback-to-simple-auth-allowed} (see {@link EngineConnections#conf}). A control
 * plane with only simple clusters never switches.
 */
@Component
public class EngineLogins {
  private static final Logger log = LoggerFactory.getLogger(EngineLogins.class);
  /** Any principal's first component is its short name: {@code granary-cp/lab@R} is {@code granary-cp}. */
  static final String AUTH_TO_LOCAL = "RULE:[1:$1]\nRULE:[2:$1]\nDEFAULT";

  private final KeytabSource keytabs;
  private final Map<Long, Login> logins = new ConcurrentHashMap<>();
  /** Every realm logged in to so far, and its KDCs: one krb5.conf for the JVM lists them all. */
  private final Map<String, List<String>> realms = new TreeMap<>();

  private record Login(EngineKerberos kerberos, UserGroupInformation ugi) {}

  /** Thrown when the control plane cannot log in to a cluster's realm; the message says what to fix. */
  public static final class KerberosLoginException extends IOException {
    KerberosLoginException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  public EngineLogins(KeytabSource keytabs) {
    this.keytabs = keytabs;
  }

  /** The control plane's login to {@code e}'s realm, renewed when its ticket nears its end. */
  public synchronized UserGroupInformation ugi(ClusterEndpoints e) throws IOException {
    EngineKerberos k = e.kerberos();
    Login l = logins.get(e.clusterId());
    if (l != null && l.kerberos().equals(k)) {
      l.ugi().checkTGTAndReloginFromKeytab();
      return l.ugi();
    }
    Path keytab = keytabs.keytab(e.clusterId());
    krb5Conf(k, keytab.getParent());
    secureMode();
    try {
      UserGroupInformation ugi = UserGroupInformation.loginUserFromKeytabAndReturnUGI(k.principal(), keytab.toString());
      logins.put(e.clusterId(), new Login(k, ugi));
      return ugi;
    } catch (IOException | RuntimeException ex) {
      throw new KerberosLoginException("Kerberos login as " + k.principal() + " to the KDC " + String.join(", ",
          k.kdcs()) + " failed (" + EngineErrors.describe(ex) + "); check that the KDC answers and that this host's"
          + " clock is within 5 minutes of it, or re-run the install to export the control plane's keytab again", ex);
    }
  }

  /** What a client process of its own (the bench agent) needs to log in as the control plane does. */
  public record ClientFiles(Path keytab, Path krb5Conf) {}

  /** The opened keytab of {@code e} and the krb5.conf that lists its realm (both written by a login). */
  public synchronized ClientFiles clientFiles(ClusterEndpoints e) throws IOException {
    ugi(e);
    Path keytab = keytabs.keytab(e.clusterId());
    return new ClientFiles(keytab, keytab.getParent().resolve("krb5.conf"));
  }

  /** Forgets a cluster's login (deregistered, or its endpoints changed). */
  public void forget(long clusterId) {
    logins.remove(clusterId);
  }

  private static void secureMode() {
    if (UserGroupInformation.isSecurityEnabled()) {
      return;
    }
    Configuration c = new Configuration();
    c.set("hadoop.security.authentication", "kerberos");
    c.set("hadoop.security.auth_to_local", AUTH_TO_LOCAL);
    UserGroupInformation.setConfiguration(c);
    log.info("Hadoop logins switched to Kerberos for the first Kerberized cluster; simple clusters fall back");
  }

  /** Writes the JVM's krb5.conf with every realm known so far and has the JDK read it again. */
  private void krb5Conf(EngineKerberos k, Path dir) throws IOException {
    if (k.kdcs().equals(realms.get(k.realm())) && System.getProperty("java.security.krb5.conf") != null) {
      return;
    }
    realms.put(k.realm(), k.kdcs());
    Path file = dir.resolve("krb5.conf");
    Path tmp = Files.createTempFile(dir, "krb5", ".tmp");
    Files.writeString(tmp, krb5(realms), StandardCharsets.UTF_8);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    System.setProperty("java.security.krb5.conf", file.toString());
    try {
      // the JDK caches krb5.conf; the login below also asks for a refresh (refreshKrb5Config)
      Class.forName("sun.security.krb5.Config").getMethod("refresh").invoke(null);
    } catch (ReflectiveOperationException | RuntimeException ex) {
      log.warn("could not refresh the JDK's Kerberos configuration ({}); start the JVM with"
          + " --add-exports java.security.jgss/sun.security.krb5=ALL-UNNAMED", ex.toString());
    }
  }

  /** krb5.conf for these realms: no DNS lookups (every KDC is listed), TCP only, the first realm the default. */
  static String krb5(Map<String, List<String>> realms) {
    StringBuilder b = new StringBuilder("[libdefaults]\n");
    b.append("  default_realm = ").append(realms.keySet().iterator().next()).append('\n');
    b.append("  dns_lookup_kdc = false\n  dns_lookup_realm = false\n  rdns = false\n  udp_preference_limit = 1\n");
    b.append("\n[realms]\n");
    realms.forEach((realm, kdcs) -> {
      b.append("  ").append(realm).append(" = {\n");
      kdcs.forEach(kdc -> b.append("    kdc = ").append(kdc).append('\n'));
      b.append("  }\n");
    });
    return b.toString();
  }
}
