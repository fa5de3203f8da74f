package io.granary.engine;

import java.util.List;

/**
 * How the control plane reaches a Kerberized cluster (docs/adr/0018-security.md §5): it logs in as
 * {@code principal} from the keytab the install sealed, and trusts the engine's HTTPS through the
 * cluster's CA.
 *
 * @param realm e.g. {@code GRANARY.TEST}
 * @param kdcs {@code host:port} of each KDC, in the order clients try them
 * @param principal the control plane's principal with its realm, e.g. {@code granary-cp/lab@GRANARY.TEST}
 * @param rpcProtection {@code hadoop.rpc.protection} and {@code hbase.rpc.protection}
 * @param dataTransferProtection {@code dfs.data.transfer.protection}
 * @param caPem the certificate (PEM) of the CA that signed every engine host's certificate
 */
public record EngineKerberos(String realm, List<String> kdcs, String principal, String rpcProtection,
    String dataTransferProtection, String caPem) {
  public EngineKerberos {
    kdcs = kdcs == null ? List.of() : List.copyOf(kdcs);
  }

  /** A service principal of the engine as its clients name it ({@code _HOST} is the server's host name). */
  public String service(String primary) {
    return primary + "/_HOST@" + realm;
  }
}
