package io.granary.security;

import io.granary.audit.AuditFilter;
import io.granary.audit.AuditService;
import io.granary.audit.AuditTargets;
import io.granary.observability.AlertsWebhook;
import io.granary.observability.ScrapeToken;
import io.granary.tokens.TokensService;
import io.granary.users.UserRepository;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.access.hierarchicalroles.RoleHierarchy;
import org.springframework.security.access.hierarchicalroles.RoleHierarchyImpl;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.authentication.dao.DaoAuthenticationProvider;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.annotation.web.configuration.WebSecurityCustomizer;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;
import org.springframework.security.web.authentication.www.BasicAuthenticationFilter;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.context.SecurityContextRepository;
import org.springframework.security.web.csrf.CookieCsrfTokenRepository;
import org.springframework.security.web.csrf.CsrfFilter;
import org.springframework.security.web.csrf.CsrfTokenRequestAttributeHandler;
import org.springframework.security.web.firewall.StrictHttpFirewall;
import tools.jackson.databind.json.JsonMapper;

/**
 * Console: session cookie + CSRF (XSRF-TOKEN cookie echoed as X-XSRF-TOKEN). Automation: bearer API
 * tokens, exempt from CSRF since no browser sends them by itself. Roles nest ADMIN > OPERATOR > VIEWER.
 * Over HTTPS the session and CSRF cookies are Secure (Tomcat and the CSRF repository follow the request).
 */
@Configuration
@EnableWebSecurity
public class SecurityConfig {
  static final String LOGIN = "/api/v1/auth/login";

  @Bean
  PasswordEncoder passwordEncoder() {
    return new BCryptPasswordEncoder();
  }

  @Bean
  RoleHierarchy roleHierarchy() {
    return RoleHierarchyImpl.fromHierarchy("ROLE_ADMIN > ROLE_OPERATOR\nROLE_OPERATOR > ROLE_VIEWER");
  }

  @Bean
  AuthenticationManager authenticationManager(AccountUserDetailsService users, PasswordEncoder encoder) {
    DaoAuthenticationProvider provider = new DaoAuthenticationProvider(users);
    provider.setPasswordEncoder(encoder);
    return new ProviderManager(provider);
  }

  @Bean
  SecurityContextRepository securityContextRepository() {
    return new HttpSessionSecurityContextRepository();
  }

  @Bean
  ProblemSecurityHandlers problemSecurityHandlers(JsonMapper json, AuditService audit) {
    return new ProblemSecurityHandlers(json, audit);
  }

  /**
   * The firewall still refuses encoded slashes, "..;" and the like; methods it does not know (QUERY, FOO)
   * pass on so the API answers 405 with an Allow header instead of a bare 400.
   */
  @Bean
  WebSecurityCustomizer firewall(ProblemSecurityHandlers problems) {
    StrictHttpFirewall fw = new StrictHttpFirewall();
    fw.setUnsafeAllowAnyHttpMethod(true);
    return web -> web.httpFirewall(fw).requestRejectedHandler(problems);
  }

