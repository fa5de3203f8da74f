package io.granary.hosts;

import io.granary.provisioning.validate.Reachability;
import io.granary.provisioning.validate.TcpReachability;
import io.granary.shared.problem.FieldError;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import io.granary.shared.web.PlainText;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.stereotype.Service;

/** The host inventory: addresses, SSH credentials (sealed), and what the hosts have. */
@Service
public class HostsService {
  static final Pattern ADDRESS = Pattern.compile("^[A-Za-z0-9]([A-Za-z0-9.-]{0,252}[A-Za-z0-9])?$");
  static final Pattern USER = Pattern.compile("^[a-z_][a-z0-9_-]{0,31}$");

  private final HostRepository repo;
  private final SecretBox secrets;
  private final Reachability reachability;

  public HostsService(HostRepository repo, SecretBox secrets) {
    this.repo = repo;
    this.secrets = secrets;
    this.reachability = TcpReachability.ssh();
  }

  public record Input(String address, String hostname, String sshUser, String privateKey, Integer cores, Integer ramMb,
      List<String> dataDisks, String rack) {}

  public Host add(Input in, String user) {
    List<FieldError> errors = new ArrayList<>();
    String address = in.address() == null ? "" : in.address().trim();
    if (!ADDRESS.matcher(address).matches()) {
      errors.add(new FieldError("address", "an IPv4 address or a host name, e.g. 10.77.0.11"));
    }
    String sshUser = in.sshUser() == null || in.sshUser().isBlank() ? "root" : in.sshUser().trim();
    if (!USER.matcher(sshUser).matches()) {
      errors.add(new FieldError("sshUser", "a Unix user name, e.g. root or ansible"));
    }
    for (var f : new String[][] {{"hostname", in.hostname()}, {"rack", in.rack()}}) {
      if (PlainText.problem(f[1]) != null) {
        errors.add(new FieldError(f[0], PlainText.problem(f[1])));
      }
    }
    String key = in.privateKey() == null ? "" : in.privateKey().trim();
    if (!key.startsWith("-----BEGIN") || !key.contains("PRIVATE KEY-----")) {
      errors.add(new FieldError("privateKey", "an OpenSSH or PEM private key (-----BEGIN … PRIVATE KEY-----)"));
    }
    if (in.cores() != null && in.cores() < 1) {
      errors.add(new FieldError("cores", "at least 1"));
    }
    if (in.ramMb() != null && in.ramMb() < 256) {
      errors.add(new FieldError("ramMb", "at least 256 MiB"));
    }
    List<String> disks = in.dataDisks() == null ? List.of() : in.dataDisks().stream().map(String::trim)
        .filter(d -> !d.isEmpty()).toList();
    for (int i = 0; i < disks.size(); i++) {
      if (!disks.get(i).startsWith("/")) {
        errors.add(new FieldError("dataDisks[" + i + "]", "an absolute path"));
      }
    }
    if (!errors.isEmpty()) {
      throw ProblemException.invalid(errors);
    }
    if (repo.byAddress(address).isPresent()) {
      throw ProblemException.of(ProblemType.HOST_EXISTS, "host " + address + " is already in the inventory");
    }
    Reachability.Result r = reachability.check(address);
    byte[] plain = (key + "\n").getBytes(StandardCharsets.UTF_8);
    return repo.insert(address, blank(in.hostname()), sshUser, secrets.seal(plain), fingerprint(plain), in.cores(),
        in.ramMb(), disks, blank(in.rack()), r.ok(), r.message(), user);
  }

  private static String blank(String s) {
    return s == null || s.isBlank() ? null : s.trim();
  }

  static String fingerprint(byte[] key) {
    try {
      return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(key)).substring(0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  public List<Host> list() {
    return repo.list();
  }

  public void remove(long id) {
    if (!repo.delete(id)) {
      throw ProblemException.of(ProblemType.HOST_NOT_FOUND, "no host " + id + " in the inventory");
    }
  }

  /** The host's private key in clear, for one Ansible run. */
  byte[] privateKey(Host h) {
    return secrets.open(repo.sealedKey(h.id()).orElseThrow());
  }
}
