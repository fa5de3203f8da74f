package io.granary.clusters;

import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.when;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.granary.audit.AuditService;
import io.granary.audit.AuditTargets;
import io.granary.operations.Operation;
import io.granary.operations.OperationState;
import io.granary.security.AccountUserDetailsService;
import io.granary.security.SecurityConfig;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import io.granary.tokens.TokensService;
import io.granary.users.UserRepository;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/** The HTTP contract of the clusters endpoints: roles, CSRF and problem+json, with the service mocked. */
@WebMvcTest(ClustersController.class)
@Import({SecurityConfig.class, io.granary.shared.web.NullBodyAdvice.class})
class ClustersControllerTest {
  @Autowired MockMvc mvc;
  @MockitoBean ClustersService service;
  @MockitoBean HaActions ha;
  @MockitoBean TokensService tokens;
  @MockitoBean UserRepository users;
  @MockitoBean AuditService audit;
  @MockitoBean AuditTargets targets;
  @MockitoBean AccountUserDetailsService accounts;

  static final String VALID = """
      {"name":"prod-1","kind":"PROVISIONED","zookeeperQuorum":"zk1:2181","namenodeUri":"hdfs://nn1:8020"}""";

  @Test
  void malformedJsonIsAProblemWithAStableCode() throws Exception {
    mvc.perform(post("/api/v1/clusters").with(user("a").roles("ADMIN")).with(csrf())
            .contentType(MediaType.APPLICATION_JSON).content("{\"name\": "))
        .andExpect(status().isBadRequest())
        .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
        .andExpect(jsonPath("$.code").value("malformed-request"))
        .andExpect(jsonPath("$.trace").doesNotExist());
  }

  @Test
  void invalidFieldsAreListedOneByOne() throws Exception {
    mvc.perform(post("/api/v1/clusters").with(user("a").roles("ADMIN")).with(csrf())
            .contentType(MediaType.APPLICATION_JSON)
            .content("{\"name\":\"Bad Name\",\"kind\":\"LOCAL\",\"zookeeperQuorum\":\"z z:2181\",\"namenodeUri\":\"ftp://x\"}"))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.code").value("validation-failed"))
        .andExpect(jsonPath("$.errors[?(@.field == 'name')]").exists())
        .andExpect(jsonPath("$.errors[?(@.field == 'namenodeUri')]").exists())
        .andExpect(jsonPath("$.errors[?(@.field == 'zookeeperQuorum')]").exists());
  }

  @Test
  void malformedHighAvailabilityListsAreFieldErrorsNeverServerErrors() throws Exception {
    String longHost = "a".repeat(400) + ":8020";
    for (String list : java.util.List.of("\"nn1:8020\"", "[\"nn1:8020\",\"nn2:8020\",\"nn3:8020\"]",
        "[\"nö:8020\"]", "[\"nn1\"]", "[[\"nn1:8020\"]]", "{\"a\":1}", "[\"" + longHost + "\"]", "7")) {
      for (String field : java.util.List.of("namenodeAddresses", "namenodeWebUrls", "masterWebUrls")) {
        mvc.perform(post("/api/v1/clusters").with(user("a").roles("ADMIN")).with(csrf())
                .contentType(MediaType.APPLICATION_JSON)
                .content(VALID.replace("}", ",\"" + field + "\":" + list + "}")))
            .andExpect(status().isBadRequest())
            .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
            // a list of lists or an object cannot be read at all: malformed, not a field
            .andExpect(jsonPath("$.code").value(org.hamcrest.Matchers.oneOf("validation-failed", "malformed-request")));
      }
    }
  }

  @Test
  void anUnknownEnumValueNamesItsField() throws Exception {
    mvc.perform(post("/api/v1/clusters").with(user("a").roles("ADMIN")).with(csrf())
            .contentType(MediaType.APPLICATION_JSON).content(VALID.replace("PROVISIONED", "CLOUD")))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.errors[0].field").value("kind"));
  }

  @Test
  void anUnknownClusterIsA404Problem() throws Exception {
    when(service.get(anyLong())).thenThrow(ProblemException.of(ProblemType.CLUSTER_NOT_FOUND, "no cluster with id 42"));
    mvc.perform(get("/api/v1/clusters/42").with(user("v").roles("VIEWER")))
        .andExpect(status().isNotFound())
        .andExpect(jsonPath("$.code").value("cluster-not-found"))
        .andExpect(jsonPath("$.detail").value("no cluster with id 42"));
  }

