package io.granary.vcenters;

import io.granary.hosts.SecretBox;
import io.granary.provisioning.vsphere.VcenterFacts;
import io.granary.shared.problem.FieldError;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

/** Stored vCenter connections: CRUD with sealed secrets, the connection test and the inventory read. */
@Service
public class VcentersService {
  private final VcenterRepository repo;
  private final SecretBox secrets;
  private final Govc govc;

  public VcentersService(VcenterRepository repo, SecretBox secrets, Govc govc) {
    this.repo = repo;
    this.secrets = secrets;
    this.govc = govc;
  }

  /** What the API sends; null secrets on update keep the stored ones. */
  public record Input(String name, String url, String username, String password, Boolean tlsVerify,
      String thumbprint, String caPem, String guestSshUser, String guestPrivateKey) {}

  /** The schema's pattern lets odd hosts through (brackets anywhere): the URL must parse with a host. */
  static void checkUrl(String url) {
    String why = null;
    try {
      URI u = new URI(url.strip());
      if (u.getHost() == null || !("https".equals(u.getScheme()) || "http".equals(u.getScheme()))) {
        why = "an http(s) URL with a host name or address, e.g. https://vcenter.example.com/sdk";
      }
    } catch (URISyntaxException e) {
      why = "not a URL: " + e.getReason();
    }
    if (why != null) {
      throw ProblemException.invalid(List.of(new FieldError("url", why)));
    }
  }

  public record TestResult(String apiVersion, String fullName, long latencyMs, String command) {}

  public record Inventory(VcenterFacts facts, List<String> commands, Instant readAt) {}

  public List<Vcenter> list() {
    return repo.list();
  }

  public Vcenter get(long id) {
    return repo.find(id).orElseThrow(() -> ProblemException.of(ProblemType.VCENTER_NOT_FOUND,
        "no vCenter connection " + id));
  }

  public Optional<Vcenter> byName(String name) {
    return repo.byName(name);
  }

  public Vcenter create(Input in, String user) {
    checkUrl(in.url());
    if (repo.byName(in.name()).isPresent()) {
      throw taken(in.name());
    }
    try {
      return repo.insert(in.name(), in.url().strip(), in.username(), seal(in.password()), tlsVerify(in),
          blank(in.thumbprint()), blank(in.caPem()), guestUser(in), sealKey(in.guestPrivateKey()), user);
    } catch (DuplicateKeyException e) {
      throw taken(in.name());
    }
  }

  public Vcenter update(long id, Input in) {
    checkUrl(in.url());
    Vcenter old = get(id);
    if (!old.name().equals(in.name())) {
      if (repo.byName(in.name()).isPresent()) {
        throw taken(in.name());
      }
      List<String> using = repo.clustersUsing(id);
      if (!using.isEmpty()) {
        throw ProblemException.of(ProblemType.VCENTER_IN_USE, "the specs of " + String.join(", ", using)
            + " name connection '" + old.name() + "': it keeps its name while they exist");
      }
    }
    try {
      return repo.update(id, in.name(), in.url().strip(), in.username(), in.password() == null ? null
              : seal(in.password()), tlsVerify(in), blank(in.thumbprint()), blank(in.caPem()), guestUser(in),
          in.guestPrivateKey() == null ? null : sealKey(in.guestPrivateKey()))
          .orElseThrow(() -> ProblemException.of(ProblemType.VCENTER_NOT_FOUND, "no vCenter connection " + id));
    } catch (DuplicateKeyException e) {
      throw taken(in.name());
    }
  }

  public void delete(long id) {
    Vcenter v = get(id);
    List<String> using = repo.clustersUsing(id);
    if (!using.isEmpty()) {
      throw ProblemException.of(ProblemType.VCENTER_IN_USE, "clusters " + String.join(", ", using)
          + " have VMs created through '" + v.name() + "': destroy them first");
    }
    repo.delete(id);
  }

  /** Signs in and reads the version: `govc ls /` needs a login, `govc about` does not. */
  public TestResult test(long id) {
    Govc.Target t = target(get(id));
    try (Govc.Session s = govc.open(t)) {
      s.run("ls", "/");
      long start = System.nanoTime();
      String about = s.run("about", "-json");
      long ms = (System.nanoTime() - start) / 1_000_000;
      VcenterFacts f = VcenterInventory.parse(java.util.Map.of("about", about), java.util.Map.of());
      return new TestResult(f.apiVersion(), f.fullName(), ms, "govc ls / && govc about -json");
    }
  }

  public Inventory inventory(long id) {
    return read(get(id));
  }

  /** The facts a plan is checked against, read now. */
  public Inventory read(Vcenter v) {
    try (Govc.Session s = govc.open(target(v))) {
      VcenterInventory.Read r = VcenterInventory.read(s);
      return new Inventory(r.facts(), r.commands(), Instant.now());
    }
  }

  /** The connection with its password in clear, for one govc or playbook run. */
  public Govc.Target target(Vcenter v) {
    VcenterRepository.Sealed s = repo.sealed(v.id()).orElseThrow();
    return new Govc.Target(v.url(), v.username(), new String(secrets.open(s.password()), StandardCharsets.UTF_8),
        v.tlsVerify(), v.thumbprint(), v.caPem());
  }

  /** The guest SSH private key, when the connection has one. */
  public Optional<byte[]> guestKey(Vcenter v) {
    return repo.sealed(v.id()).map(VcenterRepository.Sealed::guestKey).map(secrets::open);
  }

  public List<String> shellSetup(Vcenter v) {
    return Govc.shellSetup(new Govc.Target(v.url(), v.username(), null, v.tlsVerify(), v.thumbprint(), v.caPem()));
  }

  private static ProblemException taken(String name) {
    return ProblemException.of(ProblemType.VCENTER_NAME_TAKEN, "a vCenter connection named '" + name + "' exists");
  }

  private byte[] seal(String password) {
    return secrets.seal(password.getBytes(StandardCharsets.UTF_8));
  }

  private byte[] sealKey(String key) {
    return key == null || key.isBlank() ? null : secrets.seal((key.strip() + "\n").getBytes(StandardCharsets.UTF_8));
  }

  private static boolean tlsVerify(Input in) {
    return in.tlsVerify() == null || in.tlsVerify();
  }

  private static String guestUser(Input in) {
    return in.guestSshUser() == null || in.guestSshUser().isBlank() ? "root" : in.guestSshUser();
  }

  private static String blank(String s) {
    return s == null || s.isBlank() ? null : s.strip();
  }
}
