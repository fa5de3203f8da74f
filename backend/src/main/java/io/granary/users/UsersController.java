package io.granary.users;

import static io.granary.shared.web.Dtos.time;

import io.granary.api.UsersApi;
import io.granary.api.model.CreateUserRequestDto;
import io.granary.api.model.RoleDto;
import io.granary.api.model.UpdateUserRequestDto;
import io.granary.api.model.UserDto;
import java.net.URI;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class UsersController implements UsersApi {
  private final UsersService service;

  public UsersController(UsersService service) {
    this.service = service;
  }

  @Override
  public ResponseEntity<List<UserDto>> listUsers() {
    return ResponseEntity.ok(service.list().stream().map(UsersController::dto).toList());
  }

  @Override
  public ResponseEntity<UserDto> createUser(CreateUserRequestDto body) {
    UserAccount u = service.create(body.getUsername(), body.getPassword(), Role.valueOf(body.getRole().getValue()));
    return ResponseEntity.created(URI.create("/api/v1/users/" + u.username())).body(dto(u));
  }

  @Override
  public ResponseEntity<UserDto> updateUser(String username, UpdateUserRequestDto body) {
    Role role = body.getRole() == null ? null : Role.valueOf(body.getRole().getValue());
    return ResponseEntity.ok(dto(service.update(username, role, body.getPassword(), body.getEnabled())));
  }

  @Override
  public ResponseEntity<Void> deleteUser(String username) {
    service.delete(username);
    return ResponseEntity.noContent().build();
  }

  static UserDto dto(UserAccount u) {
    return new UserDto(u.username(), RoleDto.fromValue(u.role().name()), u.enabled(), time(u.createdAt()));
  }
}
