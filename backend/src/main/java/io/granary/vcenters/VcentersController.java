package io.granary.vcenters;

import static io.granary.shared.web.Dtos.time;

import io.granary.api.VcentersApi;
import io.granary.api.model.VcenterDatacenterDto;
import io.granary.api.model.VcenterDto;
import io.granary.api.model.VcenterInputDto;
import io.granary.api.model.VcenterInventoryDto;
import io.granary.api.model.VcenterTestDto;
import io.granary.api.model.VcenterUpdateDto;
import io.granary.shared.web.CurrentUser;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;

@RestController
public class VcentersController implements VcentersApi {
  private final VcentersService vcenters;
  private final JsonMapper json;

  public VcentersController(VcentersService vcenters, JsonMapper json) {
    this.vcenters = vcenters;
    this.json = json;
  }

  @Override
  public ResponseEntity<List<VcenterDto>> listVcenters() {
    return ResponseEntity.ok(vcenters.list().stream().map(this::dto).toList());
  }

  @Override
  public ResponseEntity<VcenterDto> createVcenter(VcenterInputDto in) {
    Vcenter v = vcenters.create(new VcentersService.Input(in.getName(), in.getUrl(), in.getUsername(),
        in.getPassword(), in.getTlsVerify(), in.getThumbprint(), in.getCaPem(), in.getGuestSshUser(),
        in.getGuestPrivateKey()), CurrentUser.name());
    return ResponseEntity.status(HttpStatus.CREATED).body(dto(v));
  }

  @Override
  public ResponseEntity<VcenterDto> getVcenter(Long vcenterId) {
    return ResponseEntity.ok(dto(vcenters.get(vcenterId)));
  }

  @Override
  public ResponseEntity<VcenterDto> updateVcenter(Long vcenterId, VcenterUpdateDto in) {
    return ResponseEntity.ok(dto(vcenters.update(vcenterId, new VcentersService.Input(in.getName(), in.getUrl(),
        in.getUsername(), in.getPassword(), in.getTlsVerify(), in.getThumbprint(), in.getCaPem(),
        in.getGuestSshUser(), in.getGuestPrivateKey()))));
  }

  @Override
  public ResponseEntity<Void> deleteVcenter(Long vcenterId) {
    vcenters.delete(vcenterId);
    return ResponseEntity.noContent().build();
  }

  @Override
  public ResponseEntity<VcenterTestDto> testVcenter(Long vcenterId) {
    VcentersService.TestResult r = vcenters.test(vcenterId);
    return ResponseEntity.ok(new VcenterTestDto(true, r.latencyMs(), r.command()).apiVersion(r.apiVersion())
        .fullName(r.fullName()));
  }

  @Override
  public ResponseEntity<VcenterInventoryDto> getVcenterInventory(Long vcenterId) {
    VcentersService.Inventory inv = vcenters.inventory(vcenterId);
    List<VcenterDatacenterDto> dcs = inv.facts().datacenters().stream()
        .map(dc -> json.convertValue(dc, VcenterDatacenterDto.class)).toList();
    return ResponseEntity.ok(new VcenterInventoryDto(dcs, inv.commands(), time(inv.readAt()))
        .apiVersion(inv.facts().apiVersion()).fullName(inv.facts().fullName()));
  }

  VcenterDto dto(Vcenter v) {
    return new VcenterDto(v.id(), v.name(), v.url(), v.username(), v.passwordSet(), v.tlsVerify(), v.guestKeySet(),
        time(v.createdAt()), vcenters.shellSetup(v)).thumbprint(v.thumbprint()).caPem(v.caPem())
        .guestSshUser(v.guestSshUser()).createdBy(v.createdBy()).updatedAt(time(v.updatedAt()));
  }
}
