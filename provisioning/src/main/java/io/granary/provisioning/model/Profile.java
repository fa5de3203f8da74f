package io.granary.provisioning.model;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * Size class of the hosts. Heaps of the roles other than the RegionServer are fixed per profile;
 * the RegionServer gets what is left (the vSphere BDE rule), between a minimum and a cap.
 */
public enum Profile {
  /**
   * Lab hosts are network namespaces sharing one machine: tiny heaps, RegionServer at most 1 GB.
   */
  LAB("lab", 256, 128, 384, 384, 256, 128, 128, 384, 1024, "lab hosts share one machine"),
  SMALL("small", 1024, 512, 1024, 1024, 512, 256, 256, 1024, 31 * 1024, "compressed oops"),
  /**
   * BDE: 1 GB for the OS and 1 GB per other role; the HA daemons hold no namespace or blocks, so
   * they stay small.
   */
  DEFAULT(
      "default", 1024, 1024, 1024, 1024, 1024, 256, 256, 1024, 31 * 1024, "compressed oops");

  private final String id;
  private final int osReserveMb;
  private final Map<Role, Integer> heapMb = new EnumMap<>(Role.class);
  private final int regionServerMinMb;
  private final int regionServerMaxMb;
  private final String capReason;

  Profile(
      String id,
      int osReserveMb,
      int zookeeperMb,
      int namenodeMb,
      int masterMb,
      int datanodeMb,
      int journalnodeMb,
      int zkfcMb,
      int regionServerMinMb,
      int regionServerMaxMb,
      String capReason) {
    this.id = id;
    this.osReserveMb = osReserveMb;
    heapMb.put(Role.ZOOKEEPER, zookeeperMb);
    heapMb.put(Role.NAMENODE, namenodeMb);
    heapMb.put(Role.HBASE_MASTER, masterMb);
    heapMb.put(Role.DATANODE, datanodeMb);
    heapMb.put(Role.JOURNALNODE, journalnodeMb);
    heapMb.put(Role.ZKFC, zkfcMb);
    this.regionServerMinMb = regionServerMinMb;
    this.regionServerMaxMb = regionServerMaxMb;
    this.capReason = capReason;
  }

  @JsonValue
  public String id() {
    return id;
  }

  public int osReserveMb() {
    return osReserveMb;
  }

  /** Fixed heap of a role other than the RegionServer. */
  public int heapMb(Role role) {
    return heapMb.get(role);
  }

  public int regionServerMinMb() {
    return regionServerMinMb;
  }

  public int regionServerMaxMb() {
    return regionServerMaxMb;
  }

  public String capReason() {
    return capReason;
  }

  /**
   * A quorum of 3 only where it buys availability: the default profile with 3+ candidate hosts,
   * and always with HA (the failover lock must survive a host's loss).
   */
  public int defaultZookeepers(int candidateHosts, boolean ha) {
    return ha || this == DEFAULT && candidateHosts >= 3 ? 3 : 1;
  }

  public static Optional<Profile> byId(String id) {
    return Arrays.stream(values()).filter(p -> p.id.equals(id)).findFirst();
  }

  @Override
  public String toString() {
    return id;
  }
}
