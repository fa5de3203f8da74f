package io.granary.engine;

import java.util.List;

/** A table as HBase describes it now, with its regions in key order. */
public record TableState(TableSpec spec, boolean enabled, List<Region> regions) {
  public record Region(String name, byte[] startKey, byte[] endKey, String server) {}

  public record Summary(String namespace, String name, boolean enabled, int regionCount) {}
}
