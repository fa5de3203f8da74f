package io.granary.hosts;

import io.granary.provisioning.model.Plan;
import io.granary.provisioning.model.Role;
import io.granary.provisioning.render.InventoryRenderer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The order of a rolling restart. RegionServers first, in batches (clients see each region move
 * once, to a server that is not about to restart); DataNodes one at a time (a second one down at
 * once could make a block unreadable); then the quorum and master roles, whose playbook step
 * restarts followers, standbys and backups before the leader or active member.
 */
public final class RestartSteps {
  /** Restart order; the master roles last (each step of them covers all their hosts). */
  static final List<Role> ORDER = List.of(Role.REGIONSERVER, Role.DATANODE, Role.JOURNALNODE, Role.ZOOKEEPER,
      Role.NAMENODE, Role.ZKFC, Role.HBASE_MASTER);

  /** The configuration write of a config change: install.yml with restarts deferred. */
  public static final String CONFIG = "config";

  public record StepPlan(String role, List<String> hosts) {}

  private RestartSteps() {}

  /**
   * @param roles the roles to restart (empty: all)
   * @param only restrict to these inventory host names (empty: all)
   * @param batch RegionServers per step
   */
  public static List<StepPlan> plan(Plan plan, Collection<Role> roles, Set<String> only, int batch) {
    List<StepPlan> steps = new ArrayList<>();
    for (Role r : ORDER) {
      if (!roles.isEmpty() && !roles.contains(r)) {
        continue;
      }
      List<String> hosts = plan.hostsRunning(r).stream().map(InventoryRenderer::inventoryName)
          .filter(h -> only.isEmpty() || only.contains(h)).toList();
      if (hosts.isEmpty()) {
        continue;
      }
      int size = switch (r) {
        case REGIONSERVER -> Math.max(1, batch);
        case DATANODE -> 1;
        default -> hosts.size();
      };
      for (int i = 0; i < hosts.size(); i += size) {
        steps.add(new StepPlan(r.id(), hosts.subList(i, Math.min(hosts.size(), i + size))));
      }
    }
    return steps;
  }

  /** Steps for restarts a diff names (role → hosts), in rolling order. */
  public static List<StepPlan> forRestarts(Plan plan, Map<Role, List<String>> restarts, int batch) {
    List<StepPlan> out = new ArrayList<>();
    for (Role r : ORDER) {
      List<String> hosts = restarts.get(r);
      if (hosts != null && !hosts.isEmpty()) {
        out.addAll(plan(plan, List.of(r), Set.copyOf(hosts), batch));
      }
    }
    return out;
  }

  /** The equivalent commands of a step, for people who run it by hand. */
  public static String shell(StepPlan s) {
    return "ansible-playbook -i <inventory>/hosts.yml rolling_restart.yml -e rolling_restart_role=" + s.role()
        + " -e '{\"rolling_restart_hosts\": [" + String.join(", ", s.hosts().stream().map(h -> "\"" + h + "\"")
            .toList()) + "]}'" + (s.role().equals(Role.REGIONSERVER.id())
                ? "  # balance_switch false; per host: hbase org.apache.hadoop.hbase.util.RegionMover -r HOST:16020"
                    + " -o unload; restart; -o load; then balance_switch true if it was on" : "");
  }
}
