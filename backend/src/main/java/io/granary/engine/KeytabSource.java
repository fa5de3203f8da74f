package io.granary.engine;

import java.io.IOException;
import java.nio.file.Path;

/** Where a Kerberized cluster's control-plane keytab is opened to (a file: the JDK's login reads one). */
public interface KeytabSource {
  /** The keytab file of cluster {@code clusterId}, written (0600) if it is not there yet. */
  Path keytab(long clusterId) throws IOException;
}
