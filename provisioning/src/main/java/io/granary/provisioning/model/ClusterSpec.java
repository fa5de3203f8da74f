package io.granary.provisioning.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What the operator asks for (YAML or JSON). Loosely typed where a wrong value should become a
 * validation finding with a field path rather than a parse error (profile, roles, overrides).
 *
 * @param ha HDFS NameNode and HBase master high availability; null: on with {@value
 *     HighAvailability#MIN_HOSTS} or more hosts
 * @param overrides file ("hbase-site", "hdfs-site", "core-site", "zoo.cfg", "jvm-heaps",
 *     "jvm-opts") → key → scalar value
 * @param roleOverrides role id ("regionserver", "hbase_master", …) → file the role reads
 *     ("hbase-site", "hdfs-site", "core-site", "zoo.cfg") → key → scalar value: written into that
 *     role's files only, over the cluster-wide value, so a change restarts only that role
 * @param security Kerberos (docs/adr/0018-security.md); null: off
 */
@JsonInclude(Include.NON_NULL)
public record ClusterSpec(
    String name,
    String profile,
    String workload,
    String sshUser,
    Boolean ha,
    Integer zookeeperCount,
    List<HostSpec> hosts,
    ErasureCodingSpec erasureCoding,
    Map<String, Map<String, Object>> overrides,
    @JsonInclude(Include.NON_EMPTY) Map<String, Map<String, Map<String, Object>>> roleOverrides,
    String infrastructure,
    VsphereSpec vsphere,
    SecuritySpec security) {

  public static final String DEFAULT_SSH_USER = "root";
  public static final String BARE_METAL = "bare-metal";
  public static final String VSPHERE = "vsphere";

  public ClusterSpec {
    hosts = hosts == null ? List.of() : hosts;
    overrides = overrides == null ? Map.of() : overrides;
    roleOverrides = roleOverrides == null ? Map.of() : roleOverrides;
  }

  /** A spec without security. */
  public ClusterSpec(
      String name,
      String profile,
      String workload,
      String sshUser,
      Boolean ha,
      Integer zookeeperCount,
      List<HostSpec> hosts,
      ErasureCodingSpec erasureCoding,
      Map<String, Map<String, Object>> overrides,
      Map<String, Map<String, Map<String, Object>>> roleOverrides,
      String infrastructure,
      VsphereSpec vsphere) {
    this(
        name,
        profile,
        workload,
        sshUser,
        ha,
        zookeeperCount,
        hosts,
        erasureCoding,
        overrides,
        roleOverrides,
        infrastructure,
        vsphere,
        null);
  }

  /** A bare-metal spec. */
  public ClusterSpec(
      String name,
      String profile,
      String workload,
      String sshUser,
      Boolean ha,
      Integer zookeeperCount,
      List<HostSpec> hosts,
      ErasureCodingSpec erasureCoding,
      Map<String, Map<String, Object>> overrides,
      Map<String, Map<String, Map<String, Object>>> roleOverrides) {
    this(
        name,
        profile,
        workload,
        sshUser,
        ha,
        zookeeperCount,
        hosts,
        erasureCoding,
        overrides,
        roleOverrides,
        null,
        null,
        null);
  }

  /** A spec without role-group overrides. */
  public ClusterSpec(
      String name,
      String profile,
      String workload,
      String sshUser,
      Boolean ha,
      Integer zookeeperCount,
      List<HostSpec> hosts,
      ErasureCodingSpec erasureCoding,
      Map<String, Map<String, Object>> overrides) {
    this(name, profile, workload, sshUser, ha, zookeeperCount, hosts, erasureCoding, overrides, null);
  }

  /** "bare-metal" unless the spec says otherwise. */
  public String infrastructureOrDefault() {
    return infrastructure == null ? BARE_METAL : infrastructure;
  }

  public boolean onVsphere() {
    return VSPHERE.equals(infrastructure);
  }

  /** The same spec with these hosts (a vSphere spec's VMs, once planned). */
  public ClusterSpec withHosts(List<HostSpec> newHosts) {
    return new ClusterSpec(
        name,
        profile,
        workload,
        sshUser,
        ha,
        zookeeperCount,
        newHosts,
        erasureCoding,
        overrides,
        roleOverrides,
        infrastructure,
        vsphere,
        security);
  }

  /** The Kerberos section, or null when the spec asks for none. */
  public KerberosSpec kerberos() {
    return security == null ? null : security.kerberos();
  }

  /**
   * The host a spec section names ({@code ref}): by hostname, else by address, as the inventory
   * finds hosts; case and surrounding blanks do not count.
   */
  public Optional<HostSpec> host(String ref) {
    if (ref == null) {
      return Optional.empty();
    }
    String r = ref.trim();
    return hosts.stream()
        .filter(h -> h.hostname() != null && h.hostname().trim().equalsIgnoreCase(r))
        .findFirst()
        .or(
            () ->
                hosts.stream()
                    .filter(h -> h.address() != null && h.address().trim().equalsIgnoreCase(r))
                    .findFirst());
  }

  public Profile profileOrDefault() {
    return profile == null ? Profile.DEFAULT : Profile.byId(profile).orElse(Profile.DEFAULT);
  }

  public boolean haOrDefault() {
    return ha != null ? ha : hosts.size() >= HighAvailability.MIN_HOSTS;
  }

  public Workload workloadOrDefault() {
    return workload == null ? Workload.BALANCED : Workload.byId(workload).orElse(Workload.BALANCED);
  }

  public String sshUserOrDefault() {
    return sshUser == null ? DEFAULT_SSH_USER : sshUser;
  }

  public List<String> ecPolicies() {
    return erasureCoding == null || erasureCoding.policies() == null
        ? List.of()
        : erasureCoding.policies();
  }

  /** Parses YAML or JSON; a malformed document or a field of the wrong type is an invalid-spec. */
  public static ClusterSpec parse(String text) {
    ObjectMapper mapper = text.stripLeading().startsWith("{") ? Mappers.JSON : Mappers.YAML;
    try {
      ClusterSpec spec = mapper.readValue(text, ClusterSpec.class);
      if (spec == null) {
        throw new SpecParseException(Finding.of(FindingCode.INVALID_SPEC, "", "the spec is empty"));
      }
      for (int i = 0; i < spec.hosts().size(); i++) {
        if (spec.hosts().get(i) == null) {
          throw new SpecParseException(
              Finding.of(FindingCode.INVALID_SPEC, "hosts[" + i + "]", "empty host entry"));
        }
      }
      return spec;
    } catch (UnrecognizedPropertyException e) {
      throw new SpecParseException(
          Finding.of(
              FindingCode.INVALID_SPEC,
              fieldPath(e.getPath()),
              "unknown field '"
                  + e.getPropertyName()
                  + "'; known: "
                  + e.getKnownPropertyIds().stream()
                      .map(String::valueOf)
                      .sorted()
                      .collect(Collectors.joining(", "))));
    } catch (MismatchedInputException e) {
      throw new SpecParseException(
          Finding.of(
              FindingCode.INVALID_SPEC,
              fieldPath(e.getPath()),
              "expected " + expected(e.getTargetType())));
    } catch (JsonMappingException e) {
      throw new SpecParseException(
          Finding.of(FindingCode.INVALID_SPEC, fieldPath(e.getPath()), e.getOriginalMessage()));
    } catch (JacksonException e) {
      throw new SpecParseException(
          Finding.of(FindingCode.INVALID_SPEC, "", e.getOriginalMessage()));
    }
  }

  public static ClusterSpec read(Path file) throws IOException {
    return parse(Files.readString(file));
  }

  public String toYaml() {
    try {
      return Mappers.YAML.writeValueAsString(this);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String expected(Class<?> type) {
    if (type == Integer.class || type == int.class) {
      return "a whole number";
    }
    if (type == Boolean.class || type == boolean.class) {
      return "true or false";
    }
    if (type == Double.class || type == double.class) {
      return "a number";
    }
    if (type != null && List.class.isAssignableFrom(type)) {
      return "a list";
    }
    if (type != null && (Map.class.isAssignableFrom(type) || type.isRecord())) {
      return "a mapping of fields";
    }
    return "a text value";
  }

  /** Jackson's reference chain as "hosts[2].cores". */
  static String fieldPath(List<JsonMappingException.Reference> path) {
    StringBuilder sb = new StringBuilder();
    for (JsonMappingException.Reference r : path) {
      if (r.getFieldName() != null) {
        if (sb.length() > 0) {
          sb.append('.');
        }
        sb.append(r.getFieldName());
      } else if (r.getIndex() >= 0) {
        sb.append('[').append(r.getIndex()).append(']');
      }
    }
    return sb.toString();
  }
}
