package io.granary.vcenters;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.when;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.granary.audit.AuditService;
import io.granary.audit.AuditTargets;
import io.granary.security.AccountUserDetailsService;
import io.granary.security.SecurityConfig;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import io.granary.tokens.TokensService;
import io.granary.users.UserRepository;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/** The HTTP contract of /vcenters: roles, write-only secrets, validation and the vcenter-* problems. */
@WebMvcTest(VcentersController.class)
@Import({SecurityConfig.class, io.granary.shared.web.NullBodyAdvice.class})
class VcentersControllerTest {
  @Autowired MockMvc mvc;
  @MockitoBean VcentersService service;
  @MockitoBean TokensService tokens;
  @MockitoBean UserRepository users;
  @MockitoBean AuditService audit;
  @MockitoBean AuditTargets targets;
  @MockitoBean AccountUserDetailsService accounts;

  static final String VALID = """
      {"name":"sim","url":"https://127.0.0.1:33500/sdk","username":"administrator@vsphere.local",
       "password":"Pa55-word!"}""";
  static final Vcenter SIM = new Vcenter(7, "sim", "https://127.0.0.1:33500/sdk", "administrator@vsphere.local",
      true, true, null, null, "root", false, "a", Instant.parse("2026-11-26T03:00:00Z"), null);

  @Test
  void createAnswersTheConnectionWithPasswordSetButNeverThePassword() throws Exception {
    when(service.create(any(), anyString())).thenReturn(SIM);
    when(service.shellSetup(any())).thenReturn(List.of("export GOVC_URL='https://127.0.0.1:33500/sdk'"));
    mvc.perform(post("/api/v1/vcenters").with(user("a").roles("ADMIN")).with(csrf())
            .contentType(MediaType.APPLICATION_JSON).content(VALID))
        .andExpect(status().isCreated())
        .andExpect(jsonPath("$.passwordSet").value(true))
        .andExpect(jsonPath("$.tlsVerify").value(true))
        .andExpect(jsonPath("$.password").doesNotExist())
        .andExpect(jsonPath("$.shellCommands[0]").value("export GOVC_URL='https://127.0.0.1:33500/sdk'"));
  }

  @Test
  void onlyAnAdminStoresAConnection() throws Exception {
    mvc.perform(post("/api/v1/vcenters").with(user("o").roles("OPERATOR")).with(csrf())
            .contentType(MediaType.APPLICATION_JSON).content(VALID))
        .andExpect(status().isForbidden());
    mvc.perform(post("/api/v1/vcenters/7/test").with(user("o").roles("OPERATOR")).with(csrf()))
        .andExpect(status().isForbidden());
    mvc.perform(get("/api/v1/vcenters/7/inventory").with(user("v").roles("VIEWER")))
        .andExpect(status().isForbidden());
  }

  @Test
  void invalidFieldsAreFieldErrors() throws Exception {
    mvc.perform(post("/api/v1/vcenters").with(user("a").roles("ADMIN")).with(csrf())
            .contentType(MediaType.APPLICATION_JSON)
            .content("{\"name\":\"Bad Name\",\"url\":\"ftp://x\",\"username\":\"u\",\"password\":\"\","
                + "\"thumbprint\":\"zz\"}"))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.code").value("validation-failed"))
        .andExpect(jsonPath("$.errors[?(@.field == 'name')]").exists())
        .andExpect(jsonPath("$.errors[?(@.field == 'url')]").exists())
        .andExpect(jsonPath("$.errors[?(@.field == 'password')]").exists())
        .andExpect(jsonPath("$.errors[?(@.field == 'thumbprint')]").exists());
  }

  @Test
  void aDuplicateNameIsAConflict() throws Exception {
    when(service.create(any(), anyString())).thenThrow(ProblemException.of(ProblemType.VCENTER_NAME_TAKEN, "x"));
    mvc.perform(post("/api/v1/vcenters").with(user("a").roles("ADMIN")).with(csrf())
            .contentType(MediaType.APPLICATION_JSON).content(VALID))
        .andExpect(status().isConflict())
        .andExpect(jsonPath("$.code").value("vcenter-name-taken"));
  }

  @Test
  void aFailedTestIsAProblemWithItsCodeAndNoTrace() throws Exception {
    for (ProblemType t : List.of(ProblemType.VCENTER_AUTH, ProblemType.VCENTER_TLS, ProblemType.VCENTER_UNREACHABLE)) {
      org.mockito.Mockito.doThrow(ProblemException.of(t, "Login failure")).when(service).test(anyLong());
      mvc.perform(post("/api/v1/vcenters/7/test").with(user("a").roles("ADMIN")).with(csrf()))
          .andExpect(status().isConflict())
          .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
          .andExpect(jsonPath("$.code").value(t.code()))
          .andExpect(jsonPath("$.trace").doesNotExist());
    }
  }

  @Test
  void aPassingTestAnswersTheVersionLatencyAndCommand() throws Exception {
    when(service.test(7)).thenReturn(new VcentersService.TestResult("8.0.3.0", "VMware vCenter Server", 12,
        "govc ls / && govc about -json"));
    mvc.perform(post("/api/v1/vcenters/7/test").with(user("a").roles("ADMIN")).with(csrf()))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.ok").value(true))
        .andExpect(jsonPath("$.apiVersion").value("8.0.3.0"))
        .andExpect(jsonPath("$.latencyMs").value(12))
        .andExpect(jsonPath("$.command").value("govc ls / && govc about -json"));
  }

  @Test
  void theInventoryIsTheFactsShapeWithItsCommands() throws Exception {
    when(service.inventory(7)).thenReturn(new VcentersService.Inventory(VcenterInventoryTest.vcsim(),
        VcenterInventory.commands(List.of("/DC0/vm/granary-template")), Instant.parse("2026-11-26T03:00:00Z")));
    mvc.perform(get("/api/v1/vcenters/7/inventory").with(user("o").roles("OPERATOR")))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.datacenters[0].name").value("DC0"))
        .andExpect(jsonPath("$.datacenters[0].clusters[0].hosts.length()").value(3))
        .andExpect(jsonPath("$.datacenters[0].clusters[0].hosts[0].connectionState").value("connected"))
        .andExpect(jsonPath("$.datacenters[0].datastores[0].freeBytes").isNumber())
        .andExpect(jsonPath("$.datacenters[0].networks[?(@.name == 'VM Network')].mtu").value(1500))
        .andExpect(jsonPath("$.datacenters[0].templates[0].nicTypes[0]").value("e1000"))
        .andExpect(jsonPath("$.commands[0]").value("govc about -json"));
  }

  @Test
  void anUnknownConnectionIsNotFound() throws Exception {
    when(service.get(9)).thenThrow(ProblemException.of(ProblemType.VCENTER_NOT_FOUND, "no vCenter connection 9"));
    mvc.perform(get("/api/v1/vcenters/9").with(user("v").roles("VIEWER")))
        .andExpect(status().isNotFound())
        .andExpect(jsonPath("$.code").value("vcenter-not-found"));
  }
}