  @Test
  void aNonNumericIdIsABadParameterNotAServerError() throws Exception {
    mvc.perform(get("/api/v1/clusters/abc/overview").with(user("v").roles("VIEWER")))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.code").value("invalid-parameter"))
        .andExpect(jsonPath("$.errors[0].field").value("clusterId"));
  }

  @Test
  void withoutSignInTheApiAnswers401Problem() throws Exception {
    mvc.perform(get("/api/v1/clusters"))
        .andExpect(status().isUnauthorized())
        .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
        .andExpect(jsonPath("$.code").value("unauthenticated"));
  }

  @Test
  void aViewerMayNotFailOverOrMoveTheMaster() throws Exception {
    mvc.perform(post("/api/v1/clusters/1/ha/namenode-failover").with(user("v").roles("VIEWER")).with(csrf())
            .contentType(MediaType.APPLICATION_JSON).content("{\"to\":\"nn2\",\"confirm\":\"nn2\"}"))
        .andExpect(status().isForbidden());
    mvc.perform(post("/api/v1/clusters/1/ha/master-move").with(user("v").roles("VIEWER")).with(csrf())
            .contentType(MediaType.APPLICATION_JSON).content("{\"confirm\":\"c\"}"))
        .andExpect(status().isForbidden());
  }

  @Test
  void aFailoverTargetThatIsNoNameNodeIdIsRefusedBeforeTheService() throws Exception {
    mvc.perform(post("/api/v1/clusters/1/ha/namenode-failover").with(user("o").roles("OPERATOR")).with(csrf())
            .contentType(MediaType.APPLICATION_JSON).content("{\"to\":\"namenode-2; rm\",\"confirm\":\"x\"}"))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.errors[0].field").value("to"));
    mvc.perform(post("/api/v1/clusters/1/ha/namenode-failover").with(user("o").roles("OPERATOR")).with(csrf())
            .contentType(MediaType.APPLICATION_JSON).content("{\"to\":\"nn2\"}"))
        .andExpect(status().isBadRequest());
  }

  @Test
  void aBodyThatIsJsonNullIsRefusedNotTakenAsAbsent() throws Exception {
    mvc.perform(post("/api/v1/clusters/1/ha/master-move").with(user("o").roles("OPERATOR")).with(csrf())
            .contentType(MediaType.APPLICATION_JSON).content("null"))
        .andExpect(status().isBadRequest())
        .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON));
  }

  @Test
  void aViewerMayNotRunTheBalancer() throws Exception {
    mvc.perform(post("/api/v1/clusters/1/balancer").with(user("v").roles("VIEWER")).with(csrf()))
        .andExpect(status().isForbidden())
        .andExpect(jsonPath("$.code").value("forbidden"));
  }

  @Test
  void aMutationWithoutCsrfTokenIsRefused() throws Exception {
    mvc.perform(post("/api/v1/clusters/1/balancer").with(user("o").roles("OPERATOR")))
        .andExpect(status().isForbidden())
        .andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers.containsString("CSRF")));
  }

  @Test
  void anAdminInheritsOperatorRightsAndGets202WithLocation() throws Exception {
    UUID id = UUID.randomUUID();
    when(service.runBalancer(anyLong(), anyString())).thenReturn(new Operation(id, "BALANCER_RUN", 1L,
        "cluster local", OperationState.PENDING, 0, null, "hbase shell> balancer", "a", Instant.now(), null, null,
        false));
    mvc.perform(post("/api/v1/clusters/1/balancer").with(user("a").roles("ADMIN")).with(csrf()))
        .andExpect(status().isAccepted())
        .andExpect(header().string("Location", "/api/v1/operations/" + id))
        .andExpect(jsonPath("$.shellEquivalent").value("hbase shell> balancer"));
  }

  @Test
  void onlyAdminsRegisterClusters() throws Exception {
    mvc.perform(post("/api/v1/clusters").with(user("o").roles("OPERATOR")).with(csrf())
            .contentType(MediaType.APPLICATION_JSON).content(VALID))
        .andExpect(status().isForbidden());
  }
}
