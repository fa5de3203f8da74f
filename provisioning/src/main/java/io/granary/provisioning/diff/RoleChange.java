package io.granary.provisioning.diff;

import io.granary.provisioning.model.Role;
import java.util.List;

/**
 * Roles a host present in both plans gains or loses.
 *
 * @param host inventory name
 * @param added roles the host starts running, in {@link Role} order
 * @param removed roles the host stops running, in {@link Role} order
 */
public record RoleChange(String host, List<Role> added, List<Role> removed) {

  public RoleChange {
    added = List.copyOf(added);
    removed = List.copyOf(removed);
  }
}
