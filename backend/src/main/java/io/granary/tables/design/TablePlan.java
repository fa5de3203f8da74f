package io.granary.tables.design;

import java.util.List;

/**
 * A table about to be created, plus what lint needs to know about the cluster and the workload.
 *
 * @param regionCount regions at creation (1 when not pre-split; the bucket count when salted)
 * @param majorCompactionPeriodMs {@code hbase.hregion.majorcompaction}; 0 = periodic major compaction off
 * @param compactionScheduled whether a Granary compaction schedule covers the table
 * @param liveRegionServers 0 when unknown
 * @param sampleKeys example row keys in write order, unsalted; empty when the user gave none
 */
public record TablePlan(String name, List<FamilyPlan> families, int regionCount, boolean salted, boolean preSplit,
    boolean writeHeavy, boolean randomReads, long majorCompactionPeriodMs, boolean compactionScheduled,
    int liveRegionServers, List<byte[]> sampleKeys) {
  public TablePlan {
    families = List.copyOf(families);
    sampleKeys = sampleKeys == null ? List.of() : List.copyOf(sampleKeys);
  }
}
