package io.granary.permissions;

import io.granary.api.PermissionsApi;
import io.granary.api.model.HbasePermissionDto;
import io.granary.api.model.PermissionGrantDto;
import io.granary.api.model.PermissionListDto;
import io.granary.api.model.PermissionScopeDto;
import io.granary.audit.AuditService;
import io.granary.clusters.ClustersService;
import io.granary.engine.EnginePermissions.Grant;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class PermissionsController implements PermissionsApi {
  private final PermissionsService permissions;
  private final ClustersService clusters;
  private final HttpServletRequest request;

  public PermissionsController(PermissionsService permissions, ClustersService clusters, HttpServletRequest request) {
    this.permissions = permissions;
    this.clusters = clusters;
    this.request = request;
  }

  @Override
  public ResponseEntity<PermissionListDto> listPermissions(Long clusterId, String namespace, String table) {
    PermissionsService.Listed l = permissions.list(clusterId, namespace, table);
    return ResponseEntity.ok(new PermissionListDto(l.authentication(), l.grants().stream()
        .map(PermissionsController::dto).toList(), l.shellCommand()));
  }

  @Override
  public ResponseEntity<HbasePermissionDto> grantPermission(Long clusterId, PermissionGrantDto body) {
    Grant g = permissions.grant(clusterId, body.getPrincipal(), body.getNamespace(), body.getTable(),
        body.getFamily(), body.getQualifier(), body.getActions());
    audit(clusterId, g, PermissionsService.grantCommand(g));
    return ResponseEntity.created(URI.create("/api/v1/clusters/" + clusterId + "/permissions")).body(dto(g));
  }

  @Override
  public ResponseEntity<Void> revokePermission(Long clusterId, String principal, String namespace, String table,
      String family, String qualifier) {
    Grant g = permissions.revoke(clusterId, principal, namespace, table, family, qualifier);
    audit(clusterId, g, PermissionsService.revokeCommand(g) + "   (held '" + g.actions() + "')");
    return ResponseEntity.noContent().build();
  }

  private void audit(long clusterId, Grant g, String command) {
    request.setAttribute(AuditService.TARGET_ATTRIBUTE, "cluster " + clusters.get(clusterId).name() + " · "
        + PermissionsService.describe(g.scope()) + " · principal " + g.principal());
    request.setAttribute(AuditService.DETAIL_ATTRIBUTE, "hbase shell> " + command);
  }

  static HbasePermissionDto dto(Grant g) {
    PermissionScopeDto scope = g.scope().table() != null ? PermissionScopeDto.TABLE
        : g.scope().namespace() != null ? PermissionScopeDto.NAMESPACE : PermissionScopeDto.GLOBAL;
    return new HbasePermissionDto(g.principal(), g.principal().startsWith("@"), scope, g.actions(),
        PermissionsService.grantCommand(g), PermissionsService.revokeCommand(g)).namespace(g.scope().namespace())
        .table(g.scope().table()).family(g.scope().family()).qualifier(g.scope().qualifier());
  }
}
