package io.granary.hosts;

import io.granary.clusters.Cluster;
import io.granary.clusters.ClustersService;
import io.granary.operations.OperationsProperties;
import io.granary.operations.OperationsService;
import io.granary.operations.Orphans;
import io.granary.shared.problem.ProblemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Takes over step-by-step provisioning runs (scale-in, rolling restart, configuration change) whose
 * control plane stopped: their rows say who drives them and when it last said so.
 */
@Component
public class RunAdoption {
  private static final Logger log = LoggerFactory.getLogger(RunAdoption.class);
  private final InstallRepository repo;
  private final HostRepository hosts;
  private final ClustersService clusters;
  private final OperationsService operations;
  private final OperationsProperties props;
  private final Clock clock;

  public RunAdoption(InstallRepository repo, HostRepository hosts, ClustersService clusters,
      OperationsService operations, OperationsProperties props, Clock clock) {
    this.repo = repo;
    this.hosts = hosts;
    this.clusters = clusters;
    this.operations = operations;
    this.props = props;
    this.clock = clock;
  }

  /**
   * One tick: runs of {@code playbooks} driven here get a heartbeat; those of a dead runner are
   * claimed, whatever ansible-playbook the dead one left is stopped, and {@code launch} drives them.
   *
   * @param startup the first tick of a single-instance control plane (every other owner is dead)
   */
  public void tick(List<String> playbooks, Set<Long> active, boolean startup, BiConsumer<Long, Cluster> launch) {
    Instant staleBefore = clock.instant().minus(props.staleAfter());
    boolean single = startup && props.singleInstance();
    for (long id : repo.running(playbooks)) {
      if (active.contains(id)) {
        repo.heartbeat(id, operations.runnerId());
        continue;
      }
      HostRepository.RunRow r = hosts.run(id).orElseThrow();
      if (!Orphans.adoptable(r.runnerId(), r.heartbeatAt(), operations.runnerId(), single, staleBefore)
          || !repo.adopt(id, r.runnerId(), operations.runnerId())) {
        continue;
      }
      Optional<Cluster> c = clusters.list().stream().filter(x -> x.name().equals(r.cluster())).findFirst();
      if (c.isEmpty()) {
        hosts.finishRun(id, "FAILED", "cluster '" + r.cluster() + "' is no longer registered", null, null);
        continue;
      }
      stopLeftover(r);
      log.info("{} run {} resumed (was driven by {})", r.playbook(), id, r.runnerId());
      try {
        launch.accept(id, c.get());
      } catch (ProblemException busy) {
        // e.g. the dead runner's operation is not reaped yet: the next tick takes the run again
        repo.release(id);
        log.info("{} run {} waits: {}", r.playbook(), id, busy.getMessage());
      }
    }
  }

  /** The dead control plane's ansible-playbook may still run (it was its child): stop it, only if it is ours. */
  static void stopLeftover(HostRepository.RunRow r) {
    if (r.ansiblePid() == null) {
      return;
    }
    ProcessHandle.of(r.ansiblePid()).filter(p -> cmdline(p.pid()).contains("run-" + r.id() + "/")).ifPresent(p -> {
      log.info("stopping ansible-playbook {} left by the previous control plane", p.pid());
      p.descendants().forEach(ProcessHandle::destroy);
      p.destroy();
      try {
        p.onExit().get(30, java.util.concurrent.TimeUnit.SECONDS);
      } catch (Exception e) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
      }
    });
  }

  private static String cmdline(long pid) {
    try {
      return new String(Files.readAllBytes(Path.of("/proc/" + pid + "/cmdline"))).replace('\0', ' ');
    } catch (java.io.IOException e) {
      return "";
    }
  }
}
