package io.granary.hosts;

import io.granary.provisioning.model.Mappers;
import io.granary.provisioning.model.Plan;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Service;
import tools.jackson.databind.json.JsonMapper;

/**
 * What is installed on a provisioned cluster's hosts: the spec and plan of its last successful run,
 * kept as numbered versions. Plans are stored with the planner's own mapper, so they read back as
 * the planner wrote them.
 */
@Service
public class InstalledState {
  private final InstallRepository repo;
  private final JsonMapper json;

  public InstalledState(InstallRepository repo, JsonMapper json) {
    this.repo = repo;
    this.json = json;
  }

  public record Installed(InstallRepository.Version row, Plan plan) {
    public int version() {
      return row.version();
    }
  }

  public int record(Plan plan, ProvisioningService.SpecInput spec, Long runId, String playbook, String user) {
    try {
      return repo.insertVersion(plan.cluster(), runId, playbook, json.writeValueAsString(spec),
          Mappers.JSON.writeValueAsString(plan), user);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("the plan of " + plan.cluster() + " does not serialise: " + e.getMessage(), e);
    }
  }

  public Optional<Installed> latest(String cluster) {
    return repo.latest(cluster).map(InstalledState::read);
  }

  /** The newest installed version, or 409 not-provisioned for a cluster registered, not installed here. */
  public Installed latestOf(io.granary.clusters.Cluster c) {
    return latest(c.name()).orElseThrow(() -> io.granary.shared.problem.ProblemException.of(
        io.granary.shared.problem.ProblemType.NOT_PROVISIONED, "cluster '" + c.name() + "' has no installed plan (it"
            + " was registered, not installed here): change its hosts and configuration by hand, or install it from"
            + " Provisioning first"));
  }

  public Optional<Installed> version(String cluster, int version) {
    return repo.version(cluster, version).map(InstalledState::read);
  }

  public List<InstallRepository.Version> versions(String cluster) {
    return repo.versions(cluster);
  }

  public ProvisioningService.SpecInput spec(InstallRepository.Version v) {
    return json.readValue(v.spec(), ProvisioningService.SpecInput.class);
  }

  static Installed read(InstallRepository.Version v) {
    try {
      return new Installed(v, Mappers.JSON.readValue(v.plan(), Plan.class));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("installed version " + v.version() + " of " + v.cluster() + " does not read back: "
          + e.getMessage(), e);
    }
  }
}
