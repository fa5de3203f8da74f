package io.granary.provisioning.runner;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One ansible-playbook invocation.
 *
 * @param workingDir where ansible-playbook runs: the folder holding ansible.cfg (null: inherit)
 * @param environment added to (and winning over) the runner's environment, e.g. ANSIBLE_CONFIG
 */
public record PlaybookRequest(
    Path playbook,
    Path inventory,
    Map<String, Object> extraVars,
    Path privateKey,
    List<String> limit,
    Path workingDir,
    Map<String, String> environment) {

  public PlaybookRequest {
    extraVars = extraVars == null ? Map.of() : Map.copyOf(extraVars);
    limit = limit == null ? List.of() : List.copyOf(limit);
    environment = environment == null ? Map.of() : Map.copyOf(environment);
  }

  public static PlaybookRequest of(Path playbook, Path inventory) {
    return new PlaybookRequest(playbook, inventory, null, null, null, null, null);
  }

  public PlaybookRequest withExtraVars(Map<String, Object> vars) {
    return new PlaybookRequest(
        playbook, inventory, vars, privateKey, limit, workingDir, environment);
  }

  public PlaybookRequest withPrivateKey(Path key) {
    return new PlaybookRequest(playbook, inventory, extraVars, key, limit, workingDir, environment);
  }

  public PlaybookRequest withLimit(List<String> hosts) {
    return new PlaybookRequest(
        playbook, inventory, extraVars, privateKey, hosts, workingDir, environment);
  }

  public PlaybookRequest withWorkingDir(Path dir) {
    return new PlaybookRequest(playbook, inventory, extraVars, privateKey, limit, dir, environment);
  }

  public PlaybookRequest withEnv(String name, String value) {
    Map<String, String> env = new TreeMap<>(environment);
    env.put(name, value);
    return new PlaybookRequest(playbook, inventory, extraVars, privateKey, limit, workingDir, env);
  }
}
