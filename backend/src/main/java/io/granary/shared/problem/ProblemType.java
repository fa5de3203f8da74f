package io.granary.shared.problem;

import org.springframework.http.HttpStatus;

/** Every error the API returns, with its stable code. Codes never change once released. */
public enum ProblemType {
  MALFORMED_REQUEST(HttpStatus.BAD_REQUEST, "malformed-request", "The request body could not be read"),
  VALIDATION_FAILED(HttpStatus.BAD_REQUEST, "validation-failed", "Some fields are invalid"),
  INVALID_PARAMETER(HttpStatus.BAD_REQUEST, "invalid-parameter", "A parameter has an invalid value"),
  UNAUTHENTICATED(HttpStatus.UNAUTHORIZED, "unauthenticated", "Sign in or send an API token"),
  BAD_CREDENTIALS(HttpStatus.UNAUTHORIZED, "bad-credentials", "Wrong username or password"),
  FORBIDDEN(HttpStatus.FORBIDDEN, "forbidden", "Your role does not allow this"),
  NOT_FOUND(HttpStatus.NOT_FOUND, "not-found", "No such resource"),
  REFERENCE_NOT_FOUND(HttpStatus.NOT_FOUND, "reference-not-found", "A table, region or server the request names does not exist"),
  METHOD_NOT_ALLOWED(HttpStatus.METHOD_NOT_ALLOWED, "method-not-allowed", "Method not allowed here"),
  NOT_ACCEPTABLE(HttpStatus.NOT_ACCEPTABLE, "not-acceptable", "Accept application/json"),
  REQUEST_REJECTED(HttpStatus.BAD_REQUEST, "request-rejected", "The request was rejected before it reached the API"),
  UNSUPPORTED_MEDIA_TYPE(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported-media-type", "Send application/json"),
  CLUSTER_NOT_FOUND(HttpStatus.NOT_FOUND, "cluster-not-found", "No such cluster"),
  CLUSTER_NAME_TAKEN(HttpStatus.CONFLICT, "cluster-name-taken", "A cluster with this name exists"),
  CLUSTER_UNREACHABLE(HttpStatus.CONFLICT, "cluster-unreachable", "The cluster cannot be reached"),
  HA_STATE_CONFLICT(HttpStatus.CONFLICT, "ha-state-conflict",
      "The cluster's high-availability members are not in a state that allows this"),
  TABLE_NOT_FOUND(HttpStatus.NOT_FOUND, "table-not-found", "No such table"),
  TABLE_EXISTS(HttpStatus.CONFLICT, "table-exists", "A table with this name exists"),
  NAMESPACE_NOT_FOUND(HttpStatus.NOT_FOUND, "namespace-not-found", "No such namespace"),
  NAMESPACE_EXISTS(HttpStatus.CONFLICT, "namespace-exists", "A namespace with this name exists"),
  PROTECTED_TABLE(HttpStatus.CONFLICT, "protected-table", "HBase's system tables and the probe table cannot be changed here"),
  TABLE_STATE_CONFLICT(HttpStatus.CONFLICT, "table-state-conflict", "The table is not in a state that allows this"),
  OPERATION_NOT_FOUND(HttpStatus.NOT_FOUND, "operation-not-found", "No such operation"),
  OPERATION_FINISHED(HttpStatus.CONFLICT, "operation-finished", "The operation has already finished"),
  OPERATION_ALREADY_RUNNING(HttpStatus.CONFLICT, "operation-already-running", "The same operation is already running"),
  SCHEDULE_NOT_FOUND(HttpStatus.NOT_FOUND, "schedule-not-found", "No such compaction schedule"),
  SCHEDULE_NAME_TAKEN(HttpStatus.CONFLICT, "schedule-name-taken", "A compaction schedule with this name exists"),
  RUN_NOT_FOUND(HttpStatus.NOT_FOUND, "run-not-found", "No such compaction run"),
  PATH_NOT_FOUND(HttpStatus.NOT_FOUND, "path-not-found", "No such HDFS path"),
  EC_POLICY_NOT_FOUND(HttpStatus.NOT_FOUND, "ec-policy-not-found", "No such erasure-coding policy"),
  EC_TOPOLOGY_INSUFFICIENT(HttpStatus.CONFLICT, "ec-topology-insufficient",
      "The cluster has too few DataNodes or racks for this policy"),
  EC_PROTECTED_PATH(HttpStatus.BAD_REQUEST, "ec-protected-path",
      "HBase's write-ahead logs and master data must stay replicated"),
  CONVERSION_NOT_FOUND(HttpStatus.NOT_FOUND, "conversion-not-found", "No such EC conversion"),
  BENCHMARK_RUN_NOT_FOUND(HttpStatus.NOT_FOUND, "benchmark-run-not-found", "No such benchmark run"),
  BENCHMARK_SERIES_NOT_FOUND(HttpStatus.NOT_FOUND, "benchmark-series-not-found", "No such benchmark series"),
  BENCHMARK_PROFILE_NOT_FOUND(HttpStatus.NOT_FOUND, "benchmark-profile-not-found", "The benchmark run was not launched with profile: true"),
  PROFILE_UNAVAILABLE(HttpStatus.CONFLICT, "profile-unavailable", "None of the cluster's RegionServers runs on the control plane's host, where the profiler attaches"),
  EXPERIMENT_NOT_FOUND(HttpStatus.NOT_FOUND, "experiment-not-found", "No such experiment"),
  EXPERIMENT_NEEDS_SCRATCH_CLUSTER(HttpStatus.CONFLICT, "experiment-needs-scratch-cluster", "The experiment stops or restarts engine roles and runs only on a scratch cluster"),
  EXPERIMENT_TOO_LARGE(HttpStatus.CONFLICT, "experiment-too-large", "The experiment would write more than the cluster has free"),
  BENCHMARK_REPORT_MISSING(HttpStatus.CONFLICT, "benchmark-report-missing", "The run has no YCSB-format report (not finished, or measured before reports were written)"),
  HOST_NOT_FOUND(HttpStatus.NOT_FOUND, "host-not-found", "No such host in the inventory"),
  HOST_EXISTS(HttpStatus.CONFLICT, "host-exists", "The host is already in the inventory"),
  PROVISIONING_RUN_NOT_FOUND(HttpStatus.NOT_FOUND, "provisioning-run-not-found", "No such provisioning run"),
  NOT_PROVISIONED(HttpStatus.CONFLICT, "not-provisioned",
      "The cluster was not installed by Granary: host changes need its installed plan"),
  SCALE_IN_UNSAFE(HttpStatus.CONFLICT, "scale-in-unsafe", "Removing these hosts would put data or availability at risk"),
  RUN_STATE_CONFLICT(HttpStatus.CONFLICT, "run-state-conflict", "The provisioning run is not in a state that allows this"),
  INSTALLED_VERSION_NOT_FOUND(HttpStatus.NOT_FOUND, "installed-version-not-found", "No such installed version"),
  CONFIG_UNCHANGED(HttpStatus.CONFLICT, "config-unchanged", "The configuration change changes nothing"),
  NOTHING_TO_RESTART(HttpStatus.CONFLICT, "nothing-to-restart", "No host runs the roles to restart"),
  KERBEROS_UNSUPPORTED(HttpStatus.CONFLICT, "kerberos-unsupported",
      "Not yet supported on a Kerberized cluster"),
  VCENTER_NOT_FOUND(HttpStatus.NOT_FOUND, "vcenter-not-found", "No such vCenter connection"),
  VCENTER_NAME_TAKEN(HttpStatus.CONFLICT, "vcenter-name-taken", "A vCenter connection with this name exists"),
  VCENTER_IN_USE(HttpStatus.CONFLICT, "vcenter-in-use", "Clusters provisioned through this vCenter connection name it"),
  VCENTER_UNREACHABLE(HttpStatus.CONFLICT, "vcenter-unreachable", "The vCenter cannot be reached"),
  VCENTER_AUTH(HttpStatus.CONFLICT, "vcenter-auth", "The vCenter refused the user name or password"),
  VCENTER_TLS(HttpStatus.CONFLICT, "vcenter-tls", "The vCenter's certificate is not trusted"),
  NOT_ON_VSPHERE(HttpStatus.CONFLICT, "not-on-vsphere", "The cluster's VMs were not created by Granary"),
  MONITORING_UNAVAILABLE(HttpStatus.CONFLICT, "monitoring-unavailable",
      "The cluster's Prometheus or Alertmanager is not set up or does not answer"),
  SILENCE_NOT_FOUND(HttpStatus.NOT_FOUND, "silence-not-found", "No such silence"),
  AUTHORIZATION_DISABLED(HttpStatus.CONFLICT, "authorization-disabled",
      "HBase authorization (AccessController) is off on this cluster"),
  PERMISSION_NOT_FOUND(HttpStatus.NOT_FOUND, "permission-not-found", "The principal holds no grant at this scope"),
  ENGINE_ACCESS_DENIED(HttpStatus.CONFLICT, "engine-access-denied", "The cluster refused the control plane's user"),
  USER_NOT_FOUND(HttpStatus.NOT_FOUND, "user-not-found", "No such user"),
  USERNAME_TAKEN(HttpStatus.CONFLICT, "username-taken", "A user with this name exists"),
  LAST_ADMIN(HttpStatus.CONFLICT, "last-admin", "The last enabled ADMIN must stay"),
  TOKEN_NOT_FOUND(HttpStatus.NOT_FOUND, "token-not-found", "No such API token"),
  INTERNAL_ERROR(HttpStatus.INTERNAL_SERVER_ERROR, "internal-error", "Internal error");

  public static final String TYPE_PREFIX = "https://granary.io/problems/";

  private final HttpStatus status;
  private final String code;
  private final String title;

  ProblemType(HttpStatus status, String code, String title) {
    this.status = status;
    this.code = code;
    this.title = title;
  }

  public HttpStatus status() {
    return status;
  }

  public String code() {
    return code;
  }

  public String title() {
    return title;
  }

  public String typeUri() {
    return TYPE_PREFIX + code;
  }
}
