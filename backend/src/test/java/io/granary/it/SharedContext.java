package io.granary.it;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeEach;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Base of every in-process IT: one Spring context (and so one embedded PostgreSQL) shared by all
 * IT classes of a run, against the local cluster Maven started.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
abstract class SharedContext {
  @LocalServerPort int port;
  /** Signed in as admin before each test. */
  Api admin;
  /** The local cluster (tests may register others). */
  long cluster;

  @BeforeEach
  void signInAsAdmin() {
    admin = new Api("http://127.0.0.1:" + port);
    assertThat(admin.login("admin", ItSupport.ADMIN_PASSWORD).status()).isEqualTo(200);
    var local = admin.get("/api/v1/clusters").json().valueStream().filter(c -> c.get("name").asString().equals("local"))
        .findFirst();
    cluster = ItSupport.withoutCluster() && local.isEmpty() ? -1 : local.orElseThrow().get("id").asLong();
  }

  @DynamicPropertySource
  static void props(DynamicPropertyRegistry r) {
    ItSupport.properties(r);
  }
}
