package io.granary.it;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Base of every in-process IT: one Spring context (and so one embedded PostgreSQL) shared by all
 * IT classes of a run, against the local cluster Maven started.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
abstract class SharedContext {
  @DynamicPropertySource
  static void props(DynamicPropertyRegistry r) {
    ItSupport.properties(r);
  }
}