  @Bean
  SecurityFilterChain filterChain(HttpSecurity http, TokensService tokens, UserRepository users,
      ProblemSecurityHandlers problems, AuditService audit, AuditTargets targets, SecurityContextRepository contexts,
      org.springframework.beans.factory.ObjectProvider<ScrapeToken> scrape,
      org.springframework.beans.factory.ObjectProvider<ConsoleTls> consoleTls)
      throws Exception {
    // absent in controller slice tests, which serve no HTTPS
    ConsoleTls tls = consoleTls.getIfAvailable();
    if (tls != null && tls.enabled()) {
      // plain HTTP only redirects (but for the local Prometheus and Alertmanager on loopback); HSTS then
      // keeps browsers on HTTPS. Not includeSubDomains: the host's other names are not the console's.
      http.redirectToHttps(r -> r.requestMatchers(req -> !ConsoleTls.localMonitoring(req)))
          .portMapper(p -> p.portMapper(tls.portMapper()))
          .headers(h -> h.httpStrictTransportSecurity(s -> s.includeSubDomains(false).maxAgeInSeconds(31_536_000)));
    }
    CookieCsrfTokenRepository csrfRepo = CookieCsrfTokenRepository.withHttpOnlyFalse();
    csrfRepo.setCookieCustomizer(c -> c.path("/").sameSite("Strict"));
    http
        .csrf(c -> c.csrfTokenRepository(csrfRepo)
            // the plain token, so the console can echo the cookie value as is
            .csrfTokenRequestHandler(new CsrfTokenRequestAttributeHandler())
            .ignoringRequestMatchers(ApiTokenFilter::isBearer)
            .ignoringRequestMatchers(req -> LOGIN.equals(req.getRequestURI())))
        .securityContext(s -> s.securityContextRepository(contexts))
        .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.IF_REQUIRED))
        .formLogin(AbstractHttpConfigurer::disable)
        .httpBasic(AbstractHttpConfigurer::disable)
        .logout(AbstractHttpConfigurer::disable)
        .requestCache(AbstractHttpConfigurer::disable)
        .addFilterAfter(new CsrfCookieFilter(), BasicAuthenticationFilter.class)
        .addFilterBefore(new ApiTokenFilter(tokens, users, problems, scrape::getIfAvailable), UsernamePasswordAuthenticationFilter.class)
        // first in the chain after the security context: refusals by CSRF, token and RBAC are audited too
        .addFilterBefore(new AuditFilter(audit, targets), CsrfFilter.class)
        .exceptionHandling(e -> e.authenticationEntryPoint(problems).accessDeniedHandler(problems))
        .authorizeHttpRequests(a -> a
            // any method, so a wrong one gets 405 rather than 401
            .requestMatchers(LOGIN, "/api/v1/openapi.yaml").permitAll()
            // Prometheus with the scrape token, or an ADMIN looking at what it reads
            .requestMatchers("/actuator/prometheus").hasAnyRole(ScrapeToken.ROLE, "ADMIN")
            .requestMatchers(AlertsWebhook.PATH).hasRole(ScrapeToken.ROLE)
            .requestMatchers(HttpMethod.POST, "/api/v1/clusters/*/alerts/silences").hasRole("ADMIN")
            .requestMatchers(HttpMethod.DELETE, "/api/v1/clusters/*/alerts/silences/*").hasRole("ADMIN")
            .requestMatchers("/api/v1/users", "/api/v1/users/**", "/api/v1/tls").hasRole("ADMIN")
            .requestMatchers(HttpMethod.POST, "/api/v1/clusters").hasRole("ADMIN")
            // who may read or write which table is an ADMIN's to change
            .requestMatchers(HttpMethod.POST, "/api/v1/clusters/*/permissions").hasRole("ADMIN")
            .requestMatchers(HttpMethod.DELETE, "/api/v1/clusters/*/permissions").hasRole("ADMIN")
            .requestMatchers(HttpMethod.POST, "/api/v1/clusters/*/balancer", "/api/v1/clusters/*/ha/*").hasRole("OPERATOR")
            .requestMatchers(HttpMethod.POST, "/api/v1/clusters/*/tables/preview",
                "/api/v1/clusters/*/tables/*/alter/preview").hasRole("VIEWER")
            .requestMatchers(HttpMethod.POST, "/api/v1/clusters/*/tables", "/api/v1/clusters/*/tables/**",
                "/api/v1/clusters/*/namespaces", "/api/v1/clusters/*/codecs/probe")
            .hasRole("OPERATOR")
            .requestMatchers(HttpMethod.PUT, "/api/v1/clusters/*/tables/*", "/api/v1/clusters/*/tables/*/rows")
            .hasRole("OPERATOR")
            .requestMatchers(HttpMethod.DELETE, "/api/v1/clusters/*/tables/*").hasRole("OPERATOR")
            .requestMatchers(HttpMethod.POST, "/api/v1/clusters/*/erasure-coding/policies/**").hasRole("ADMIN")
            .requestMatchers(HttpMethod.POST, "/api/v1/clusters/*/erasure-coding/**").hasRole("OPERATOR")
            .requestMatchers(HttpMethod.PUT, "/api/v1/clusters/*/erasure-coding/**", "/api/v1/clusters/*/tables/*/erasure-coding")
            .hasRole("OPERATOR")
            .requestMatchers(HttpMethod.POST, "/api/v1/clusters/*/compactions", "/api/v1/clusters/*/compactions/**")
            .hasRole("OPERATOR")
            .requestMatchers(HttpMethod.PUT, "/api/v1/clusters/*/compactions/**").hasRole("OPERATOR")
            .requestMatchers(HttpMethod.POST, "/api/v1/clusters/*/benchmarks/**").hasRole("OPERATOR")
            .requestMatchers(HttpMethod.POST, "/api/v1/clusters/*/experiments", "/api/v1/clusters/*/experiments/**",
                "/api/v1/clusters/*/experiment-plans")
            .hasRole("OPERATOR")
            // installing onto hosts and holding their SSH keys is an ADMIN's job; a plan changes nothing
            .requestMatchers(HttpMethod.POST, "/api/v1/provisioning/plan").hasRole("OPERATOR")
            .requestMatchers(HttpMethod.POST, "/api/v1/clusters/*/scale-in/preflight").hasRole("OPERATOR")
            .requestMatchers(HttpMethod.POST, "/api/v1/clusters/*/scale-in").hasRole("ADMIN")
            .requestMatchers(HttpMethod.POST, "/api/v1/clusters/*/rolling-restart/preview",
                "/api/v1/clusters/*/config/preview").hasRole("OPERATOR")
            .requestMatchers(HttpMethod.POST, "/api/v1/clusters/*/rolling-restart", "/api/v1/clusters/*/config",
                "/api/v1/clusters/*/installs/*/revert").hasRole("ADMIN")
            // a vCenter's credentials and VMs are an ADMIN's, its inventory an OPERATOR's (plans read it)
            .requestMatchers(HttpMethod.GET, "/api/v1/vcenters/*/inventory").hasRole("OPERATOR")
            .requestMatchers(HttpMethod.POST, "/api/v1/vcenters", "/api/v1/vcenters/**",
                "/api/v1/clusters/*/vsphere/destroy").hasRole("ADMIN")
            .requestMatchers(HttpMethod.PUT, "/api/v1/vcenters/*").hasRole("ADMIN")
            .requestMatchers(HttpMethod.DELETE, "/api/v1/vcenters/*").hasRole("ADMIN")
            .requestMatchers(HttpMethod.POST, "/api/v1/hosts", "/api/v1/provisioning/**").hasRole("ADMIN")
            .requestMatchers(HttpMethod.DELETE, "/api/v1/hosts/*").hasRole("ADMIN")
            .requestMatchers(HttpMethod.DELETE, "/api/v1/clusters/*/compactions/**").hasRole("OPERATOR")
            .requestMatchers(HttpMethod.POST, "/api/v1/operations/*/cancel").hasRole("OPERATOR")
            .requestMatchers(HttpMethod.GET, "/api/v1/audit").hasRole("OPERATOR")
            .requestMatchers("/api/**").authenticated()
            // the console's static files and client-side routes
            .anyRequest().permitAll());
    return http.build();
  }
}
