package io.granary.provisioning.vsphere;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import java.util.List;
import java.util.Optional;

/**
 * What a vCenter holds that a vSphere plan depends on, read from the live vCenter (the control
 * plane, with govc) or a fixture (unit tests). See docs/adr/0015-vsphere.md.
 */
@JsonInclude(Include.NON_NULL)
public record VcenterFacts(String apiVersion, String fullName, List<Datacenter> datacenters) {

  public VcenterFacts {
    datacenters = datacenters == null ? List.of() : datacenters;
  }

  public Optional<Datacenter> datacenter(String name) {
    return datacenters.stream().filter(d -> d.name().equals(name)).findFirst();
  }

  @JsonInclude(Include.NON_NULL)
  public record Datacenter(
      String name,
      List<ComputeCluster> clusters,
      List<Datastore> datastores,
      List<Network> networks,
      List<Template> templates,
      List<String> folders) {
    public Datacenter {
      clusters = clusters == null ? List.of() : clusters;
      datastores = datastores == null ? List.of() : datastores;
      networks = networks == null ? List.of() : networks;
      templates = templates == null ? List.of() : templates;
      folders = folders == null ? List.of() : folders;
    }

    public Optional<ComputeCluster> cluster(String name) {
      return clusters.stream().filter(c -> c.name().equals(name)).findFirst();
    }

    public Optional<Datastore> datastore(String name) {
      return datastores.stream().filter(d -> d.name().equals(name)).findFirst();
    }

    public Optional<Network> network(String name) {
      return networks.stream().filter(n -> n.name().equals(name)).findFirst();
    }

    public Optional<Template> template(String name) {
      return templates.stream().filter(t -> t.name().equals(name)).findFirst();
    }
  }

  /**
   * @param resourcePools paths of the cluster's resource pools below its root pool
   */
  @JsonInclude(Include.NON_NULL)
  public record ComputeCluster(
      String name, Boolean drsEnabled, List<EsxiHost> hosts, List<String> resourcePools) {
    public ComputeCluster {
      hosts = hosts == null ? List.of() : hosts;
      resourcePools = resourcePools == null ? List.of() : resourcePools;
    }

    public List<EsxiHost> connectedHosts() {
      return hosts.stream().filter(EsxiHost::usable).toList();
    }
  }

  /**
   * @param connectionState vSphere's HostSystemConnectionState: "connected", "disconnected", …
   */
  @JsonInclude(Include.NON_NULL)
  public record EsxiHost(
      String name,
      Integer cpuCores,
      Integer cpuMhz,
      Long memoryBytes,
      String connectionState,
      Boolean inMaintenanceMode) {
    public boolean usable() {
      return "connected".equals(connectionState) && !Boolean.TRUE.equals(inMaintenanceMode);
    }
  }

  @JsonInclude(Include.NON_NULL)
  public record Datastore(String name, Long capacityBytes, Long freeBytes, String type) {}

  /** @param mtu the switch's MTU when known (a standard vSwitch's or a DVS's), else null */
  @JsonInclude(Include.NON_NULL)
  public record Network(String name, String type, Integer mtu) {}

  /** @param nicTypes e.g. "vmxnet3", "e1000" */
  @JsonInclude(Include.NON_NULL)
  public record Template(String name, String guestId, List<String> nicTypes, Integer disks) {
    public Template {
      nicTypes = nicTypes == null ? List.of() : nicTypes;
    }
  }
}
