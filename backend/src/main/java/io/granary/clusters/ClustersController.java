package io.granary.clusters;

import static io.granary.shared.web.Dtos.time;

import io.granary.api.ClustersApi;
import io.granary.api.model.ClusterDto;
import io.granary.api.model.ClusterKerberosDto;
import io.granary.api.model.ClusterKindDto;
import io.granary.api.model.ClusterOverviewDto;
import io.granary.api.model.DataNodeStateDto;
import io.granary.api.model.EngineVersionsDto;
import io.granary.api.model.HaStateDto;
import io.granary.api.model.HbaseStateDto;
import io.granary.api.model.HdfsStateDto;
import io.granary.api.model.HealthDto;
import io.granary.api.model.HealthReasonCodeDto;
import io.granary.api.model.HealthReasonDto;
import io.granary.api.model.HealthStatusDto;
import io.granary.api.model.MasterHaStateDto;
import io.granary.api.model.MasterMoveRequestDto;
import io.granary.api.model.NameNodeHaStateDto;
import io.granary.api.model.NamenodeFailoverRequestDto;
import io.granary.api.model.NativeSupportStateDto;
import io.granary.api.model.OperationDto;
import io.granary.api.model.RegionServerStateDto;
import io.granary.api.model.RegisterClusterRequestDto;
import io.granary.api.model.ZooKeeperHaStateDto;
import io.granary.engine.ClusterSnapshot;
import io.granary.operations.Operation;
import io.granary.operations.OperationDtos;
import io.granary.shared.web.CurrentUser;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class ClustersController implements ClustersApi {
  private final ClustersService service;
  private final HaActions ha;

  public ClustersController(ClustersService service, HaActions ha) {
    this.service = service;
    this.ha = ha;
  }

  @Override
  public ResponseEntity<List<ClusterDto>> listClusters() {
    return ResponseEntity.ok(service.list().stream()
        .map(c -> dto(c, service.state(c.id()).health())).toList());
  }

  @Override
  public ResponseEntity<ClusterDto> registerCluster(RegisterClusterRequestDto body) {
    Cluster c = service.register(body.getName(), ClusterKind.valueOf(body.getKind().getValue()),
        body.getZookeeperQuorum(), body.getNamenodeUri(), body.getNamenodeWebUrl(), body.getMasterWebUrl(),
        body.getNamenodeAddresses(), body.getNamenodeWebUrls(), body.getMasterWebUrls());
    service.monitoredBy(c.id(), body.getPrometheusUrl(), body.getAlertmanagerUrl());
    return ResponseEntity.created(URI.create("/api/v1/clusters/" + c.id()))
        .body(dto(c, service.state(c.id()).health()));
  }

  @Override
  public ResponseEntity<ClusterDto> getCluster(Long clusterId) {
    Cluster c = service.get(clusterId);
    return ResponseEntity.ok(dto(c, service.state(c.id()).health()));
  }

  @Override
  public ResponseEntity<HealthDto> getClusterHealth(Long clusterId) {
    return ResponseEntity.ok(health(service.state(clusterId).health()));
  }

  @Override
  public ResponseEntity<ClusterOverviewDto> getClusterOverview(Long clusterId) {
    Cluster c = service.get(clusterId);
    ClusterState st = service.state(c.id());
    ClusterOverviewDto o = new ClusterOverviewDto().cluster(dto(c, st.health())).health(health(st.health()))
        .collectionError(st.collectionError());
    ClusterSnapshot s = st.snapshot();
    if (s == null) {
      return ResponseEntity.ok(o.hdfs(new HdfsStateDto(false, List.of()))
          .hbase(new HbaseStateDto(false, List.of())).nativeSupport(new NativeSupportStateDto(false)));
    }
    o.collectedAt(time(s.collectedAt()))
        .versions(new EngineVersionsDto().hbase(s.hbase().version()).hadoop(s.hdfs().version()));
    ClusterSnapshot.Hdfs h = s.hdfs();
    o.hdfs(new HdfsStateDto(h.reachable(), h.dataNodes().stream().map(ClustersController::dataNode).toList())
        .safeMode(h.safeMode()).liveDataNodes((int) h.live()).deadDataNodes((int) h.dead())
        .capacityBytes(h.capacityBytes()).usedBytes(h.usedBytes()).remainingBytes(h.remainingBytes())
        .underReplicatedBlocks(h.underReplicatedBlocks()).missingBlocks(h.missingBlocks()));
    ClusterSnapshot.Hbase b = s.hbase();
    o.hbase(new HbaseStateDto(b.reachable(), b.regionServers().stream().map(rs -> {
          ClusterState.Rates r = st.rates().get(rs.name());
          return new RegionServerStateDto(rs.name(), rs.regions()).requestsPerSecond(rs.requestsPerSecond())
              .readRequestsPerSecond(r == null ? null : r.readsPerSecond())
              .writeRequestsPerSecond(r == null ? null : r.writesPerSecond())
              .usedHeapMb(rs.usedHeapMb()).maxHeapMb(rs.maxHeapMb()).storeFiles(rs.storeFiles());
        }).toList())
        .master(b.master()).clusterId(b.clusterId()).liveRegionServers(b.regionServers().size())
        .deadRegionServers(b.deadServers().size()).deadServers(b.deadServers())
        .regionsInTransition(b.regionsInTransition()).regionCount(b.regionCount()).tableCount(b.tableCount())
        .balancerEnabled(b.balancerEnabled()));
    ClusterSnapshot.NativeSupport n = s.nativeSupport();
    o.nativeSupport(new NativeSupportStateDto(n.known()).ecCoder(n.rsCoder()).ecCoderNative(n.known() ? n.rsNative() : null)
        .xorCoder(n.xorCoder()).checksum(n.checksum()).libhadoopLoaded(n.known() ? n.libhadoop() : null)
        .reportedBy(n.reportedBy()));
    return ResponseEntity.ok(o.ha(ha(s.ha())));
  }

  static HaStateDto ha(ClusterSnapshot.Ha ha) {
    if (ha == null) {
      return null;
    }
    List<String> shell = new ArrayList<>(List.of("hdfs haadmin -ns " + ha.nameservice()
        + " -getAllServiceState", "echo status | hbase shell"));
    ha.zookeepers().forEach(z -> shell.add("echo srvr | nc " + z.address().replace(':', ' ')));
    return new HaStateDto(ha.nameservice(),
        ha.namenodes().stream().map(nn -> new NameNodeHaStateDto(nn.id(), nn.rpcAddress(),
            NameNodeHaStateDto.StateEnum.fromValue(lower(nn.state()))).webUrl(nn.webUrl())).toList(),
        ha.masters().stream().map(m -> new MasterHaStateDto(m.webUrl(),
            MasterHaStateDto.StateEnum.fromValue(lower(m.state())))).toList(),
        ha.zookeepers().stream().map(z -> new ZooKeeperHaStateDto(z.address(),
            ZooKeeperHaStateDto.ModeEnum.fromValue(lower(z.mode())))).toList(),
        shell);
  }

  private static String lower(Enum<?> e) {
    return e.name().toLowerCase(Locale.ROOT);
  }

  @Override
  public ResponseEntity<OperationDto> runBalancer(Long clusterId) {
    return accepted(service.runBalancer(clusterId, CurrentUser.name()));
  }

  @Override
  public ResponseEntity<OperationDto> failoverNamenode(Long clusterId, NamenodeFailoverRequestDto body) {
    return accepted(ha.failoverNamenode(clusterId, body.getTo(), body.getConfirm(), CurrentUser.name()));
  }

  @Override
  public ResponseEntity<OperationDto> moveActiveMaster(Long clusterId, MasterMoveRequestDto body) {
    return accepted(ha.moveActiveMaster(clusterId, body.getConfirm(), CurrentUser.name()));
  }

  private static ResponseEntity<OperationDto> accepted(Operation op) {
    return ResponseEntity.status(HttpStatus.ACCEPTED).location(URI.create("/api/v1/operations/" + op.id()))
        .body(OperationDtos.dto(op));
  }

  private static DataNodeStateDto dataNode(ClusterSnapshot.DataNode d) {
    return new DataNodeStateDto(d.name(), DataNodeStateDto.StateEnum.fromValue(d.state().name()))
        .hostName(d.hostName()).capacityBytes(d.capacityBytes()).usedBytes(d.usedBytes())
        .remainingBytes(d.remainingBytes()).lastContactSeconds(d.lastContactSeconds()).blocks(d.blocks());
  }

  static ClusterDto dto(Cluster c, Health health) {
    return new ClusterDto(c.id(), c.name(), ClusterKindDto.fromValue(c.kind().name()), c.zookeeperQuorum(),
        c.namenodeUri(), time(c.createdAt()), health(health))
        .namenodeWebUrl(c.namenodeWebUrl()).masterWebUrl(c.masterWebUrl())
        // the generated DTO starts lists empty: a cluster without them keeps its response as before
        .nameservice(c.ha() == null ? null : c.ha().nameservice())
        .namenodeAddresses(c.ha() == null || c.ha().namenodeAddresses().isEmpty() ? null : c.ha().namenodeAddresses())
        .namenodeWebUrls(c.ha() == null || c.ha().namenodeWebUrls().isEmpty() ? null : c.ha().namenodeWebUrls())
        .masterWebUrls(c.ha() == null || c.ha().masterWebUrls().isEmpty() ? null : c.ha().masterWebUrls())
        .kerberos(c.kerberos() == null ? null : new ClusterKerberosDto(c.kerberos().realm(), c.kerberos().principal(),
            c.kerberos().kdcs(), c.kerberos().rpcProtection(), c.kerberos().dataTransferProtection()));
  }

  static HealthDto health(Health h) {
    return new HealthDto(HealthStatusDto.fromValue(h.status().name()), h.reasons().stream()
        .map(r -> new HealthReasonDto(HealthReasonCodeDto.fromValue(r.code().name()),
            HealthStatusDto.fromValue(r.severity().name()), r.message() == null ? "" : r.message()))
        .toList()).collectedAt(time(h.collectedAt())).ageSeconds(h.ageSeconds());
  }
}
