package io.granary.it;

import static org.assertj.core.api.Assertions.assertThat;

import tools.jackson.databind.JsonNode;

/**
 * The same short YCSB workload A on a lab cluster, plain (ProvisioningIT) and Kerberized (KerberosIT):
 * the cost of security as a ratio of two runs of one `make test`. Its full size is `make bench-kerberos`.
 */
final class LabYcsb {
  static final int SECONDS = Integer.getInteger("granary.lab-ycsb.seconds", 20);

  private LabYcsb() {}

  /** Runs YCSB A on {@code table} (created here) through the control plane's bench agent; its ops/s. */
  static double workloadA(Api admin, long clusterId, String table) throws InterruptedException {
    ItSupport.createTable(admin, clusterId, "{\"name\":\"" + table + "\",\"families\":[{\"name\":\"f\"}],"
        + "\"split\":{\"strategy\":\"NONE\"}}");
    String base = "/api/v1/clusters/" + clusterId + "/benchmarks";
    Api.Response launched = admin.post(base + "/runs", "{\"variants\":[{\"workload\":\"ycsb\",\"ycsbWorkload\":\"A\","
        + "\"table\":\"" + table + "\",\"threads\":4,\"durationSeconds\":" + SECONDS + ",\"warmupSeconds\":5,"
        + "\"rows\":20000,\"valueSize\":100,\"recordCount\":10000}]}");
    assertThat(launched.status()).as(launched.body()).isEqualTo(202);
    ItSupport.awaitSuccess(admin, "/api/v1/operations/" + launched.json().get("operationId").asString());
    JsonNode run = admin.get(base + "/runs/" + launched.json().get("runIds").get(0).asLong()).json();
    assertThat(run.get("state").asString()).as(run.toString()).isEqualTo("SUCCEEDED");
    assertThat(run.get("summary").get("errors").asLong()).as(run.toString()).isZero();
    double opsPerSec = run.get("opsPerSec").asDouble();
    assertThat(opsPerSec).as(run.toString()).isPositive();
    return opsPerSec;
  }
}
